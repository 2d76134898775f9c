import { describe, expect, it } from 'vitest';
import { formatExpiry, usedPercent } from './format-expiry.ts';

describe('formatExpiry (000 §9)', () => {
  it('formats a date as YYYY年MM月DD日 with leading zeros', () => {
    expect(formatExpiry('2027-03-05T08:00:00', '无限制')).toBe('2027年03月05日');
    expect(formatExpiry('2026-12-31T10:00:00', '无限制')).toBe('2026年12月31日');
  });
  it('shows 无限制 when there is no end or it cannot be read', () => {
    expect(formatExpiry(null, '无限制')).toBe('无限制');
    expect(formatExpiry(undefined, '无限制')).toBe('无限制');
    expect(formatExpiry('', '无限制')).toBe('无限制');
    expect(formatExpiry('not a date', '无限制')).toBe('无限制');
  });
});

describe('usedPercent', () => {
  it('rounds to one decimal and caps at 100', () => {
    expect(usedPercent(1, 3)).toBe(33.3);
    expect(usedPercent(5, 4)).toBe(100);
    expect(usedPercent(0, 10)).toBe(0);
  });
  it('is 0 for an unlimited space', () => {
    expect(usedPercent(123, 0)).toBe(0);
  });
});
