import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  bytesToGb,
  GB,
  gbToBytes,
  serviceEndBody,
  serviceEndState,
  storagePercent,
  storageText,
  userListParams,
} from './user-admin-format.ts';

const base = { page: 1, rows: 20, sort: null, filters: {} };

describe('userListParams', () => {
  it('always sends paging, and the trimmed search only when typed', () => {
    expect(userListParams(base, '   ')).toEqual({ page: '1', rows: '20' });
    expect(userListParams({ ...base, page: 3, rows: 50 }, ' 138 ')).toEqual({
      page: '3',
      rows: '50',
      search: '138',
    });
  });

  it('sends the state only when exactly one is ticked', () => {
    const one = { ...base, filters: { state: { kind: 'checkbox' as const, values: ['disabled'] } } };
    expect(userListParams(one, '').state).toBe('disabled');
    const both = {
      ...base,
      filters: { state: { kind: 'checkbox' as const, values: ['normal', 'disabled'] } },
    };
    expect(userListParams(both, '')).not.toHaveProperty('state');
  });

  it('maps the registration range to from / to', () => {
    const s = {
      ...base,
      filters: {
        createTime: { kind: 'dateRange' as const, from: '2026-01-01 00:00:00', to: '2026-02-01 23:59:59' },
      },
    };
    expect(userListParams(s, '')).toEqual({
      page: '1',
      rows: '20',
      from: '2026-01-01 00:00:00',
      to: '2026-02-01 23:59:59',
    });
  });
});

describe('quota units', () => {
  it('converts between bytes and GB both ways', () => {
    expect(bytesToGb(10 * GB)).toBe(10);
    expect(bytesToGb(1.5 * GB + 123)).toBe(1.5);
    expect(gbToBytes(2.5)).toBe(2.5 * GB);
    expect(gbToBytes(0)).toBe(0);
  });

  it('refuses empty, negative and too large values', () => {
    expect(gbToBytes(null)).toBeNull();
    expect(gbToBytes(undefined)).toBeNull();
    expect(gbToBytes(-1)).toBeNull();
    expect(gbToBytes(Number.NaN)).toBeNull();
    expect(gbToBytes(1024 ** 2 + 1)).toBeNull();
  });

  it('writes used / quota and the used share', () => {
    expect(storageText(1536, 10 * GB)).toBe('1.5KB / 10GB');
    expect(storagePercent(5 * GB, 10 * GB)).toBe(50);
    expect(storagePercent(20 * GB, 10 * GB)).toBe(100);
    expect(storagePercent(0, 0)).toBe(0);
    expect(storagePercent(1, 0)).toBe(100);
  });
});

describe('service end', () => {
  const now = new Date(2026, 5, 15, 12, 0, 0);
  it('reads unlimited, expired, soon and ok', () => {
    expect(serviceEndState(null, now)).toBe('unlimited');
    expect(serviceEndState('2026-06-15 11:59:59', now)).toBe('expired');
    expect(serviceEndState('2026-07-01 00:00:00', now)).toBe('soon');
    expect(serviceEndState('2027-01-01 00:00:00', now)).toBe('ok');
  });

  it('sends the picked day, or null for 无限制', () => {
    expect(serviceEndBody(dayjs('2030-12-31'), false)).toBe('2030-12-31');
    expect(serviceEndBody(dayjs('2030-12-31'), true)).toBeNull();
    expect(serviceEndBody(null, false)).toBeNull();
  });
});
