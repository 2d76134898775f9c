/**
 * HTTP plumbing of the payment fakes (fake-alipay.ts, fake-wechatpay.ts): the local server they
 * answer on, and the notification send — POST the signed body to the app's notify URL and keep a
 * replay that sends the very same bytes and headers again (the duplicate-notification tests). Used
 * by tests only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Start a server on a free port of 127.0.0.1 that hands every request to `handle`; a request whose
 * handling throws answers 500 with the error's text. Answers its base URL (`http://127.0.0.1:<port>`)
 * and `close`.
 */
export async function listenFake(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A sent notification: what came back, and how to send the very same bytes again. */
export interface SentNotify {
  status: number;
  text: string;
  replay: () => Promise<{ status: number; text: string }>;
}

/** POST `body` with `headers` to `url` once; answers the HTTP status, the body text and a replay. */
export async function postNotify(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<SentNotify> {
  const send = async () => {
    const r = await fetch(url, { method: 'POST', headers, body });
    return { status: r.status, text: await r.text() };
  };
  return { ...(await send()), replay: send };
}
