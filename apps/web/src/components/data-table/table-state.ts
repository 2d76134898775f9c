/**
 * State of the data table (spec 001 §3 table column: sortable, order, filter options — checkbox list,
 * numeric range, date-time range; §4 "Table sort cycles per column none → ascending → descending →
 * none, one column at a time. Filters can be reset or cleared and show as closable tags"; §9 size
 * units B/KB/MB/GB, date format yyyy-MM-dd HH:mm:ss, shortcuts last week / month (30 days) / three
 * months (90 days)) and its mapping to and from query parameters.
 *
 * The same parameters are the URL of the page and the query of the list endpoint
 * (`packages/contracts/src/listing.ts`), so a table state is shareable and runs on the server:
 * `sort` + `order`; checkbox list `<param>=a,b`; numeric range `<param>Min` / `<param>Max`; date
 * range `<param>From` / `<param>To`; paging `page` / `rows`. Pure functions, no React.
 */
import dayjs from 'dayjs';

/** A checkbox filter option: its value and label. */
export interface FilterOption {
  value: string;
  label: string;
}

/** A column's filter: checkbox options, or a range edited by a filter-panel component. */
export type PlainFilter =
  | { kind: 'checkbox'; options: FilterOption[]; value: string[] }
  | {
      kind: 'numberRange';
      unit: 'bytes' | 'none';
      value: Extract<FilterValue, { kind: 'numberRange' }> | undefined;
    }
  | { kind: 'dateRange'; value: Extract<FilterValue, { kind: 'dateRange' }> | undefined };

/** Sort direction. */
export type SortOrder = 'asc' | 'desc';

/** The one sorted column, or none. */
export interface TableSort {
  field: string;
  order: SortOrder;
}

/** How a column filters, and under which query parameter. */
export type FilterSpec =
  | { kind: 'checkbox'; param: string; options: readonly string[] }
  | { kind: 'numberRange'; param: string; unit: 'bytes' | 'none' }
  | { kind: 'dateRange'; param: string };

/** A column filter's value (by kind). Date values are "yyyy-MM-dd HH:mm:ss". */
export type FilterValue =
  | { kind: 'checkbox'; values: string[] }
  | { kind: 'numberRange'; min?: number; max?: number }
  | { kind: 'dateRange'; from?: string; to?: string };

/** Everything that selects the rows of a table page. `filters` is keyed by column key. */
export interface TableState {
  page: number;
  rows: number;
  sort: TableSort | null;
  filters: Record<string, FilterValue>;
}

/** What a table may sort and filter by (the client side of the server's whitelist). */
export interface TableQueryConfig {
  sortFields: readonly string[];
  /** Column key → its filter. */
  filters: Record<string, FilterSpec>;
  defaultRows: number;
  /** Page sizes offered (a `rows` outside them falls back to the default). */
  pageSizes: readonly number[];
}

/** Date-time format of filter values and tags (001 §9). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The sort cycle of 001 §4 for one column: none → ascending → descending → none. */
export function nextSortOrder(current: SortOrder | null): SortOrder | null {
  return current === null ? 'asc' : current === 'asc' ? 'desc' : null;
}

/**
 * The sort after a click on `field`'s header: the same column steps through the cycle; another column
 * starts at ascending and the previous one is dropped (one column at a time).
 */
export function cycleSort(sort: TableSort | null, field: string): TableSort | null {
  const order = nextSortOrder(sort?.field === field ? sort.order : null);
  return order ? { field, order } : null;
}

/** A state with no sort, no filter, page 1. */
export function emptyState(config: TableQueryConfig): TableState {
  return { page: 1, rows: config.defaultRows, sort: null, filters: {} };
}

/** Whether a filter value selects anything (an empty list or open range does not). */
export function isActiveFilter(v: FilterValue | undefined): v is FilterValue {
  if (!v) return false;
  if (v.kind === 'checkbox') return v.values.length > 0;
  if (v.kind === 'numberRange') return v.min !== undefined || v.max !== undefined;
  return !!v.from || !!v.to;
}

/** The state's active filters only. */
export function activeFilters(filters: Record<string, FilterValue>): Record<string, FilterValue> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => isActiveFilter(v)));
}

/** Set (or, with undefined / an inactive value, remove) one column's filter; back to page 1. */
export function withFilter(state: TableState, key: string, value: FilterValue | undefined): TableState {
  const filters = { ...state.filters };
  if (isActiveFilter(value)) filters[key] = value;
  else delete filters[key];
  return { ...state, filters, page: 1 };
}

/** 清空: every filter removed (sort and page size kept), page 1. */
export function clearFilters(state: TableState): TableState {
  return { ...state, filters: {}, page: 1 };
}

/** Query parameters of a state. Defaults (page 1, default rows) are left out unless `withPaging`. */
export function stateToParams(
  state: TableState,
  config: TableQueryConfig,
  opts: { withPaging?: boolean } = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  if (opts.withPaging || state.page > 1) out.page = String(state.page);
  if (opts.withPaging || state.rows !== config.defaultRows) out.rows = String(state.rows);
  if (state.sort && config.sortFields.includes(state.sort.field)) {
    out.sort = state.sort.field;
    out.order = state.sort.order;
  }
  for (const [key, spec] of Object.entries(config.filters)) {
    const v = state.filters[key];
    if (!isActiveFilter(v) || v.kind !== spec.kind) continue;
    if (v.kind === 'checkbox') out[spec.param] = v.values.join(',');
    else if (v.kind === 'numberRange') {
      if (v.min !== undefined) out[`${spec.param}Min`] = String(v.min);
      if (v.max !== undefined) out[`${spec.param}Max`] = String(v.max);
    } else {
      if (v.from) out[`${spec.param}From`] = v.from;
      if (v.to) out[`${spec.param}To`] = v.to;
    }
  }
  return out;
}

/** Every query parameter a config may write (to clear them from a URL). */
export function paramNames(config: TableQueryConfig): string[] {
  const names = ['page', 'rows', 'sort', 'order'];
  for (const spec of Object.values(config.filters)) {
    if (spec.kind === 'checkbox') names.push(spec.param);
    else if (spec.kind === 'numberRange') names.push(`${spec.param}Min`, `${spec.param}Max`);
    else names.push(`${spec.param}From`, `${spec.param}To`);
  }
  return names;
}

const readInt = (s: string | null): number | undefined => {
  if (s === null || !/^\d{1,16}$/.test(s.trim())) return undefined;
  return Number(s);
};

const readDate = (s: string | null): string | undefined => {
  if (!s) return undefined;
  const d = dayjs(s);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : undefined;
};

/**
 * The state a query string describes. Anything unknown or malformed is dropped (a sort field outside
 * the whitelist, an option not offered, a non-numeric bound), so a hand-edited URL never reaches the
 * server as a bad request.
 */
export function paramsToState(sp: URLSearchParams, config: TableQueryConfig): TableState {
  const page = Math.max(1, readInt(sp.get('page')) ?? 1);
  const rowsRaw = readInt(sp.get('rows'));
  const rows = rowsRaw !== undefined && config.pageSizes.includes(rowsRaw) ? rowsRaw : config.defaultRows;
  const field = sp.get('sort');
  const sort: TableSort | null =
    field && config.sortFields.includes(field)
      ? { field, order: sp.get('order') === 'desc' ? 'desc' : 'asc' }
      : null;
  const filters: Record<string, FilterValue> = {};
  for (const [key, spec] of Object.entries(config.filters)) {
    let v: FilterValue;
    if (spec.kind === 'checkbox') {
      const values = (sp.get(spec.param) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s, i, all) => spec.options.includes(s) && all.indexOf(s) === i);
      v = { kind: 'checkbox', values };
    } else if (spec.kind === 'numberRange') {
      const min = readInt(sp.get(`${spec.param}Min`));
      const max = readInt(sp.get(`${spec.param}Max`));
      v = { kind: 'numberRange', min, max };
      if (min !== undefined && max !== undefined && min > max) continue;
    } else {
      const from = readDate(sp.get(`${spec.param}From`));
      const to = readDate(sp.get(`${spec.param}To`));
      v = { kind: 'dateRange', from, to };
      if (from && to && from > to) continue;
    }
    if (isActiveFilter(v)) filters[key] = v;
  }
  return { page, rows, sort, filters };
}

/** Size units of 001 §9. */
export const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

/** Bytes of `value` `unit` (rounded to a whole byte). */
export function toBytes(value: number, unit: SizeUnit): number {
  return Math.round(value * 1024 ** SIZE_UNITS.indexOf(unit));
}

/** The largest unit in which `bytes` is at least 1 (B for 0), and the value in it. */
export function fromBytes(bytes: number): { value: number; unit: SizeUnit } {
  let i = 0;
  while (i < SIZE_UNITS.length - 1 && bytes >= 1024 ** (i + 1)) i += 1;
  return { value: Number((bytes / 1024 ** i).toFixed(2)), unit: SIZE_UNITS[i]! };
}

/** "12 MB" style text of a byte count for tags. */
export function bytesText(bytes: number): string {
  const { value, unit } = fromBytes(bytes);
  return `${value} ${unit}`;
}

/** The date shortcuts of 001 §9: last week (7 days), month (30 days), three months (90 days). */
export const DATE_SHORTCUTS = { week: 7, month: 30, threeMonths: 90 } as const;
export type DateShortcut = keyof typeof DATE_SHORTCUTS;

/** The range of a shortcut ending now: from `days` days ago to now, both "yyyy-MM-dd HH:mm:ss". */
export function dateShortcutRange(
  shortcut: DateShortcut,
  now: Date = new Date(),
): { from: string; to: string } {
  const end = dayjs(now);
  return {
    from: end.subtract(DATE_SHORTCUTS[shortcut], 'day').format(DATE_TIME_FORMAT),
    to: end.format(DATE_TIME_FORMAT),
  };
}

/**
 * Text of one active filter for its tag, e.g. "类型: 模型, 图纸", "大小: ≥ 1 MB", "修改时间: 2026-01-01
 * 00:00:00 ~ 2026-02-01 00:00:00". `optionLabel` names checkbox values; `words` gives the range words.
 */
export function filterTagText(
  title: string,
  v: FilterValue,
  optionLabel: (value: string) => string,
  words: { atLeast: string; atMost: string; from: string; until: string },
  unit: 'bytes' | 'none' = 'none',
): string {
  if (v.kind === 'checkbox') return `${title}: ${v.values.map(optionLabel).join(', ')}`;
  if (v.kind === 'numberRange') {
    const n = (x: number) => (unit === 'bytes' ? bytesText(x) : String(x));
    if (v.min !== undefined && v.max !== undefined) return `${title}: ${n(v.min)} ~ ${n(v.max)}`;
    return v.min !== undefined
      ? `${title}: ${words.atLeast} ${n(v.min)}`
      : `${title}: ${words.atMost} ${n(v.max!)}`;
  }
  if (v.from && v.to) return `${title}: ${v.from} ~ ${v.to}`;
  return v.from ? `${title}: ${words.from} ${v.from}` : `${title}: ${words.until} ${v.to}`;
}

/** One change reported by the antd Table (its `onChange` with `extra.action`). */
export type TableChange =
  | { action: 'paginate'; page: number; pageSize: number }
  | { action: 'sort'; columnKey: string | undefined }
  | { action: 'filter'; filters: Record<string, ReadonlyArray<unknown> | null | undefined> };

/**
 * The next state after a table change: paging keeps sort and filters (a new page size goes back to
 * page 1); a header click steps that column's sort cycle (others' sort dropped) and goes to page 1;
 * a checkbox-filter change replaces those columns' values and goes to page 1. Range filters are set
 * through `withFilter` by their own dropdowns.
 */
export function applyTableChange(
  state: TableState,
  change: TableChange,
  config: TableQueryConfig,
): TableState {
  if (change.action === 'paginate') {
    const rows = change.pageSize;
    return { ...state, rows, page: rows !== state.rows ? 1 : change.page };
  }
  if (change.action === 'sort') {
    // antd reports a cancelled sort (the third click) without its column: that can only be the
    // column sorted now.
    const key = change.columnKey ?? state.sort?.field;
    if (!key || !config.sortFields.includes(key)) return state;
    return { ...state, sort: cycleSort(state.sort, key), page: 1 };
  }
  let next = state;
  for (const [key, spec] of Object.entries(config.filters)) {
    if (spec.kind !== 'checkbox' || !(key in change.filters)) continue;
    const values = (change.filters[key] ?? []).map(String).filter((s) => spec.options.includes(s));
    const before = state.filters[key];
    const same =
      before?.kind === 'checkbox' && before.values.join(',') === values.join(',')
        ? true
        : !before && values.length === 0;
    if (!same) next = withFilter(next, key, { kind: 'checkbox', values });
  }
  return next;
}
