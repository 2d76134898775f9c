/**
 * Database connection: embedded PGlite under `data/db` by default, PostgreSQL when DATABASE_URL is set.
 * Applies the drizzle-kit migrations at start. One schema (the files of `schema/`, by area), one set of
 * migrations for both.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as accounts from './schema/accounts.ts';
import * as files from './schema/files.ts';
import * as operationLog from './schema/operation-log.ts';
import * as orders from './schema/orders.ts';
import * as spaces from './schema/spaces.ts';

/** Every table, by its export name (the schema Drizzle is given; the files of `schema/`). */
const schema = { ...accounts, ...spaces, ...files, ...orders, ...operationLog };

/** The Drizzle database type shared by both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A connected database with its raw client (pg-boss needs the raw client). */
export type DbHandle =
  | { kind: 'pglite'; db: Db; client: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; url: string; close: () => Promise<void> };

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Open the database and apply migrations.
 * @param opts.databaseUrl PostgreSQL URL, or undefined for PGlite at `opts.pgliteDir` ('memory://' for tests).
 */
export async function openDatabase(opts: { databaseUrl?: string; pgliteDir: string }): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20 });
    // An idle client dropped by the server (restart, failover, admin termination) must not crash
    // the process: the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL idle client error: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { kind: 'postgres', db, pool, url: opts.databaseUrl, close: () => pool.end() };
  }
  if (!opts.pgliteDir.startsWith('memory://')) await mkdir(opts.pgliteDir, { recursive: true });
  const client = await PGlite.create(opts.pgliteDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { kind: 'pglite', db, client, close: () => client.close() };
}

/** Rows of a raw `execute` result (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
