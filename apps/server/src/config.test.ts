import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from './config.ts';

describe('configuration', () => {
  it('defaults to the embedded database and local disk under data/', () => {
    const c = loadConfig({});
    expect(c.databaseUrl).toBeUndefined();
    expect(c.pgliteDir).toMatch(/data[/\\]db$/);
    expect(c.storageDir).toMatch(/data[/\\]storage$/);
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://127.0.0.1:3000');
    expect(c.conversion.timeoutMs).toBe(1_800_000);
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/bimdrive' }).databaseUrl).toBe(
      'postgres://127.0.0.1:5432/bimdrive',
    );
  });

  it('stops with a message naming every bad variable', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CONVERSION_MEMORY_MB: '-1' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    expect(msg).toMatch(/PORT/);
    expect(msg).toMatch(/DATABASE_URL: must start with postgres/);
    expect(msg).toMatch(/CONVERSION_MEMORY_MB/);
    expect(msg).not.toMatch(/HOST/);
  });
});

describe('sign-in security and chat-app configuration (000 §7, §2)', () => {
  it('field encryption is required in production and optional elsewhere unless set', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).fieldEncryption).toBe('required');
    expect(loadConfig({}).fieldEncryption).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'production', FIELD_ENCRYPTION: 'optional' }).fieldEncryption).toBe(
      'optional',
    );
    expect(() => loadConfig({ FIELD_ENCRYPTION: 'sometimes' })).toThrow(/FIELD_ENCRYPTION/);
    expect(() => loadConfig({ FIELD_KEY_PEM: 'not a key' })).toThrow(
      /FIELD_KEY_PEM: must be a PEM private key/,
    );
  });

  it('DingTalk: unconfigured by default, official base URLs, trailing slashes dropped', () => {
    const d = loadConfig({}).dingtalk;
    expect(d).toMatchObject({
      appKey: undefined,
      appSecret: undefined,
      corpId: undefined,
      timeoutMs: 10_000,
    });
    expect(d.oapiUrl).toBe('https://oapi.dingtalk.com');
    expect(d.apiUrl).toBe('https://api.dingtalk.com');
    const c = loadConfig({ DINGTALK_OAPI_URL: 'http://127.0.0.1:9000/', DINGTALK_APP_KEY: 'k' }).dingtalk;
    expect(c.oapiUrl).toBe('http://127.0.0.1:9000');
    expect(c.appKey).toBe('k');
    expect(() => loadConfig({ DINGTALK_API_URL: 'not a url' })).toThrow(/DINGTALK_API_URL/);
  });
});

describe('TRUST_PROXY (issue 15)', () => {
  it('is off by default and for false, off, no and 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const v of ['', 'false', 'off', 'no', '0', ' FALSE ']) expect(parseTrustProxy(v)).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses every hop, bad addresses and bad prefix lengths with a message', () => {
    for (const v of ['true', '*', 'proxy.example.com', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', '65'])
      expect(() => loadConfig({ TRUST_PROXY: v }), v).toThrow(/TRUST_PROXY/);
  });
});

describe('sign-in throttle, password hashing and the demo account (issue 15)', () => {
  it('has Nextcloud-like defaults and bounds', () => {
    expect(loadConfig({}).loginThrottle).toEqual({
      freeAttempts: 5,
      lockBaseSeconds: 30,
      lockMaxSeconds: 900,
      windowSeconds: 43_200,
    });
    expect(loadConfig({}).passwordHashing).toEqual({ concurrency: 2, queue: 32 });
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
  });

  it('never creates the demo account in production', () => {
    expect(loadConfig({}).demoAccount).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoAccount).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_ACCOUNT: 'true' }).demoAccount).toBe(false);
  });
});
