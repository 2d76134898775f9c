/**
 * Child process of the listing benchmark: starts the product (buildApp) on the database given by
 * DATABASE_URL (PostgreSQL) or PGlite under DATA_DIR, seeds one user with a folder of N files
 * (BENCH_FILES, default 10,000) and serves, on a second port, the raw SQL of the same page (50 rows
 * sorted by name, with the count) through the same driver. Reports `{ url, rawUrl, token, folderId }`
 * to the parent over IPC and runs until killed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { authRepository } from '../../apps/server/src/modules/auth/auth.repository.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { signIn } from './product.ts';

const N = Number(process.env.BENCH_FILES ?? 10_000);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', PORT: '0', DEMO_ACCOUNT: 'false' });
const built = await buildApp(config, 'api');
const { db } = built.ctx;

const phone = '13900000000';
const password = 'Bench2026pass';
const owner = await authRepository(db).insertUser({
  phone,
  name: 'bench',
  passwordHash: await hashPassword(password),
  quotaBytes: 1e15,
});
if (!owner) throw new Error('bench user exists already');
const ownerId = owner.id;
await built.app.listen({ host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
const token = await signIn(url, phone, password);
const folder = (await (
  await fetch(`${url}/api/Home/FolderAdd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ parentIUID: '', fileName: 'bench-folder' }),
  })
).json()) as { code: number; msg: string; data: { iuid: string } };
if (folder.code !== 1) throw new Error(`folder: ${folder.msg}`);
const folderId = folder.data.iuid;
await db.execute(sql`
  insert into files (owner_id, parent_id, kind, name, suffix, size_bytes, status_type)
  select ${ownerId}, ${folderId}, 2, 'model-' || lpad(g::text, 6, '0') || '.ifc', 'ifc', (g * 7919) % 100000000, 3
  from generate_series(1, ${N}) g`);
await db.execute(sql`analyze files`); // as autovacuum would after a bulk insert

// The same page as the product's call, as one raw query through the same driver.
const raw = http.createServer((_req, res) => {
  void (async () => {
    const page = await db.execute(sql`
      select f.*, (fav.file_id is not null) as collected from files f
      left join favourites fav on fav.file_id = f.id and fav.user_id = ${ownerId}
      where f.owner_id = ${ownerId} and f.parent_id = ${folderId}
      order by f.kind, f.name, f.id limit 50 offset 0`);
    const count = await db.execute(
      sql`select count(*)::int as n from files where owner_id = ${ownerId} and parent_id = ${folderId}`,
    );
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 1, msg: '', data: { page, count } }));
  })().catch((err: unknown) => {
    res.statusCode = 500;
    res.end(String(err));
  });
});
await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/`;
process.send?.({ url, rawUrl, token, folderId });
