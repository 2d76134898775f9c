import { describe, expect, it } from 'vitest';
import {
  badgeText,
  downloadPercent,
  downloadSink,
  envelopeMessage,
  finishedToMove,
  isInProgress,
  MAX_CONCURRENT_UPLOADS,
  nextToStart,
  pauseAction,
  pendingCount,
  retryAfterMs,
  runningCount,
  splitRelativePath,
  uploadIdOf,
  uploadStatus,
  type QueueLike,
  type UploadPhase,
} from './transfer-logic.ts';

const rec = (progress: number | null, errorMsg = '') => ({ progress, errorMsg });

describe('badge (000 §2, §9)', () => {
  it('counts uploads not yet at 100', () => {
    expect(pendingCount([rec(null), rec(10), rec(100), rec(50, 'x')])).toBe(3);
  });
  it('caps at 99', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(5)).toBe('5');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('upload status (000 §2)', () => {
  it('waiting without progress, percent, done at 100, error with message', () => {
    expect(uploadStatus(rec(null))).toEqual({ kind: 'waiting' });
    expect(uploadStatus(rec(42.37))).toEqual({ kind: 'percent', percent: 42.3 });
    expect(uploadStatus(rec(100))).toEqual({ kind: 'done' });
    expect(uploadStatus(rec(30, '空间不足'))).toEqual({ kind: 'error', msg: '空间不足' });
  });
  it('in progress means below 100 and no error (000 §4)', () => {
    expect(isInProgress(rec(0))).toBe(true);
    expect(isInProgress(rec(100))).toBe(false);
    expect(isInProgress(rec(10, 'e'))).toBe(false);
  });
});

describe('tus helpers', () => {
  it('reads the envelope msg of a refused creation', () => {
    expect(envelopeMessage('{"code":-2,"msg":"空间不足","data":null}')).toBe('空间不足');
    expect(envelopeMessage('Payload too large')).toBeNull();
    expect(envelopeMessage('')).toBeNull();
  });
  it('takes the upload id from the URL', () => {
    expect(uploadIdOf('http://x/api/files/uploads/abc123')).toBe('abc123');
    expect(uploadIdOf('/api/files/uploads/abc?x=1')).toBe('abc');
    expect(uploadIdOf(null)).toBeNull();
  });
});

const q = (iuid: string, phase: UploadPhase, extra: Partial<QueueLike> = {}): QueueLike => ({
  iuid,
  phase,
  ...extra,
});

describe('upload queue (issue 5: per-user concurrency limit, 等待中..., pause and resume)', () => {
  it('starts at most the limit, oldest waiting first', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((id) => q(id, 'waiting'));
    expect(MAX_CONCURRENT_UPLOADS).toBe(3);
    expect(nextToStart(five)).toEqual(['a', 'b', 'c']);
    expect(nextToStart(five, 1)).toEqual(['a']);
  });
  it('counts running uploads against the limit and starts the next when a slot frees', () => {
    const list = [
      q('a', 'running'),
      q('b', 'running'),
      q('c', 'running'),
      q('d', 'waiting'),
      q('e', 'waiting'),
    ];
    expect(runningCount(list)).toBe(3);
    expect(nextToStart(list)).toEqual([]);
    list[1] = q('b', 'done');
    expect(nextToStart(list)).toEqual(['d']);
    list[0] = q('a', 'error');
    list[2] = q('c', 'paused');
    expect(nextToStart(list)).toEqual(['d', 'e']);
  });
  it('a paused upload frees its slot and waits again only when resumed', () => {
    const list = [q('a', 'paused'), q('b', 'waiting')];
    expect(nextToStart(list, 1)).toEqual(['b']);
    list[0] = q('a', 'waiting'); // 继续
    list[1] = q('b', 'running');
    expect(nextToStart(list, 1)).toEqual([]);
    expect(nextToStart(list, 2)).toEqual(['a']);
  });
  it('never starts a restored upload without its file or a file whose folder is being created', () => {
    const list = [
      q('a', 'waiting', { needsFile: true }),
      q('b', 'waiting', { preparing: true }),
      q('c', 'waiting'),
    ];
    expect(nextToStart(list)).toEqual(['c']);
  });
  it('offers 暂停 for running and waiting, 继续 for paused and failed', () => {
    expect(pauseAction(q('a', 'running'))).toBe('pause');
    expect(pauseAction(q('a', 'waiting'))).toBe('pause');
    expect(pauseAction(q('a', 'paused'))).toBe('resume');
    expect(pauseAction(q('a', 'error'))).toBe('resume');
    expect(pauseAction(q('a', 'done'))).toBeNull();
  });
  it('shows a paused upload as paused with its percent, and not as in progress', () => {
    expect(uploadStatus({ progress: 42.37, errorMsg: '', phase: 'paused' })).toEqual({
      kind: 'paused',
      percent: 42.3,
    });
    expect(uploadStatus({ progress: null, errorMsg: '', phase: 'paused' })).toEqual({
      kind: 'paused',
      percent: 0,
    });
    expect(isInProgress({ progress: 40, errorMsg: '', phase: 'paused' })).toBe(false);
    expect(isInProgress({ progress: 40, errorMsg: '', phase: 'running' })).toBe(true);
  });
  it('badge of 150 pending uploads reads 99+', () => {
    const many = Array.from({ length: 150 }, () => rec(null));
    expect(pendingCount(many)).toBe(150);
    expect(badgeText(pendingCount(many))).toBe('99+');
  });
  it('moves finished rows to 已完成 only once the whole queue has drained, keeping failed rows', () => {
    const q = (...phases: UploadPhase[]): QueueLike[] => phases.map((phase, i) => ({ iuid: `u${i}`, phase }));
    expect(finishedToMove(q('done', 'running'))).toEqual([]);
    expect(finishedToMove(q('done', 'waiting'))).toEqual([]);
    expect(finishedToMove(q('done', 'paused'))).toEqual([]);
    expect(finishedToMove(q('done', 'error', 'done'))).toEqual(['u0', 'u2']);
    expect(finishedToMove(q('error'))).toEqual([]);
  });
});

describe('folder paths and download progress', () => {
  it('splits a relative path into folders and name, refusing ..', () => {
    expect(splitRelativePath('图纸/一层/a.ifc')).toEqual({ dirs: ['图纸', '一层'], name: 'a.ifc' });
    expect(splitRelativePath('a.ifc')).toEqual({ dirs: [], name: 'a.ifc' });
    expect(splitRelativePath('x\\y//./b.txt')).toEqual({ dirs: ['x', 'y'], name: 'b.txt' });
    expect(splitRelativePath('x/../b.txt')).toBeNull();
    expect(splitRelativePath('')).toBeNull();
  });
  it('percent with a known length, null without', () => {
    expect(downloadPercent(50, 200)).toBe(25);
    expect(downloadPercent(300, 200)).toBe(100);
    expect(downloadPercent(50, null)).toBeNull();
    expect(downloadPercent(50, 0)).toBeNull();
  });
});

describe('download sink (memory stays flat for large downloads)', () => {
  const LIMIT = 512 * 1024 * 1024;
  it('streams to disk whenever the user gave a save handle, whatever the size', () => {
    expect(downloadSink(true, null, LIMIT)).toBe('disk');
    expect(downloadSink(true, 10 * LIMIT, LIMIT)).toBe('disk');
  });
  it('collects a Blob only for a known length within the limit', () => {
    expect(downloadSink(false, 1000, LIMIT)).toBe('blob');
    expect(downloadSink(false, LIMIT, LIMIT)).toBe('blob');
  });
  it('leaves larger files and zips of unknown length to the browser', () => {
    expect(downloadSink(false, LIMIT + 1, LIMIT)).toBe('native');
    expect(downloadSink(false, null, LIMIT)).toBe('native');
  });
});

describe('server-side limit of concurrent uploads (issue 5): 429 means wait', () => {
  it('shows 等待中... for an upload waiting for a slot, even with bytes already sent', () => {
    expect(uploadStatus({ progress: 40, errorMsg: '', phase: 'waiting' })).toEqual({ kind: 'waiting' });
    expect(uploadStatus({ progress: 40, errorMsg: '', phase: 'running' })).toEqual({
      kind: 'percent',
      percent: 40,
    });
  });
  it('reads Retry-After in seconds or as a date, clamped, with a default', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(' 1.5 ')).toBe(1500);
    expect(retryAfterMs(null)).toBe(3000);
    expect(retryAfterMs('soon')).toBe(3000);
    expect(retryAfterMs('0')).toBe(500);
    expect(retryAfterMs('3600')).toBe(60_000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
  });
});
