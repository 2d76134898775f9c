import { describe, expect, it } from 'vitest';
import {
  afterSignInPath,
  companyRedirectTarget,
  guardTarget,
  isPhoneUserAgent,
  isPublicPath,
  menuTarget,
  MOBILE_PATHS,
  mobileTarget,
  systemVerifyTarget,
  visibleMenu,
} from './guard-rules.ts';

describe('isPublicPath (000 §2)', () => {
  it('lists the exempt routes', () => {
    for (const p of ['/login', '/s', '/s/', '/share', '/bimiframe', '/payCenter', '/404'])
      expect(isPublicPath(p)).toBe(true);
  });
  it('protects the file screens', () => {
    for (const p of ['/', '/myDocument', '/myCollection', '/myShare']) expect(isPublicPath(p)).toBe(false);
  });
});

describe('guardTarget (000 §2 steps 4–5)', () => {
  it('sends visitors without a token to /login', () => {
    expect(guardTarget('/myDocument', '', false)).toBe('/login');
  });
  it('keeps corpId and appType', () => {
    expect(guardTarget('/myDocument', '?corpId=c1&appType=inside&x=1', false)).toBe(
      '/login?corpId=c1&appType=inside',
    );
  });
  it('lets public paths pass without a token', () => {
    expect(guardTarget('/s', '?code=abc', false)).toBeNull();
  });
  it('sends a signed-in user away from /login', () => {
    expect(guardTarget('/login', '', true)).toBe('/');
    expect(guardTarget('/myShare', '', true)).toBeNull();
  });
});

describe('guardTarget inside the chat app (000 §2 step 5)', () => {
  it('adds the default corpId and appType=inside when the query has neither', () => {
    expect(guardTarget('/myDocument', '', false, { inside: true, defaultCorpId: 'ding123' })).toBe(
      '/login?corpId=ding123&appType=inside',
    );
    expect(guardTarget('/myDocument', '', false, { inside: true })).toBe('/login?appType=inside');
  });
  it('keeps a corpId of the query over the default, and plain /login outside the app', () => {
    expect(guardTarget('/myDocument', '?corpId=c9', false, { inside: true, defaultCorpId: 'ding123' })).toBe(
      '/login?corpId=c9',
    );
    expect(guardTarget('/myDocument', '', false, { inside: false, defaultCorpId: 'ding123' })).toBe('/login');
  });
});

describe('mobile allow-list (000 §2 step 2)', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
  const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

  it('recognises iOS and Android, not desktops', () => {
    expect(isPhoneUserAgent(IPHONE)).toBe(true);
    expect(isPhoneUserAgent(ANDROID)).toBe(true);
    expect(isPhoneUserAgent(DESKTOP)).toBe(false);
  });
  it('lets phones open share links, sign-in, viewers and notices', () => {
    for (const p of [
      '/s',
      '/share',
      '/login',
      '/ddLogin',
      '/preview',
      '/bimiframe',
      '/404',
      '/systemInitError',
    ])
      expect(mobileTarget(p, '', ANDROID)).toBeNull();
    expect(MOBILE_PATHS).toContain('/mobileTip');
  });
  it('sends phones elsewhere to /mobileTip carrying the address', () => {
    expect(mobileTarget('/myDocument', '?iuid=1', IPHONE)).toBe('/mobileTip?from=%2FmyDocument%3Fiuid%3D1');
    expect(mobileTarget('/userCenter', '', ANDROID)).toBe('/mobileTip?from=%2FuserCenter');
  });
  it('leaves desktops alone', () => {
    expect(mobileTarget('/myDocument', '', DESKTOP)).toBeNull();
  });
});

describe('systemVerifyTarget (000 §2 step 3)', () => {
  it('sends a missing licence to /systemInitError with 系统验证文件异常！！！', () => {
    const t = systemVerifyTarget({ verifyFileNotExists: true, verifyFileError: false });
    expect(new URL(t!, 'http://x').searchParams.get('errorTxt')).toBe('系统验证文件异常！！！');
    expect(t!.startsWith('/systemInitError?')).toBe(true);
  });
  it('sends a failed licence there with 系统验证失败！！！', () => {
    const t = systemVerifyTarget({ verifyFileNotExists: false, verifyFileError: true });
    expect(new URL(t!, 'http://x').searchParams.get('errorTxt')).toBe('系统验证失败！！！');
  });
  it('passes when both are fine', () => {
    expect(systemVerifyTarget({ verifyFileNotExists: false, verifyFileError: false })).toBeNull();
  });
});

describe('menuTarget (000 §2 step 4, 001 §2 edition rules)', () => {
  const gated = ['/myDocument', '/lately', '/operationLog'];
  it('sends a gated path missing from the menu to /404', () => {
    expect(menuTarget('/lately', gated, ['/myDocument'])).toBe('/404');
    expect(menuTarget('/operationLog/', gated, ['/myDocument', '/lately'])).toBe('/404');
  });
  it('passes allowed paths, ungated paths and an unloaded menu', () => {
    expect(menuTarget('/lately', gated, ['/myDocument', '/lately'])).toBeNull();
    expect(menuTarget('/userCenter', gated, ['/myDocument'])).toBeNull();
    expect(menuTarget('/lately', gated, null)).toBeNull();
  });
});

describe('visibleMenu (000 §6)', () => {
  const menu = [
    { path: '/myDocument', hideInChatApp: false },
    { path: '/personalManagement', hideInChatApp: true },
  ];
  it('hides flagged entries inside the chat app only', () => {
    expect(visibleMenu(menu, true).map((e) => e.path)).toEqual(['/myDocument']);
    expect(visibleMenu(menu, false)).toHaveLength(2);
  });
});

describe('companyRedirectTarget (000 §2 step 7)', () => {
  it('sends a company user on /login to /', () => {
    expect(companyRedirectTarget('/login', { corpIdbit: true })).toBe('/');
  });
  it('leaves users without a company, other paths and visitors alone', () => {
    expect(companyRedirectTarget('/login', { corpIdbit: false })).toBeNull();
    expect(companyRedirectTarget('/myDocument', { corpIdbit: true })).toBeNull();
    expect(companyRedirectTarget('/login', null)).toBeNull();
  });
});

describe('after sign-in', () => {
  it('goes back to a same-origin redirect path, else to /myDocument', () => {
    expect(afterSignInPath('?redirect=%2FwxPay%3ForderNo%3DA1')).toBe('/wxPay?orderNo=A1');
    expect(afterSignInPath('')).toBe('/myDocument');
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example'])
      expect(afterSignInPath(`?${new URLSearchParams({ redirect: bad }).toString()}`)).toBe('/myDocument');
  });
});
