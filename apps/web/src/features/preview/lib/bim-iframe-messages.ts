/**
 * The postMessage API of `/bimiframe` (issue 13; 000 §2), for a site that embeds the viewer in an
 * iframe. Messages are plain objects whose `type` starts with `bimdrive:`.
 *
 * To the frame (accepted only from this site and the origins of `BIMIFRAME_ALLOWED_ORIGINS`):
 * - `{ type: 'bimdrive:select', ids: string[] }` highlight and focus elements (IFC GlobalIds; GLB node names)
 * - `{ type: 'bimdrive:isolate', ids: string[] }` show only these elements
 * - `{ type: 'bimdrive:showAll' }`, `{ type: 'bimdrive:fit' }`
 * From the frame (to the embedding window, when its origin is allowed):
 * - `{ type: 'bimdrive:ready', fileName, kind }` once the model or drawing is shown
 * - `{ type: 'bimdrive:selected', id, name }` on each pick (id null: empty space)
 * - `{ type: 'bimdrive:result', command, found }` after each command (elements found)
 * - `{ type: 'bimdrive:error', message }` when the link is invalid or a command is malformed
 */

/** A command the frame obeys. */
export type FrameCommand =
  | { type: 'bimdrive:select' | 'bimdrive:isolate'; ids: string[] }
  | { type: 'bimdrive:showAll' | 'bimdrive:fit' };

/** At most this many ids in one command. */
export const MAX_IDS = 10_000;

/** The command in a message's data, or null when it is none (or malformed). */
export function parseCommand(data: unknown): FrameCommand | null {
  if (!data || typeof data !== 'object') return null;
  const { type, ids } = data as { type?: unknown; ids?: unknown };
  if (type === 'bimdrive:showAll' || type === 'bimdrive:fit') return { type };
  if (type !== 'bimdrive:select' && type !== 'bimdrive:isolate') return null;
  if (
    !Array.isArray(ids) ||
    ids.length > MAX_IDS ||
    !ids.every((i) => typeof i === 'string' && i.length < 200)
  )
    return null;
  return { type, ids: ids as string[] };
}

/** Whether `origin` may command the frame and hear from it: this site or an allowed origin. */
export const isAllowedOrigin = (origin: string, allowed: readonly string[], self: string): boolean =>
  origin === self || allowed.includes(origin);

/**
 * The origin of the window embedding the frame (from `document.referrer`), when it is allowed; null
 * otherwise (the frame then reports to nobody).
 */
export function parentOrigin(referrer: string, allowed: readonly string[], self: string): string | null {
  try {
    const origin = new URL(referrer).origin;
    return isAllowedOrigin(origin, allowed, self) ? origin : null;
  } catch {
    return null;
  }
}
