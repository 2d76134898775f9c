import { describe, expect, it } from 'vitest';
import {
  findInPage,
  firstMatchFrom,
  indexPageText,
  normalizeQuery,
  splitForHighlight,
  stepMatch,
  type PdfMatch,
} from './pdf-search.ts';

describe('PDF text search (001 §2 bundled PDF viewer)', () => {
  it('finds a Chinese word split over two text items and a line break', () => {
    const items = ['一层平面', '图', '', '说明：建筑', '平面图 A-101'];
    const page = indexPageText(items);
    const hits = findInPage(page, normalizeQuery('平面图'), 4);
    expect(hits).toHaveLength(2);
    expect(hits[0]).toEqual({
      page: 4,
      ranges: [
        { item: 0, start: 2, end: 4 },
        { item: 1, start: 0, end: 1 },
      ],
    });
    expect(hits[1]).toEqual({ page: 4, ranges: [{ item: 4, start: 0, end: 3 }] });
  });

  it('ignores case, full-width letters and white space', () => {
    const page = indexPageText(['Floor  Plan', 'ＡＢＣ floor', 'plan']);
    const hits = findInPage(page, normalizeQuery('floor plan'), 1);
    expect(hits.map((h) => h.ranges)).toEqual([
      [{ item: 0, start: 0, end: 11 }],
      [
        { item: 1, start: 4, end: 9 },
        { item: 2, start: 0, end: 4 },
      ],
    ]);
    expect(findInPage(page, normalizeQuery('abc'), 1)).toHaveLength(1);
    expect(normalizeQuery(' A b\tC ')).toBe('abc');
  });

  it('answers non-overlapping matches and nothing for an empty query', () => {
    const page = indexPageText(['aaaa']);
    expect(findInPage(page, 'aa', 1).map((m) => m.ranges[0]!.start)).toEqual([0, 2]);
    expect(findInPage(page, '', 1)).toEqual([]);
    expect(findInPage(page, 'b', 1)).toEqual([]);
  });

  it('steps through matches with wrap-around', () => {
    expect(stepMatch(-1, 5, 1)).toBe(0);
    expect(stepMatch(-1, 5, -1)).toBe(4);
    expect(stepMatch(4, 5, 1)).toBe(0);
    expect(stepMatch(0, 5, -1)).toBe(4);
    expect(stepMatch(2, 5, 1)).toBe(3);
    expect(stepMatch(0, 0, 1)).toBe(-1);
  });

  it('starts at the first match on or after the current page', () => {
    const m = (page: number): PdfMatch => ({ page, ranges: [] });
    const matches = [m(2), m(2), m(7), m(30)];
    expect(firstMatchFrom(matches, 1)).toBe(0);
    expect(firstMatchFrom(matches, 3)).toBe(2);
    expect(firstMatchFrom(matches, 31)).toBe(0);
    expect(firstMatchFrom([], 1)).toBe(-1);
  });

  it('cuts an item into plain and highlighted pieces', () => {
    expect(
      splitForHighlight('建筑平面图和立面图', [
        { start: 7, end: 9, selected: true },
        { start: 2, end: 5, selected: false },
      ]),
    ).toEqual([
      { text: '建筑', kind: 'plain' },
      { text: '平面图', kind: 'match' },
      { text: '和立', kind: 'plain' },
      { text: '面图', kind: 'selected' },
    ]);
    expect(splitForHighlight('abc', [])).toEqual([{ text: 'abc', kind: 'plain' }]);
    expect(splitForHighlight('abc', [{ start: 0, end: 99, selected: false }])).toEqual([
      { text: 'abc', kind: 'match' },
    ]);
  });
});
