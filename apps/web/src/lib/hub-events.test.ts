/**
 * lib/hub-events.ts against the contracts' zod schemas of the hub events (issue 17): for a valid
 * payload, for every field set to each wrong kind of value, and for every value of an enum field, the
 * check accepts exactly what the schema accepts — a field added to or changed in a schema fails here
 * until the check follows.
 */
import { FileStatusEvent, FileVersionEvent, PaySuccessEvent } from '@bimdrive/contracts';
import { describe, expect, it } from 'vitest';
import { asFileStatusEvent, asFileVersionEvent, asPaySuccessEvent } from './hub-events.ts';

interface Schema {
  safeParse: (v: unknown) => { success: boolean };
  _zod: { def: { shape: Record<string, { _zod: { values?: Set<unknown> } }> } };
}

const WRONG: unknown[] = [
  undefined,
  null,
  0,
  1.5,
  Number.NaN,
  Infinity,
  '',
  'x',
  true,
  {},
  [],
  'added',
  'corp',
];

const cases: Array<[string, Schema, (p: unknown) => unknown, Record<string, unknown>]> = [
  [
    'FileStatusEvent',
    FileStatusEvent as unknown as Schema,
    asFileStatusEvent,
    { iuid: 'f1', parentIUID: 'p1', statusType: 2, progress: 40, statusMsg: '', thumbReady: true },
  ],
  [
    'FileVersionEvent',
    FileVersionEvent as unknown as Schema,
    asFileVersionEvent,
    { iuid: 'f1', parentIUID: 'p1', version: 2, currentVersion: 2, action: 'added' },
  ],
  [
    'PaySuccessEvent',
    PaySuccessEvent as unknown as Schema,
    asPaySuccessEvent,
    { orderNo: 'o1', type: 'person', planId: 'pro', serviceStopTime: null },
  ],
];

describe.each(cases)('%s check', (_name, schema, check, valid) => {
  const agrees = (payload: unknown) =>
    expect(check(payload) !== null, JSON.stringify(payload)).toBe(schema.safeParse(payload).success);
  const shape = schema._zod.def.shape;

  it('accepts a valid payload, covering every field of the schema', () => {
    expect(Object.keys(valid).sort()).toEqual(Object.keys(shape).sort());
    expect(check(valid)).toEqual(valid);
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it('agrees with the schema on every field set to a wrong kind of value', () => {
    for (const key of Object.keys(shape)) for (const v of WRONG) agrees({ ...valid, [key]: v });
    for (const p of [null, undefined, 'x', 1, []]) agrees(p);
  });

  it('agrees with the schema on every value of an enum field', () => {
    for (const [key, field] of Object.entries(shape))
      for (const v of field._zod.values ?? []) agrees({ ...valid, [key]: v });
  });
});
