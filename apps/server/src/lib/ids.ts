/** Checks of ids that come from the client. */

/** Whether a string is a UUID (ids from the client are checked before reaching SQL). */
export function isUuid(s: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}
