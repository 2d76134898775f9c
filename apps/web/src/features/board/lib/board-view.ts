/**
 * Pure helpers of the /board page (spec 001 §2; issue 16): the scope in the address
 * (`?scope=project&id=<iuid>`, `?scope=company`, none = 我的空间), the picker's value for it, and the
 * share of a part in a whole as a bar percentage.
 */
import type { BoardSelection } from '../api/get-board.ts';

/** The picker value of 我的空间 and of the company board; a project's is `project:<iuid>`. */
export const PERSONAL_VALUE = 'personal';
export const COMPANY_VALUE = 'company';

/**
 * The board asked for by the address. Unknown scopes and a project without an id fall back to the
 * personal board; the company board only when `mayCompany` (the caller administers a company).
 */
export function selectionOf(params: URLSearchParams, mayCompany: boolean): BoardSelection {
  const scope = params.get('scope');
  const id = params.get('id')?.trim() ?? '';
  if (scope === 'project' && id) return { scope: 'project', id };
  if (scope === 'company' && mayCompany) return { scope: 'company' };
  return { scope: 'personal' };
}

/** The picker value of a selection. */
export function pickerValueOf(s: BoardSelection): string {
  if (s.scope === 'project') return `project:${s.id ?? ''}`;
  return s.scope === 'company' ? COMPANY_VALUE : PERSONAL_VALUE;
}

/** The address parameters of a picker value (empty for 我的空间). */
export function paramsOfPickerValue(value: string): Record<string, string> {
  if (value === COMPANY_VALUE) return { scope: 'company' };
  if (value.startsWith('project:')) return { scope: 'project', id: value.slice('project:'.length) };
  return {};
}

/**
 * `part` of `total` in percent for a bar (0–100, one decimal): 0 for an empty total; a non-zero part
 * never shows as 0 (at least 1), so a small group still has a visible bar.
 */
export function percentOf(part: number, total: number): number {
  if (total <= 0 || part <= 0) return 0;
  const p = Math.round((part / total) * 1000) / 10;
  return Math.min(100, Math.max(1, p));
}
