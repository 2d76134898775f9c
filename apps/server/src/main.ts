/**
 * Entry point: `node apps/server/src/main.ts [--role=all|api|worker]`. Reads the configuration
 * (a bad value stops start-up naming the variable), builds the app and listens (except the worker).
 */
import { buildApp, DEMO_ACCOUNT, type Role } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

const roleArg = process.argv.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? 'all';
if (!['all', 'api', 'worker'].includes(roleArg)) {
  console.error(`Unknown --role=${roleArg}; use all, api or worker.`);
  process.exit(2);
}
const role = roleArg as Role;

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}

const built = await buildApp(config, role);
if (role !== 'worker') {
  await built.app.listen({ host: config.host, port: config.port });
  const db = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.pgliteDir})`;
  console.log(`\nbimdrive is running: ${config.publicUrl}  (role ${role}, database ${db})`);
  if (!config.databaseUrl && config.demoAccount) {
    console.log(
      `Sign in with the demo account: phone ${DEMO_ACCOUNT.phone}, password ${DEMO_ACCOUNT.password}`,
    );
  } else {
    // Production never creates the demo account (its password is published): the first
    // administrator comes from the command line.
    console.log(
      'Create an account: node apps/server/src/cli.ts create-user --phone <phone> --password <pw> --name <name> [--admin]',
    );
  }
  console.log(`API documentation: ${config.publicUrl}/api/docs\n`);
} else {
  console.log('bimdrive worker started (conversion jobs, scheduled clean-up).');
}

const stop = async () => {
  await built.close().catch(() => undefined);
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
