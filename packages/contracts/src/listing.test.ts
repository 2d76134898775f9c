import { describe, expect, it } from 'vitest';
import {
  BAD_SORT_FIELD_MESSAGE,
  ListQuery,
  parseFilterTime,
  SearchQuery,
  ShareListQuery,
} from './listing.ts';

describe('ListQuery (file-list sort and filters)', () => {
  it('reads comma lists, numbers and local times', () => {
    const q = ListQuery.parse({
      sort: 'fileBytes',
      order: 'desc',
      suffix: 'ifc, DWG,,',
      type: 'model,office',
      status: '3,4',
      sizeMin: '1024',
      updateFrom: '2026-01-02 03:04:05',
      updateTo: '2026-01-03',
    });
    expect(q).toMatchObject({
      sort: 'fileBytes',
      order: 'desc',
      suffix: ['ifc', 'DWG'],
      type: ['model', 'office'],
      status: [3, 4],
      sizeMin: 1024,
    });
    expect(q.updateFrom).toEqual(new Date(2026, 0, 2, 3, 4, 5));
    expect(q.updateTo).toEqual(new Date(2026, 0, 3));
    expect(ListQuery.parse({}).sort).toBeUndefined();
  });

  it('refuses a sort field outside the whitelist with a clear message', () => {
    const r = ListQuery.safeParse({ sort: 'size_bytes' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(BAD_SORT_FIELD_MESSAGE);
  });

  it('refuses reversed ranges, bad suffixes and unknown groups', () => {
    expect(ListQuery.safeParse({ sizeMin: '9', sizeMax: '1' }).success).toBe(false);
    expect(ListQuery.safeParse({ createFrom: '2026-02-01', createTo: '2026-01-01' }).success).toBe(false);
    expect(ListQuery.safeParse({ suffix: "ifc'--" }).success).toBe(false);
    expect(ListQuery.safeParse({ type: 'everything' }).success).toBe(false);
    expect(ListQuery.safeParse({ sizeMin: '1.5' }).success).toBe(false);
  });

  it('parses filter times: local, date only, ISO with offset; refuses others', () => {
    expect(parseFilterTime('2026-02-30 00:00:00')).toBeNull();
    expect(parseFilterTime('yesterday')).toBeNull();
    expect(parseFilterTime('2026-01-01T00:00:00')).toEqual(new Date(2026, 0, 1));
    expect(parseFilterTime('2026-01-01T00:00:00Z')?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parseFilterTime('2026-01-01T08:00:00+08:00')?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('SearchQuery and ShareListQuery', () => {
  it('needs a keyword and known areas', () => {
    expect(SearchQuery.safeParse({ keyword: '  ' }).success).toBe(false);
    expect(SearchQuery.safeParse({ keyword: 'a', areas: 'myDocument,nowhere' }).success).toBe(false);
    expect(SearchQuery.parse({ keyword: ' a ', areas: 'myCollection' })).toMatchObject({
      keyword: 'a',
      areas: ['myCollection'],
      page: 1,
      rows: 20,
    });
  });

  it('whitelists share sorts and states', () => {
    expect(ShareListQuery.safeParse({ sort: 'pwd' }).error?.issues[0]?.message).toBe(BAD_SORT_FIELD_MESSAGE);
    expect(ShareListQuery.safeParse({ state: 'cancelled' }).success).toBe(false);
    expect(ShareListQuery.parse({ sort: 'expireTime', state: 'valid,expired' }).state).toEqual([
      'valid',
      'expired',
    ]);
  });
});
