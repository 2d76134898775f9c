import { describe, expect, it, vi } from 'vitest';
import { createDingTalkClient, DingTalkError, DingTalkMessages } from './dingtalk-client.ts';

const cfg = {
  appKey: 'k',
  appSecret: 's',
  oapiUrl: 'https://oapi.test',
  apiUrl: 'https://api.test',
  timeoutMs: 50,
};
const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch answering gettoken and getuserinfo; counts gettoken calls. */
function fakeFetch() {
  const calls = { gettoken: 0 };
  const impl = vi.fn(async (url: string | URL | Request) => {
    const u = new URL(String(url));
    if (u.pathname === '/gettoken') {
      calls.gettoken += 1;
      return jsonResponse({ errcode: 0, errmsg: 'ok', access_token: `t${calls.gettoken}`, expires_in: 7200 });
    }
    return jsonResponse({ errcode: 0, errmsg: 'ok', result: { userid: 'u1', unionid: 'n1', name: '张三' } });
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

describe('DingTalk client (adapter of 000 §7 DDLogin)', () => {
  it('keeps the app token until 5 minutes before its expiry, then fetches a new one', async () => {
    let now = 1_000_000;
    const { impl, calls } = fakeFetch();
    const dd = createDingTalkClient(cfg, impl, () => now);
    await dd.userByAuthCode('c1');
    now += 6_800_000; // 1 h 53 min later: still valid
    await dd.userByAuthCode('c2');
    expect(calls.gettoken).toBe(1);
    now += 200_000; // within the last 5 minutes of 2 h
    expect(await dd.userByAuthCode('c3')).toEqual({ userid: 'u1', unionid: 'n1', name: '张三' });
    expect(calls.gettoken).toBe(2);
  });

  it('reports a time-out, a network failure and a non-JSON answer as DingTalk unavailable', async () => {
    const hang = ((_url: string, init: RequestInit) =>
      new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )) as unknown as typeof fetch;
    const slow = createDingTalkClient(cfg, hang);
    await expect(slow.userByAuthCode('c')).rejects.toMatchObject({
      kind: 'unavailable',
      message: DingTalkMessages.unavailable,
    });

    const down = createDingTalkClient(cfg, (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch);
    await expect(down.userAccessToken('c')).rejects.toBeInstanceOf(DingTalkError);

    const html = createDingTalkClient(
      cfg,
      (async () => new Response('<html>502</html>', { status: 502 })) as unknown as typeof fetch,
    );
    await expect(html.userByAuthCode('c')).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(html.me('t')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('passes DingTalk’s own message for other refusals', async () => {
    const impl = (async (url: string) =>
      new URL(url).pathname === '/gettoken'
        ? jsonResponse({ errcode: 0, access_token: 't', expires_in: 7200 })
        : jsonResponse({ errcode: 60020, errmsg: '访问ip不在白名单之中' })) as unknown as typeof fetch;
    await expect(createDingTalkClient(cfg, impl).userByAuthCode('c')).rejects.toMatchObject({
      kind: 'noPermission',
    });
    const other = (async (url: string) =>
      new URL(url).pathname === '/gettoken'
        ? jsonResponse({ errcode: 0, access_token: 't', expires_in: 7200 })
        : jsonResponse({ errcode: 33012, errmsg: '无效的USERID' })) as unknown as typeof fetch;
    await expect(createDingTalkClient(cfg, other).corpUser('x')).rejects.toMatchObject({
      kind: 'refused',
      message: '钉钉返回错误：无效的USERID',
    });
  });
});
