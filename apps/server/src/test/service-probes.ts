/**
 * Whether the outside services some integration tests need answer on this machine (PostgreSQL,
 * Redis), so that those tests skip, saying what is missing, instead of failing where they are absent.
 */
import { Redis } from 'ioredis';
import pg from 'pg';

/** The local PostgreSQL server's admin URL (TEST_PG_URL, else postgres@127.0.0.1:5432). */
export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether the PostgreSQL server at `url` accepts a connection within 2 s. */
export async function postgresUp(url = TEST_PG_URL): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Whether a Redis at `url` answers PING within 2 s. */
export async function redisUp(url: string): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  r.on('error', () => undefined);
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
