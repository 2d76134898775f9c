/**
 * The data table of every file list (spec 001 §3 table column: label, prop, width, align, type
 * selection, sortable, order, filter options, visible; §4 sort cycle none → ascending → descending →
 * none one column at a time, filters reset / cleared and shown as closable tags; §5 the selection
 * warning 请选中一行数据; §9 size units and date shortcuts). Drawn by PlainTable (a semantic table in
 * antd's look, lighter than antd Table; issue 17) from the caller's state: the state lives with the caller (usually the URL, see
 * use-table-url-state.ts) and maps to the list endpoint's query, so sorting, filtering and paging run
 * on the server. Above the table: bulk actions (each warns 请选中一行数据 with nothing selected), the
 * 列设置 popover (visibility remembered per table), and the active filters as closable tags with 重置
 * (back to the table's defaults) and 清空 (every filter removed).
 */
import { Button, Tag } from 'antd';
import { useFeedback } from '../../lib/feedback.tsx';
import {
  useEffect,
  useMemo,
  useState,
  type HTMLAttributes,
  type Key,
  type ReactElement,
  type ReactNode,
  type TdHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { LightText } from '../light/light-text.tsx';
import { ColumnSettings, useHiddenColumns } from './column-settings.tsx';
import { PlainTable, type PlainColumn } from './plain-table.tsx';
import './data-table.css';
import './i18n.ts';
import {
  activeFilters,
  applyTableChange,
  clearFilters,
  filterTagText,
  withFilter,
  type FilterOption,
  type FilterSpec,
  type FilterValue,
  type TableQueryConfig,
  type TableState,
} from './table-state.ts';

/** Least width (px) of a column without a fixed width. */
const FLEX_MIN = 180;

export type { FilterOption } from './table-state.ts';

/** One column (001 §3 table column). `key` is also its sort field and filter key. */
export interface DataTableColumn<T> {
  key: string;
  title: string;
  dataIndex?: string;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  ellipsis?: boolean;
  render?: (value: unknown, row: T, index: number) => ReactNode;
  onCell?: (row: T) => TdHTMLAttributes<HTMLTableCellElement>;
  /** Sortable on the server (must be in the config's sortFields). */
  sortable?: boolean;
  /** Labels of a checkbox filter's options (the filter itself is in the config). */
  filterOptions?: FilterOption[];
  /** May be hidden in 列设置 (default true). */
  hideable?: boolean;
}

/** A bulk action above the table. */
export interface BulkAction<T> {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  /** Called with the selected rows; never with none (the user is warned instead). */
  onClick: (rows: T[]) => void;
}

/** Props of DataTable. */
export interface DataTableProps<T> {
  /** Remembers column visibility under this id. */
  tableId: string;
  columns: Array<DataTableColumn<T>>;
  config: TableQueryConfig;
  rows: T[];
  total: number;
  loading: boolean;
  rowKey: keyof T & string;
  state: TableState;
  onStateChange: (next: TableState) => void;
  /** The state 重置 goes back to (default: no sort, no filter). */
  defaultState?: TableState;
  /** Column keys hidden until the user chooses otherwise. */
  defaultHidden?: string[];
  /** Bulk actions; with any, rows get a selection checkbox. */
  bulkActions?: Array<BulkAction<T>>;
  /** More controls on the toolbar's left (search box…). */
  toolbar?: ReactNode;
  empty?: ReactNode;
  onRow?: (row: T) => HTMLAttributes<HTMLElement>;
  rowClassName?: (row: T) => string;
  testId?: string;
}

/** The shared data table. */
export function DataTable<T extends object>(props: DataTableProps<T>): ReactElement {
  const { t } = useTranslation(['dataTable', 'common']);
  const { message } = useFeedback();
  const { state, config, onStateChange } = props;
  const [hidden, setHidden] = useHiddenColumns(props.tableId, props.defaultHidden ?? []);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);

  // A selection belongs to the rows on screen: a new page, sort or filter clears it.
  const pageKey = JSON.stringify(state);
  useEffect(() => setSelectedKeys([]), [pageKey]);

  const filters = activeFilters(state.filters);
  const hasFilters = Object.keys(filters).length > 0;
  const defaults = props.defaultState ?? { page: 1, rows: config.defaultRows, sort: null, filters: {} };

  const columns = useMemo(() => {
    const out: Array<PlainColumn<T>> = [];
    for (const c of props.columns) {
      if (hidden.includes(c.key) && c.hideable !== false) continue;
      const spec: FilterSpec | undefined = config.filters[c.key];
      const value = state.filters[c.key];
      const col: PlainColumn<T> = {
        key: c.key,
        title: c.title,
        dataIndex: c.dataIndex,
        width: c.width,
        align: c.align,
        ellipsis: c.ellipsis,
        render: c.render,
        onCell: c.onCell,
      };
      if (c.sortable && config.sortFields.includes(c.key))
        col.sort = state.sort?.field === c.key ? state.sort.order : null;
      if (spec?.kind === 'checkbox') {
        const labels = new Map((c.filterOptions ?? []).map((o) => [o.value, o.label]));
        col.filter = {
          kind: 'checkbox',
          options: spec.options.map((v) => ({ value: v, label: labels.get(v) ?? v })),
          value: value?.kind === 'checkbox' ? value.values : [],
        };
      } else if (spec?.kind === 'numberRange') {
        col.filter = {
          kind: 'numberRange',
          unit: spec.unit,
          value: value?.kind === 'numberRange' ? value : undefined,
        };
      } else if (spec?.kind === 'dateRange') {
        col.filter = { kind: 'dateRange', value: value?.kind === 'dateRange' ? value : undefined };
      }
      out.push(col);
    }
    return out;
  }, [props.columns, hidden, config, state]);

  const onFilter = (key: string, v: string[] | FilterValue | undefined) =>
    onStateChange(
      Array.isArray(v)
        ? applyTableChange(state, { action: 'filter', filters: { [key]: v } }, config)
        : withFilter(state, key, v),
    );

  const selectedRows = props.rows.filter((r) => selectedKeys.includes(r[props.rowKey] as Key));
  const runBulk = (a: BulkAction<T>) => {
    if (selectedRows.length === 0) {
      void message.warning(t('selectRow'));
      return;
    }
    a.onClick(selectedRows);
  };

  const words = { atLeast: t('atLeast'), atMost: t('atMost'), from: t('from'), until: t('until') };
  const tags = Object.entries(filters).flatMap(([key, v]) => {
    const c = props.columns.find((x) => x.key === key);
    const spec = config.filters[key];
    if (!c || !spec) return [];
    const labels = new Map((c.filterOptions ?? []).map((o) => [o.value, o.label]));
    const text = filterTagText(
      c.title,
      v,
      (x) => labels.get(x) ?? x,
      words,
      spec.kind === 'numberRange' ? spec.unit : 'none',
    );
    return [{ key, text }];
  });

  const hideable = props.columns.filter((c) => c.hideable !== false);
  // Columns without a width (the file name) keep at least FLEX_MIN px: below that the table scrolls
  // sideways instead of squeezing them to an ellipsis.
  const scrollX =
    columns.reduce(
      (sum, c) => sum + (typeof c.width === 'number' ? c.width : FLEX_MIN),
      (props.bulkActions?.length ?? 0) > 0 ? 40 : 0,
    ) + 2;
  const bulk = props.bulkActions ?? [];

  return (
    <div className="data-table" data-testid={props.testId ? `${props.testId}-wrap` : undefined}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12, flexWrap: 'wrap' }}>
        {bulk.length > 0 && (
          <div style={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
            {bulk.map((a) => (
              <Button key={a.key} icon={a.icon} danger={a.danger} onClick={() => runBulk(a)}>
                {a.label}
              </Button>
            ))}
            {selectedRows.length > 0 && (
              <LightText type="secondary">{t('selected', { count: selectedRows.length })}</LightText>
            )}
          </div>
        )}
        <div style={{ flex: 1, display: 'flex', justifyContent: 'flex-end', gap: 8, minWidth: 0 }}>
          {props.toolbar}
          {hideable.length > 0 && (
            <ColumnSettings
              columns={hideable.map((c) => ({ key: c.key, title: c.title }))}
              hidden={hidden}
              onChange={setHidden}
            />
          )}
        </div>
      </div>
      {hasFilters && (
        <div
          data-testid="filter-tags"
          style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 6, marginBottom: 12 }}
        >
          <LightText type="secondary">{t('filters')}</LightText>
          {tags.map((tag) => (
            <Tag
              key={tag.key}
              closable
              color="blue"
              onClose={(e) => {
                e.preventDefault();
                onStateChange(withFilter(state, tag.key, undefined));
              }}
              data-testid={`filter-tag-${tag.key}`}
              style={{ marginInlineEnd: 0 }}
            >
              {tag.text}
            </Tag>
          ))}
          <Button type="link" size="small" onClick={() => onStateChange({ ...defaults, rows: state.rows })}>
            {t('reset')}
          </Button>
          <Button type="link" size="small" danger onClick={() => onStateChange(clearFilters(state))}>
            {t('clear')}
          </Button>
        </div>
      )}
      <PlainTable<T>
        testId={props.testId}
        rowKey={props.rowKey}
        columns={columns}
        rows={props.rows}
        loading={props.loading}
        minWidth={scrollX}
        onSort={(key) => onStateChange(applyTableChange(state, { action: 'sort', columnKey: key }, config))}
        onFilter={onFilter}
        selection={bulk.length > 0 ? { keys: selectedKeys, onChange: setSelectedKeys } : undefined}
        empty={props.empty}
        onRow={props.onRow}
        rowClassName={props.rowClassName}
        pagination={{
          current: state.page,
          pageSize: state.rows,
          total: props.total,
          pageSizeOptions: [...config.pageSizes],
          showTotal: (total) => t('common:table.total', { count: total }),
          onChange: (page, pageSize) =>
            onStateChange(applyTableChange(state, { action: 'paginate', page, pageSize }, config)),
        }}
      />
    </div>
  );
}
