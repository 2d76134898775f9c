/**
 * The pages a pagination shows (pager-items.ts, issue 17): the same choice as antd's
 * @rc-component/pagination, so the light pager matches antd's.
 */
import { describe, expect, it } from 'vitest';
import { pageCount, pagerItems, type PagerItem } from './pager-items.ts';

/** A compact picture: page numbers, `*n` the current one, `<n` / `>n` the jumps to n. */
const picture = (items: PagerItem[]) =>
  items
    .map((i) =>
      i.kind === 'page'
        ? i.active
          ? `*${i.page}`
          : String(i.page)
        : `${i.kind === 'jump-prev' ? '<' : '>'}${i.to}`,
    )
    .join(' ');

describe('pagerItems', () => {
  it('counts pages (none without rows)', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(1, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(131, 20)).toBe(7);
  });

  it('shows a disabled page 1 without rows, every page up to 7', () => {
    expect(pagerItems(1, 0)).toEqual([{ kind: 'page', page: 1, active: false, disabled: true }]);
    expect(picture(pagerItems(3, 7))).toBe('1 2 *3 4 5 6 7');
  });

  it('puts jumps of 5 pages where pages are left out', () => {
    expect(picture(pagerItems(1, 20))).toBe('*1 2 3 4 5 >6 20');
    expect(picture(pagerItems(3, 20))).toBe('1 2 *3 4 5 >8 20');
    expect(picture(pagerItems(4, 20))).toBe('1 2 3 *4 5 >9 20');
    expect(picture(pagerItems(5, 20))).toBe('1 <1 4 *5 6 >10 20');
    expect(picture(pagerItems(10, 20))).toBe('1 <5 9 *10 11 >15 20');
    expect(picture(pagerItems(18, 20))).toBe('1 <13 16 17 *18 19 20');
    expect(picture(pagerItems(20, 20))).toBe('1 <15 16 17 18 19 *20');
  });

  it('marks the pages next to a jump (hidden on narrow screens)', () => {
    const items = pagerItems(10, 20);
    expect(items[2]).toMatchObject({ page: 9, edge: 'after-jump-prev' });
    expect(items[4]).toMatchObject({ page: 11, edge: 'before-jump-next' });
  });
});
