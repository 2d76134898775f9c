import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
