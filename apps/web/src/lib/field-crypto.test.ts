import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Api, FIELD_ENC_HEADER, fromBase64, parseFieldEncHeader, toBase64 } from '@bimdrive/contracts';
import { canEncryptFields, encodeJsonBody, forgetFieldKey, loadFieldKey } from './field-crypto.ts';

const subtle = globalThis.crypto.subtle;
const KID = 'test-kid-0000001';
let pair: CryptoKeyPair;
let spki: string;

beforeAll(async () => {
  pair = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  spki = toBase64(new Uint8Array(await subtle.exportKey('spki', pair.publicKey)));
});

/** Serve the test key from a stubbed fetch; the server clock runs `skewMs` ahead. */
function serveKey(skewMs = 0) {
  const fetchMock = vi.fn(async (url: string) => {
    expect(url).toBe(Api.publicKey);
    return new Response(
      JSON.stringify({
        code: 1,
        msg: '',
        data: { kid: KID, spki, serverTime: Date.now() + skewMs, required: true },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Open one sealed field the way the server does (independently of the sealing code). */
async function open(header: string, sealed: string, place: string): Promise<{ v: unknown; t: number }> {
  const h = parseFieldEncHeader(header)!;
  const raw = await subtle.decrypt(
    { name: 'RSA-OAEP', label: new TextEncoder().encode(h.kid) },
    pair.privateKey,
    fromBase64(h.ek),
  );
  const aes = await subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  const [iv, ct] = sealed.split('.') as [string, string];
  const plain = await subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(iv), additionalData: new TextEncoder().encode(place) },
    aes,
    fromBase64(ct),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as { v: unknown; t: number };
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetFieldKey();
});

describe('encodeJsonBody (000 §7 sensitive fields encrypted before sending)', () => {
  it('seals passwords and codes, leaves other fields, names scheme and key id in the header', async () => {
    const fetchMock = serveKey(120_000);
    const password = '密码Passw0rd!'.repeat(10); // 130 characters, 220 UTF-8 bytes: beyond one RSA block
    const { body, headers } = await encodeJsonBody({ phone: '13800000000', password, code: 123456 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(body).not.toContain('Passw0rd');
    expect(body).not.toContain('123456');
    const sent = JSON.parse(body) as Record<string, string>;
    expect(sent.phone).toBe('13800000000');
    const header = headers[FIELD_ENC_HEADER]!;
    expect(headers['content-type']).toBe('application/json');
    expect(parseFieldEncHeader(header)).toMatchObject({ scheme: 'rsa-oaep-256+a256gcm', kid: KID });

    const pw = await open(header, sent.password!, 'password');
    expect(pw.v).toBe(password);
    // The timestamp follows the server's clock (2 minutes ahead here), not the local one.
    expect(Math.abs(pw.t - (Date.now() + 120_000))).toBeLessThan(5_000);
    expect((await open(header, sent.code!, 'code')).v).toBe(123456);
    // The field name is part of the authenticated data.
    await expect(open(header, sent.password!, 'code')).rejects.toThrow();
  });

  it('seals each item of an array body under its index; empty values stay as they are', async () => {
    serveKey();
    const { body, headers } = await encodeJsonBody([
      { MainIUID: 'a', Pssword: 'ab12' },
      { MainIUID: 'b', Pssword: '' },
    ]);
    const sent = JSON.parse(body) as Array<Record<string, string>>;
    expect(sent[1]).toEqual({ MainIUID: 'b', Pssword: '' });
    expect(sent[0]!.Pssword).not.toBe('ab12');
    expect((await open(headers[FIELD_ENC_HEADER]!, sent[0]!.Pssword!, '0.Pssword')).v).toBe('ab12');
  });

  it('sends bodies without secrets as plain JSON without asking for the key', async () => {
    const fetchMock = serveKey();
    const data = { parentIUID: '', fileName: 'x', pwd: '' };
    expect(await encodeJsonBody(data)).toEqual({
      body: JSON.stringify(data),
      headers: { 'content-type': 'application/json' },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not change the caller’s object', async () => {
    serveKey();
    const data = { phone: '13800000000', password: 'secret-1' };
    await encodeJsonBody(data);
    expect(data.password).toBe('secret-1');
  });

  it('sends plain text when WebCrypto is missing (not a secure context)', async () => {
    const fetchMock = serveKey();
    vi.stubGlobal('crypto', undefined);
    expect(canEncryptFields()).toBe(false);
    const { body, headers } = await encodeJsonBody({ password: 'secret-1' });
    expect(body).toBe('{"password":"secret-1"}');
    expect(headers[FIELD_ENC_HEADER]).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the key once, again after forgetFieldKey, and again after a failed fetch', async () => {
    const fetchMock = serveKey();
    await encodeJsonBody({ password: 'a' });
    await encodeJsonBody({ password: 'b' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    forgetFieldKey();
    await encodeJsonBody({ password: 'c' });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    forgetFieldKey();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: -100, msg: 'down', data: null }))),
    );
    await expect(encodeJsonBody({ password: 'd' })).rejects.toThrow('down');
    const again = serveKey();
    await expect(loadFieldKey()).resolves.toMatchObject({ kid: KID });
    expect(again).toHaveBeenCalledTimes(1);
  });
});
