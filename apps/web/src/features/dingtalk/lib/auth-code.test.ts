import { describe, expect, it } from 'vitest';
import { authCodeFromQuery, withoutAuthCode } from './auth-code.ts';

describe('chat-app auth code (000 §2 /ddLogin)', () => {
  it('takes an in-app code or an OAuth2 authCode from the query, authCode first', () => {
    expect(authCodeFromQuery('?code=abc&corpId=ding1')).toEqual({ kind: 'inApp', code: 'abc' });
    expect(authCodeFromQuery('?authCode=xyz&state=s')).toEqual({ kind: 'oauth', code: 'xyz' });
    expect(authCodeFromQuery('?code=abc&authCode=xyz')).toEqual({ kind: 'oauth', code: 'xyz' });
    expect(authCodeFromQuery('?corpId=ding1')).toBeNull();
    expect(authCodeFromQuery('?code=%20')).toBeNull();
  });

  it('drops the single-use code (and OAuth state) but keeps corpId and appType', () => {
    expect(withoutAuthCode('?code=abc&corpId=ding1&appType=inside')).toBe('?corpId=ding1&appType=inside');
    expect(withoutAuthCode('?authCode=x&state=s')).toBe('');
  });
});
