import { describe, expect, it } from 'vitest';
import { DEFAULT_ROWS, parseListParams } from './list-params.ts';

describe('parseListParams', () => {
  it('defaults', () => {
    expect(parseListParams(new URLSearchParams(''))).toEqual({ page: 1, rows: DEFAULT_ROWS, sort: null });
  });
  it('reads page, rows and sort', () => {
    expect(parseListParams(new URLSearchParams('page=3&rows=50&sort=fileBytes&order=desc'))).toEqual({
      page: 3,
      rows: 50,
      sort: { field: 'fileBytes', order: 'desc' },
    });
  });
  it('ignores invalid values', () => {
    expect(parseListParams(new URLSearchParams('page=-2&rows=9999&sort=evil'))).toEqual({
      page: 1,
      rows: DEFAULT_ROWS,
      sort: null,
    });
  });
});
