import { describe, expect, it } from 'vitest';
import {
  applyTableChange,
  clearFilters,
  cycleSort,
  dateShortcutRange,
  emptyState,
  filterTagText,
  fromBytes,
  nextSortOrder,
  paramNames,
  paramsToState,
  stateToParams,
  toBytes,
  withFilter,
  type TableQueryConfig,
  type TableState,
} from './table-state.ts';

const config: TableQueryConfig = {
  sortFields: ['fileName', 'fileBytes', 'updateTime'],
  filters: {
    fileSuffix: { kind: 'checkbox', param: 'type', options: ['model', 'office', 'image'] },
    status: { kind: 'checkbox', param: 'status', options: ['0', '1', '2', '3', '4'] },
    fileBytes: { kind: 'numberRange', param: 'size', unit: 'bytes' },
    updateTime: { kind: 'dateRange', param: 'update' },
  },
  defaultRows: 20,
  pageSizes: [20, 50, 100],
};

const words = { atLeast: '≥', atMost: '≤', from: '从', until: '至' };

describe('sort cycle (001 §4)', () => {
  it('steps none → ascending → descending → none', () => {
    expect(nextSortOrder(null)).toBe('asc');
    expect(nextSortOrder('asc')).toBe('desc');
    expect(nextSortOrder('desc')).toBeNull();
  });

  it('keeps one column at a time: another header starts at ascending', () => {
    let sort = cycleSort(null, 'fileName');
    expect(sort).toEqual({ field: 'fileName', order: 'asc' });
    sort = cycleSort(sort, 'fileName');
    expect(sort).toEqual({ field: 'fileName', order: 'desc' });
    sort = cycleSort(sort, 'fileBytes');
    expect(sort).toEqual({ field: 'fileBytes', order: 'asc' });
    sort = cycleSort(sort, 'fileBytes');
    sort = cycleSort(sort, 'fileBytes');
    expect(sort).toBeNull();
  });

  it('a header click through the table change goes back to page 1; unknown columns do nothing', () => {
    const s: TableState = { ...emptyState(config), page: 4 };
    const a = applyTableChange(s, { action: 'sort', columnKey: 'updateTime' }, config);
    expect(a).toMatchObject({ page: 1, sort: { field: 'updateTime', order: 'asc' } });
    const b = applyTableChange(a, { action: 'sort', columnKey: 'updateTime' }, config);
    expect(b.sort).toEqual({ field: 'updateTime', order: 'desc' });
    expect(applyTableChange(b, { action: 'sort', columnKey: 'updateTime' }, config).sort).toBeNull();
    expect(applyTableChange(b, { action: 'sort', columnKey: 'actions' }, config)).toBe(b);
    // antd reports the cancelling third click without a column key.
    expect(applyTableChange(b, { action: 'sort', columnKey: undefined }, config).sort).toBeNull();
    expect(
      applyTableChange(emptyState(config), { action: 'sort', columnKey: undefined }, config).sort,
    ).toBeNull();
  });
});

describe('table state ↔ query parameters', () => {
  const full: TableState = {
    page: 3,
    rows: 50,
    sort: { field: 'fileBytes', order: 'desc' },
    filters: {
      fileSuffix: { kind: 'checkbox', values: ['model', 'office'] },
      status: { kind: 'checkbox', values: ['3'] },
      fileBytes: { kind: 'numberRange', min: 1048576, max: 10485760 },
      updateTime: { kind: 'dateRange', from: '2026-01-01 00:00:00', to: '2026-02-01 12:30:00' },
    },
  };

  it('writes the endpoint parameters of listing.ts', () => {
    expect(stateToParams(full, config)).toEqual({
      page: '3',
      rows: '50',
      sort: 'fileBytes',
      order: 'desc',
      type: 'model,office',
      status: '3',
      sizeMin: '1048576',
      sizeMax: '10485760',
      updateFrom: '2026-01-01 00:00:00',
      updateTo: '2026-02-01 12:30:00',
    });
  });

  it('round-trips through a URL', () => {
    const sp = new URLSearchParams(stateToParams(full, config));
    expect(paramsToState(sp, config)).toEqual(full);
  });

  it('leaves defaults out of the URL but sends paging to the endpoint', () => {
    const s = emptyState(config);
    expect(stateToParams(s, config)).toEqual({});
    expect(stateToParams(s, config, { withPaging: true })).toEqual({ page: '1', rows: '20' });
  });

  it('writes one-sided ranges and drops empty filters', () => {
    const s = withFilter(
      withFilter(emptyState(config), 'fileBytes', { kind: 'numberRange', min: 5 }),
      'fileSuffix',
      { kind: 'checkbox', values: [] },
    );
    expect(stateToParams(s, config)).toEqual({ sizeMin: '5' });
    expect(s.filters).toEqual({ fileBytes: { kind: 'numberRange', min: 5 } });
  });

  it('drops what the server would refuse: unknown sort, options, bad numbers, reversed ranges', () => {
    const sp = new URLSearchParams(
      'page=-2&rows=9999&sort=owner_id&type=model,evil,model&status=9&sizeMin=abc&sizeMax=10&updateFrom=2026-03-01&updateTo=2026-01-01',
    );
    expect(paramsToState(sp, config)).toEqual({
      page: 1,
      rows: 20,
      sort: null,
      filters: {
        fileSuffix: { kind: 'checkbox', values: ['model'] },
        fileBytes: { kind: 'numberRange', min: undefined, max: 10 },
      },
    });
  });

  it('lists every parameter it may write (to clear them)', () => {
    expect(paramNames(config).sort()).toEqual(
      [
        'page',
        'rows',
        'sort',
        'order',
        'type',
        'status',
        'sizeMin',
        'sizeMax',
        'updateFrom',
        'updateTo',
      ].sort(),
    );
  });
});

describe('filter changes', () => {
  it('a checkbox filter change replaces its values and goes to page 1', () => {
    const s: TableState = { ...emptyState(config), page: 2 };
    const a = applyTableChange(
      s,
      { action: 'filter', filters: { status: ['3', '4'], fileSuffix: null } },
      config,
    );
    expect(a.page).toBe(1);
    expect(a.filters).toEqual({ status: { kind: 'checkbox', values: ['3', '4'] } });
    const b = applyTableChange(a, { action: 'filter', filters: { status: null } }, config);
    expect(b.filters).toEqual({});
  });

  it('paging keeps sort and filters; a new page size restarts at page 1', () => {
    const s = withFilter(emptyState(config), 'status', { kind: 'checkbox', values: ['1'] });
    const p = applyTableChange(s, { action: 'paginate', page: 3, pageSize: 20 }, config);
    expect(p).toMatchObject({ page: 3, filters: s.filters });
    expect(applyTableChange(p, { action: 'paginate', page: 3, pageSize: 50 }, config)).toMatchObject({
      page: 1,
      rows: 50,
    });
  });

  it('清空 removes every filter and keeps the sort', () => {
    const s: TableState = {
      ...emptyState(config),
      page: 5,
      sort: { field: 'fileName', order: 'asc' },
      filters: { status: { kind: 'checkbox', values: ['1'] } },
    };
    expect(clearFilters(s)).toEqual({ ...s, page: 1, filters: {} });
  });
});

describe('units, shortcuts and tags', () => {
  it('converts sizes with units (001 §9 B, KB, MB, GB)', () => {
    expect(toBytes(1.5, 'KB')).toBe(1536);
    expect(toBytes(2, 'GB')).toBe(2 * 1024 ** 3);
    expect(fromBytes(10485760)).toEqual({ value: 10, unit: 'MB' });
    expect(fromBytes(0)).toEqual({ value: 0, unit: 'B' });
    expect(fromBytes(1536)).toEqual({ value: 1.5, unit: 'KB' });
  });

  it('date shortcuts are 7, 30 and 90 days back from now', () => {
    const now = new Date(2026, 2, 31, 10, 20, 30);
    expect(dateShortcutRange('week', now)).toEqual({
      from: '2026-03-24 10:20:30',
      to: '2026-03-31 10:20:30',
    });
    expect(dateShortcutRange('month', now).from).toBe('2026-03-01 10:20:30');
    expect(dateShortcutRange('threeMonths', now).from).toBe('2025-12-31 10:20:30');
  });

  it('describes each filter kind for its tag', () => {
    const label = (v: string) => ({ model: '模型', office: '办公文档' })[v] ?? v;
    expect(filterTagText('类型', { kind: 'checkbox', values: ['model', 'office'] }, label, words)).toBe(
      '类型: 模型, 办公文档',
    );
    expect(filterTagText('大小', { kind: 'numberRange', min: 1048576 }, label, words, 'bytes')).toBe(
      '大小: ≥ 1 MB',
    );
    expect(
      filterTagText('大小', { kind: 'numberRange', min: 1024, max: 1048576 }, label, words, 'bytes'),
    ).toBe('大小: 1 KB ~ 1 MB');
    expect(filterTagText('修改时间', { kind: 'dateRange', to: '2026-01-01 00:00:00' }, label, words)).toBe(
      '修改时间: 至 2026-01-01 00:00:00',
    );
  });
});
