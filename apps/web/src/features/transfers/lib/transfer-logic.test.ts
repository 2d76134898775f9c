import { describe, expect, it } from 'vitest';
import {
  badgeText,
  envelopeMessage,
  isInProgress,
  pendingCount,
  uploadIdOf,
  uploadStatus,
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
