/**
 * Command line: `node apps/server/src/cli.ts create-user --phone <phone> --password <pw> --name <name>`
 * creates an account on the configured database (PGlite by default, DATABASE_URL for PostgreSQL).
 */
import { parseArgs } from 'node:util';
import { LoginBody, RegisterBody } from '@bimdrive/contracts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { authRepository } from './modules/auth/auth.repository.ts';
import { hashPassword } from './lib/passwords.ts';
import { normalizePhone } from '@bimdrive/contracts';

const [command, ...rest] = process.argv.slice(2);
if (command !== 'create-user') {
  console.error(
    'usage: node apps/server/src/cli.ts create-user --phone <phone> --password <pw> --name <name>',
  );
  process.exit(2);
}
const { values } = parseArgs({
  args: rest,
  options: { phone: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const parsed = RegisterBody.safeParse(values);
if (!parsed.success || !LoginBody.safeParse(values).success) {
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
});
await db.close();
if (!user) {
  console.error('该手机号已被产品账号绑定 (phone already registered)');
  process.exit(1);
}
console.log(`created user ${user.name} (${user.phone})`);
