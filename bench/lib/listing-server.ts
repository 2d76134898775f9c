/**
 * Child process of the listing benchmark: starts the product (buildApp) on the database given by
 * DATABASE_URL (PostgreSQL) or PGlite under DATA_DIR, seeds one user with a folder of N files
 * (BENCH_FILES, default 10,000) and serves, on a second port, the raw SQL of the same page (50 rows
 * sorted by name, with the count) through the same driver. With BENCH_MIXED=1 the files have five
 * suffixes and two statuses, and the raw page is the sorted bench's (size descending, ifc/dwg ≥ 50 MB).
 * With BENCH_THUMBS=1 every file has a thumbnail, so each row carries a signed `thumbUrl` (issue 14). Reports `{ url, rawUrl, token, folderId }`
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
// BENCH_MIXED=1 (the sorted-and-filtered listing bench): five suffixes and every fifth file failed,
// so a type or status filter selects part of the folder.
const MIXED = process.env.BENCH_MIXED === '1';
if (MIXED) {
  await db.execute(sql`
    insert into files (owner_id, parent_id, kind, name, suffix, size_bytes, status_type)
    select ${ownerId}, ${folderId}, 2, 'model-' || lpad(g::text, 6, '0') || '.' || (array['ifc','dwg','pdf','docx','rvt'])[g % 5 + 1],
      (array['ifc','dwg','pdf','docx','rvt'])[g % 5 + 1], (g * 7919) % 100000000, case when g % 5 = 0 then 4 else 3 end
    from generate_series(1, ${N}) g`);
} else {
  const thumbs = process.env.BENCH_THUMBS === '1' ? 1 : 0;
  await db.execute(sql`
    insert into files (owner_id, parent_id, kind, name, suffix, size_bytes, status_type, thumb_version)
    select ${ownerId}, ${folderId}, 2, 'model-' || lpad(g::text, 6, '0') || '.ifc', 'ifc', (g * 7919) % 100000000, 3, ${thumbs}
    from generate_series(1, ${N}) g`);
}
await db.execute(sql`analyze files`); // as autovacuum would after a bulk insert

// The same page as the product's call, as one raw query through the same driver.
const raw = http.createServer((_req, res) => {
  void (async () => {
    // With BENCH_MIXED the page of the sorted bench: ifc and dwg files of 50 MB or more, largest first.
    const filter = MIXED
      ? sql`and f.kind = 2 and f.suffix in ('ifc', 'dwg') and f.size_bytes >= 50000000`
      : sql``;
    const order = MIXED ? sql`f.kind, f.size_bytes desc, f.id` : sql`f.kind, f.name, f.id`;
    const page = await db.execute(sql`
      select f.*, (fav.file_id is not null) as collected from files f
      left join favourites fav on fav.file_id = f.id and fav.user_id = ${ownerId}
      where f.owner_id = ${ownerId} and f.parent_id = ${folderId} ${filter}
      order by ${order} limit 50 offset 0`);
    const count = await db.execute(
      sql`select count(*)::int as n from files f where f.owner_id = ${ownerId} and f.parent_id = ${folderId} ${filter}`,
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
