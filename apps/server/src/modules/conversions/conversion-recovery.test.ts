/** The verdict of the crash-recovery sweep on a version's conversion jobs (conversion-recovery.ts). */
import { describe, expect, it } from 'vitest';
import { jobVerdict, type JobSummary } from './conversion-recovery.ts';

const F = '0b7f3c59-5a1e-4a51-9d0e-7a7a3f1d9c01';
const job = (state: JobSummary['state'], minute: number, version?: number): JobSummary => ({
  state,
  data: { v: 1, fileId: F, ...(version !== undefined ? { version } : {}) },
  createdOn: new Date(2026, 0, 1, 0, minute),
});

describe('jobVerdict', () => {
  it('a created, retrying or active job of the version is live', () => {
    for (const state of ['created', 'retry', 'active'] as const)
      expect(jobVerdict([job('completed', 1), job(state, 2)], 1, true)).toBe('live');
  });
  it('the latest job failed for good: failed; an older failure followed by a finished job: gone', () => {
    expect(jobVerdict([job('completed', 1), job('failed', 2)], 1, true)).toBe('failed');
    expect(jobVerdict([job('failed', 1), job('completed', 2)], 1, true)).toBe('gone');
  });
  it('no job, or only finished ones: gone', () => {
    expect(jobVerdict([], 1, true)).toBe('gone');
    expect(jobVerdict([job('completed', 1), job('cancelled', 2)], 1, true)).toBe('gone');
  });
  it('a job without a version counts for the current version only; a numbered job for its version', () => {
    expect(jobVerdict([job('active', 1)], 2, false)).toBe('gone');
    expect(jobVerdict([job('active', 1, 2)], 2, false)).toBe('live');
    expect(jobVerdict([job('active', 1, 3)], 2, true)).toBe('gone');
  });
  it('ignores payloads that are not conversion jobs', () => {
    expect(jobVerdict([{ state: 'active', data: { other: 1 }, createdOn: new Date() }], 1, true)).toBe(
      'gone',
    );
  });
});
