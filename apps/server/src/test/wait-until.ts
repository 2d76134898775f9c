/** Polling for integration tests whose effects arrive asynchronously (hub events, other processes, Redis). */

/**
 * Wait until `check` answers true, asking every 25 ms.
 * @throws `timeout: <what>` when it still answers false after `timeoutMs` (default 10 s).
 */
export async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timeout: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
