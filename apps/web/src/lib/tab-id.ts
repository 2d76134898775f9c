/**
 * This browser tab's id: random per page load, sent as `x-tab-id` on every API call and with the
 * open-model hub events (001 §8 -120), so a model open in the caller's own tab never blocks their own
 * delete or new version.
 */
export const TAB_ID: string =
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
