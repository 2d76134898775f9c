/**
 * Real server processes for integration tests that need more than one process or kill one (issue 15
 * crash recovery, nodes that share nothing): `node apps/server/src/main.ts --role=<role>` started from
 * the repository root with the test's environment, ready once it logs that it runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The repository root, where `apps/server/src/main.ts` is started from. */
const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** What every test server process gets besides the caller's environment (no demo account, loopback). */
export const SERVER_TEST_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DEMO_ACCOUNT: 'false',
  HOST: '127.0.0.1',
};

/** A server or worker process started by a test. */
export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Settles when it has exited. */
  exited: Promise<void>;
}

/**
 * Start `main.ts` in `role` with this process's environment, SERVER_TEST_ENV and `env` (DATA_DIR,
 * PORT, DATABASE_URL…, later ones winning). It is added to `track` as soon as it is spawned, so the
 * caller's clean-up ends it even when it never gets ready.
 * @param opts.name what errors call it (default: the role); opts.timeoutMs how long it may take to say
 *   it runs (default 60 s).
 * @returns the process once it logs `bimdrive is running` (a worker: `bimdrive worker started`).
 * @throws when it exits first or does not get ready in time (with its output).
 */
export async function startServerProcess(
  role: 'all' | 'api' | 'worker',
  env: Record<string, string>,
  track: ServerProcess[],
  opts: { name?: string; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const name = opts.name ?? role;
  const child = spawn(process.execPath, ['apps/server/src/main.ts', `--role=${role}`], {
    cwd: ROOT,
    env: { ...process.env, ...SERVER_TEST_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const proc: ServerProcess = { child, pid: child.pid!, output: () => output, exited };
  track.push(proc);
  const ready = role === 'worker' ? 'bimdrive worker started' : 'bimdrive is running';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start:\n${output}`)),
      opts.timeoutMs ?? 60_000,
    );
    const check = () => {
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => reject(new Error(`${name} exited:\n${output}`)));
  });
  return proc;
}
