/**
 * Command line (run with `node apps/server/src/cli.ts <command> …`):
 * - `create-user --phone <phone> --password <pw> --name <name> [--admin]` creates an account on the
 *   configured database (PGlite by default, DATABASE_URL for PostgreSQL); `--admin` makes it a system
 *   administrator — how the first administrator of a production installation is made, since a
 *   production start never creates the demo account.
 * - `licence-keygen --out <dir>` writes a new Ed25519 key pair `licence-private.pem` (keep it secret,
 *   on the issuer's machine) and `licence-public.pem` (goes to LICENCE_PUBLIC_KEY of the deployment).
 * - `licence-sign --key <private.pem> --customer <name> --expires <ISO date|never> [--field k=v …]
 *   [--out <file>]` signs a private-deployment licence (modules/service-state/licence.ts) and writes
 *   it to `--out` (default stdout); the deployment reads it from LICENCE_FILE.
 * - `service-stop (--phone <phone> | --company <credit code>) --at <ISO date|never>` sets when a
 *   person's or a company's space service ends (000 §3 serviceStopTime; `never` = 无限制), until the
 *   payment centre does it; an ended service shows the expiry warning and refuses uploads (000 §8).
 * - `set-admin --phone <phone> [--off]` grants a person the system-administrator role (or revokes
 *   it): they curate the public libraries (公共标准库, 公共构件库, 公共图纸库), see 系统管理 and
 *   use the administration calls (orders: /orderManagement).
 * - `storage migrate` copies the local-disk store (DATA_DIR/storage) into the S3 store configured by
 *   the S3_* variables (storage/migrate.ts), verifying every object's sha256; exit 1 on a mismatch.
 *   Then start with STORAGE=s3.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LoginBody, RegisterBody } from '@bimdrive/contracts';
import { loadConfig } from './config.ts';
import { eq } from 'drizzle-orm';
import { openDatabase } from './db/client.ts';
import { companies, users } from './db/schema/accounts.ts';
import { authRepository } from './modules/auth/auth.repository.ts';
import { adminRepository } from './modules/admin/admin.repository.ts';
import { generateLicenceKeyPair, signLicence } from './modules/service-state/licence.ts';
import { hashPassword } from './lib/passwords.ts';
import { normalizePhone } from '@bimdrive/contracts';

const USAGE = `usage:
  node apps/server/src/cli.ts create-user --phone <phone> --password <pw> --name <name> [--admin]
  node apps/server/src/cli.ts licence-keygen --out <dir>
  node apps/server/src/cli.ts licence-sign --key <private.pem> --customer <name> --expires <ISO date|never> [--field key=value …] [--out <file>]
  node apps/server/src/cli.ts service-stop (--phone <phone> | --company <credit code>) --at <ISO date|never>
  node apps/server/src/cli.ts set-admin --phone <phone> [--off]
  S3_BUCKET=… S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=… [S3_ENDPOINT=…] node apps/server/src/cli.ts storage migrate`;

const [command, ...rest] = process.argv.slice(2);

if (command === 'licence-keygen') {
  const { values } = parseArgs({ args: rest, options: { out: { type: 'string' } } });
  if (!values.out) {
    console.error(USAGE);
    process.exit(2);
  }
  const pair = generateLicenceKeyPair();
  await mkdir(values.out, { recursive: true });
  await writeFile(path.join(values.out, 'licence-private.pem'), pair.privateKey, { mode: 0o600 });
  await writeFile(path.join(values.out, 'licence-public.pem'), pair.publicKey);
  console.log(`wrote ${path.join(values.out, 'licence-private.pem')} and licence-public.pem`);
  process.exit(0);
}

if (command === 'licence-sign') {
  const { values } = parseArgs({
    args: rest,
    options: {
      key: { type: 'string' },
      customer: { type: 'string' },
      expires: { type: 'string' },
      field: { type: 'string', multiple: true },
      out: { type: 'string' },
    },
  });
  const expires = values.expires === 'never' ? null : values.expires ? new Date(values.expires) : undefined;
  if (
    !values.key ||
    !values.customer?.trim() ||
    expires === undefined ||
    (expires && isNaN(expires.getTime()))
  ) {
    console.error(USAGE);
    process.exit(2);
  }
  const extra: Record<string, string> = {};
  for (const f of values.field ?? []) {
    const eq = f.indexOf('=');
    if (eq <= 0 || ['customer', 'expiresAt', 'signature'].includes(f.slice(0, eq))) {
      console.error(`bad --field ${f}`);
      process.exit(2);
    }
    extra[f.slice(0, eq)] = f.slice(eq + 1);
  }
  const licence = signLicence(
    {
      ...extra,
      customer: values.customer.trim(),
      expiresAt: expires ? expires.toISOString() : null,
      issuedAt: new Date().toISOString(),
    },
    await readFile(values.key, 'utf8'),
  );
  const text = `${JSON.stringify(licence, null, 2)}\n`;
  if (values.out) await writeFile(values.out, text);
  else process.stdout.write(text);
  process.exit(0);
}

if (command === 'service-stop') {
  const { values } = parseArgs({
    args: rest,
    options: { phone: { type: 'string' }, company: { type: 'string' }, at: { type: 'string' } },
  });
  const at = values.at === 'never' ? null : values.at ? new Date(values.at) : undefined;
  if (Boolean(values.phone) === Boolean(values.company) || at === undefined || (at && isNaN(at.getTime()))) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  const changed = values.phone
    ? await db.db
        .update(users)
        .set({ serviceStopAt: at })
        .where(eq(users.phone, normalizePhone(values.phone)))
        .returning({ id: users.id })
    : await db.db
        .update(companies)
        .set({ serviceStopAt: at })
        .where(eq(companies.creditCode, (values.company ?? '').toUpperCase()))
        .returning({ id: companies.id });
  await db.close();
  if (changed.length === 0) {
    console.error(values.phone ? 'no such user' : 'no such company');
    process.exit(1);
  }
  console.log(`service end set to ${at ? at.toISOString() : 'never (无限制)'}`);
  process.exit(0);
}

if (command === 'storage' && rest[0] === 'migrate') {
  const config = loadConfig({ ...process.env, STORAGE: 's3' });
  const { createS3Storage } = await import('./storage/s3-storage.ts');
  const { migrateToS3 } = await import('./storage/migrate.ts');
  const report = await migrateToS3(config.storageDir, createS3Storage(config.s3!), (key, copied) =>
    console.log(`${copied ? 'copied  ' : 'present '} ${key}`),
  );
  console.log(
    `${report.objects} objects (${report.bytes} bytes), ${report.copied} copied, ${report.mismatched.length} mismatched`,
  );
  for (const key of report.mismatched) console.error(`sha256 mismatch: ${key}`);
  process.exit(report.mismatched.length ? 1 : 0);
}

if (command === 'set-admin') {
  const { values } = parseArgs({
    args: rest,
    options: { phone: { type: 'string' }, off: { type: 'boolean' } },
  });
  if (!values.phone) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  const found = await adminRepository(db.db).setSystemAdministrator(values.phone, !values.off);
  await db.close();
  if (!found) {
    console.error('no such user');
    process.exit(1);
  }
  console.log(
    values.off ? 'no longer a system administrator' : 'system administrator (public libraries, 系统管理)',
  );
  process.exit(0);
}

if (command !== 'create-user') {
  console.error(USAGE);
  process.exit(2);
}
const { values } = parseArgs({
  args: rest,
  options: {
    phone: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    admin: { type: 'boolean' },
  },
});
const account = { phone: values.phone, password: values.password, name: values.name };
const parsed = RegisterBody.safeParse(account);
if (!parsed.success || !LoginBody.safeParse(account).success) {
  console.error(
    parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n') ?? 'invalid input',
  );
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
const user = await authRepository(db.db).insertUser({
  phone: normalizePhone(parsed.data.phone),
  name: parsed.data.name,
  // No code is given here, so RegisterBody has required the password.
  passwordHash: await hashPassword(parsed.data.password ?? ''),
  quotaBytes: config.personalQuotaBytes,
  isAdministrator: Boolean(values.admin),
});
await db.close();
if (!user) {
  console.error('该手机号已被产品账号绑定 (phone already registered)');
  process.exit(1);
}
console.log(`created ${user.isAdministrator ? 'system administrator' : 'user'} ${user.name} (${user.phone})`);
