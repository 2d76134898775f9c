/**
 * The schemas that check the real-time hub's event payloads (spec 000 §4), loaded — with zod — when
 * the first event that needs one arrives, not with every signed-in page (issue 17: initial
 * JavaScript). One shared promise, so events handled through it keep their order.
 */
export type HubSchemas = typeof import('./hub-event-schemas.ts');

let loading: Promise<HubSchemas> | null = null;

/** The hub's event schemas (loaded on the first call). */
export function hubSchemas(): Promise<HubSchemas> {
  loading ??= import('./hub-event-schemas.ts');
  return loading;
}
