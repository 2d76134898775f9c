/**
 * Checks of the real-time hub's event payloads (spec 000 §7; DESIGN "Real-time messages are small
 * 'this changed' notices"): each returns the payload typed as its contracts event
 * (packages/contracts/src/realtime.ts) when every field has the schema's type, else null (the caller
 * then refetches instead of trusting it). Plain type checks rather than the zod schemas themselves:
 * zod's core costs ~14 KB gzip in the signed-in first load whenever an event arrives while the page
 * loads (issue 17 "Weight and speed"); hub-events.test.ts holds each check to its schema — every field,
 * type and enum value — so the two cannot drift apart.
 */
import type { FileStatusEventValue, FileVersionEventValue, PaySuccessEventValue } from '@bimdrive/contracts';

type Fields = Record<string, unknown>;

const isFields = (p: unknown): p is Fields => typeof p === 'object' && p !== null && !Array.isArray(p);
const str = (v: unknown) => typeof v === 'string';
const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** A `projectFileStatusInfo` (and the libraries' status events) payload, or null. */
export function asFileStatusEvent(p: unknown): FileStatusEventValue | null {
  if (!isFields(p)) return null;
  const ok =
    str(p.iuid) &&
    str(p.parentIUID) &&
    num(p.statusType) &&
    num(p.progress) &&
    str(p.statusMsg) &&
    (p.thumbReady === undefined || typeof p.thumbReady === 'boolean');
  return ok ? (p as FileStatusEventValue) : null;
}

const VERSION_ACTIONS: readonly unknown[] = ['added', 'current', 'deleted', 'status'];

/** A `FileVersionInfo` payload, or null. */
export function asFileVersionEvent(p: unknown): FileVersionEventValue | null {
  if (!isFields(p)) return null;
  const ok =
    str(p.iuid) &&
    str(p.parentIUID) &&
    num(p.version) &&
    num(p.currentVersion) &&
    VERSION_ACTIONS.includes(p.action);
  return ok ? (p as FileVersionEventValue) : null;
}

/** A `paySuccess` payload, or null. */
export function asPaySuccessEvent(p: unknown): PaySuccessEventValue | null {
  if (!isFields(p)) return null;
  const ok =
    str(p.orderNo) &&
    (p.type === 'person' || p.type === 'corp') &&
    str(p.planId) &&
    (p.serviceStopTime === null || str(p.serviceStopTime));
  return ok ? (p as PaySuccessEventValue) : null;
}
