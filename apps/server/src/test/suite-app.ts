/**
 * The set-up most integration test files share, as one call in a `describe` body (or at a file's top
 * level): an app of its own (harness startTestApp) with its users signed up, started before the
 * suite's tests and closed after them. Kept apart from harness.ts so that the harness stays free of
 * vitest (server processes and other runners use it too).
 */
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../config.ts';
import { signUp, startTestApp, type TestApp, type TestUser } from './harness.ts';

/** One signed-up user per name given, in the same order. */
export type SuiteUsers<N extends readonly string[]> = { -readonly [K in keyof N]: TestUser };

/** What useTestApp sets up. */
export interface SuiteAppOptions<N extends readonly string[]> {
  /**
   * Config overrides for startTestApp (quota, limits, fake providers…), or a function answering them
   * when the app starts, for values known only then (e.g. a fake server started by an earlier
   * `beforeAll`).
   */
  config?: Partial<AppConfig> | (() => Partial<AppConfig>);
  /** The display names of the users to sign up (harness signUp), one after another in this order. */
  users?: N;
}

/**
 * Register, where it is called, a `beforeAll` that starts a test app with `config` and then signs up
 * one user per name of `users` in order, and an `afterAll` that closes the app (after the suite's own
 * later-registered `afterAll`s, vitest running them in reverse).
 *
 * @returns `[t, ...users]`: the app (a TestApp), then the users (a TestUser each, in the order of
 * `users`). All are empty objects until the `beforeAll` has run and are filled in place then, so they
 * may be destructured at once and used by the tests and by any `beforeAll` registered after this
 * call: `const [t, u, other] = useTestApp({ users: ['测试用户', '别人'] });`.
 */
export function useTestApp<const N extends readonly string[] = []>(
  options: SuiteAppOptions<N> = {},
): [TestApp, ...SuiteUsers<N>] {
  const names: readonly string[] = options.users ?? [];
  const t = {} as TestApp;
  const users = names.map(() => ({}) as TestUser);
  let started = false;
  beforeAll(async () => {
    const config = typeof options.config === 'function' ? options.config() : options.config;
    Object.assign(t, await startTestApp(config));
    started = true;
    for (const [i, name] of names.entries()) Object.assign(users[i]!, await signUp(t, name));
  });
  afterAll(async () => {
    if (started) await t.close();
  });
  return [t, ...(users as SuiteUsers<N>)];
}
