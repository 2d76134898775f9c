/**
 * Which page buttons a pagination shows (issue 17 "Weight and speed": the light pagination keeps
 * @rc-component/pagination's choice, so the pages, the ••• jumps and their places stay as antd draws
 * them): every page up to 7 pages, else the first, the last, two pages each side of the current one
 * and a jump of 5 pages where pages are left out.
 */

/** One entry of the pager, in order. */
export type PagerItem =
  | {
      kind: 'page';
      page: number;
      active: boolean;
      disabled?: boolean;
      edge?: 'after-jump-prev' | 'before-jump-next';
    }
  | { kind: 'jump-prev' | 'jump-next'; to: number };

/** Number of pages of `total` rows (0 without rows). */
export const pageCount = (total: number, pageSize: number): number => Math.floor((total - 1) / pageSize) + 1;

/** The entries for page `current` of `allPages` (rc-pagination's rule, 2 pages buffer). */
export function pagerItems(current: number, allPages: number): PagerItem[] {
  const buffer = 2;
  if (allPages <= 3 + buffer * 2) {
    if (!allPages) return [{ kind: 'page', page: 1, active: false, disabled: true }];
    return Array.from({ length: allPages }, (_, i) => ({
      kind: 'page',
      page: i + 1,
      active: current === i + 1,
    }));
  }
  let left = Math.max(1, current - buffer);
  let right = Math.min(current + buffer, allPages);
  if (current - 1 <= buffer) right = 1 + buffer * 2;
  if (allPages - current <= buffer) left = allPages - buffer * 2;
  const jumpPrev = current - 1 >= buffer * 2 && current !== 1 + 2;
  const jumpNext = allPages - current >= buffer * 2 && current !== allPages - 2;
  if (jumpPrev && right !== allPages) left += 1;
  if (jumpNext && left !== 1) right -= 1;
  const items: PagerItem[] = [];
  for (let i = left; i <= right; i += 1) items.push({ kind: 'page', page: i, active: current === i });
  if (jumpPrev) {
    (items[0] as Extract<PagerItem, { kind: 'page' }>).edge = 'after-jump-prev';
    items.unshift({ kind: 'jump-prev', to: Math.max(1, current - 5) });
  }
  if (jumpNext) {
    (items[items.length - 1] as Extract<PagerItem, { kind: 'page' }>).edge = 'before-jump-next';
    items.push({ kind: 'jump-next', to: Math.min(allPages, current + 5) });
  }
  if (left !== 1) items.unshift({ kind: 'page', page: 1, active: false });
  if (right !== allPages) items.push({ kind: 'page', page: allPages, active: false });
  return items;
}
