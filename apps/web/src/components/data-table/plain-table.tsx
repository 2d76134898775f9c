/**
 * The table body of the data table (issue 17 "Weight and speed": antd's Table pulls its filter
 * dropdown's Tree, virtual list, radio and table styles into every file list's first load, ~75 KB gzip).
 * A semantic `<table>` drawn with antd's design tokens (theme.useToken: header and hover fills,
 * borders, sort and filter colours, the "middle" size's 12 × 8 px cells) so it looks like antd's
 * Table: header cells sort on click (the caller's cycle, `aria-sort` tells the order), a filter
 * trigger (an icon button named `filter`) opens the column's dropdown, which loads on first opening
 * (filter-panel.tsx); a selection column (LightCheckbox: select all / indeterminate); a horizontal scroll container
 * (`data-table-scroll`) below a least width; antd Spin and Empty around it and a light pagination
 * (LightPagination, antd's look without its Select) below. Columns with
 * `ellipsis` cut their text on one line with a title. Each body row carries `data-row-key` (its key),
 * as antd's Table rows do.
 */
import { CaretDownOutlined, CaretUpOutlined, FilterFilled } from '@ant-design/icons';
import { Empty, Popover, theme } from 'antd';
import {
  lazy,
  Suspense,
  useCallback,
  useRef,
  useState,
  type CSSProperties,
  type HTMLAttributes,
  type Key,
  type ReactElement,
  type ReactNode,
  type TdHTMLAttributes,
} from 'react';
import { LightCheckbox } from '../light/light-checkbox.tsx';
import { LightPagination } from '../light/light-pagination.tsx';
import './data-table.css';
import type { FilterValue, PlainFilter } from './table-state.ts';
import { LightSpinning } from '../light/light-spinning.tsx';
import { DROPDOWN_LIKE } from '../nav-menu/dropdown-like.ts';

export type { PlainFilter } from './table-state.ts';

const FilterPanel = lazy(async () => ({ default: (await import('./filter-panel.tsx')).FilterPanel }));

/** What a filter dropdown shows while its code loads. */
const FILTER_LOADING = <div style={{ padding: 12, width: 200, minHeight: 48 }} aria-busy="true" />;

/** One column as PlainTable draws it. */
export interface PlainColumn<T> {
  key: string;
  title: ReactNode;
  dataIndex?: string;
  /** px (number) or any CSS width; without one the column takes the room left. */
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  ellipsis?: boolean;
  render?: (value: unknown, row: T, index: number) => ReactNode;
  onCell?: (row: T) => TdHTMLAttributes<HTMLTableCellElement>;
  /** Present when the column sorts: its current order. */
  sort?: 'asc' | 'desc' | null;
  filter?: PlainFilter;
}

/** Props of PlainTable. */
export interface PlainTableProps<T> {
  columns: Array<PlainColumn<T>>;
  rows: T[];
  rowKey: keyof T & string;
  loading: boolean;
  /** Least width (px) of the table; below it the container scrolls sideways. */
  minWidth: number;
  /** Click on a sortable column's header. */
  onSort: (key: string) => void;
  /** A filter applied (undefined: removed). Checkbox filters give `string[]`. */
  onFilter: (key: string, value: string[] | FilterValue | undefined) => void;
  /** With a value, rows get a selection checkbox. */
  selection?: { keys: Key[]; onChange: (keys: Key[]) => void };
  empty?: ReactNode;
  onRow?: (row: T) => HTMLAttributes<HTMLElement>;
  rowClassName?: (row: T) => string;
  pagination: {
    current: number;
    pageSize: number;
    total: number;
    pageSizeOptions: number[];
    showTotal: (total: number) => ReactNode;
    onChange: (page: number, pageSize: number) => void;
  };
  testId?: string;
}

/** The header's filter trigger and its dropdown (the panel loads on first opening). */
function FilterTrigger(props: {
  filter: PlainFilter;
  onApply: (value: string[] | FilterValue | undefined) => void;
}): ReactElement {
  const [open, setOpen] = useState(false);
  // The checkbox choice being edited: closing the dropdown (outside click) applies it, as antd does.
  const draft = useRef<string[] | null>(null);
  const onDraft = useCallback((values: string[]) => void (draft.current = values), []);
  const active =
    props.filter.kind === 'checkbox' ? props.filter.value.length > 0 : props.filter.value !== undefined;
  return (
    // antd Popover drawn and moving like antd Dropdown (dropdown-like.ts; the panel is the box):
    // Dropdown would bring antd Menu into every table page's first load (issue 17).
    <Popover
      {...DROPDOWN_LIKE}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        const d = draft.current;
        draft.current = null;
        if (!next && d && props.filter.kind === 'checkbox' && d.join(',') !== props.filter.value.join(','))
          props.onApply(d);
      }}
      trigger={['click']}
      placement="bottomRight"
      destroyOnHidden
      content={
        <div className="plain-table-filter" onClick={(e) => e.stopPropagation()}>
          <Suspense fallback={FILTER_LOADING}>
            <FilterPanel
              filter={props.filter}
              onApply={(v) => {
                draft.current = null;
                props.onApply(v);
                setOpen(false);
              }}
              onDraft={onDraft}
            />
          </Suspense>
        </div>
      }
    >
      <span
        role="button"
        tabIndex={-1}
        className={`plain-table-filter-trigger${active ? ' active' : ''}`}
        onClick={(e) => e.stopPropagation()}
      >
        <FilterFilled />
      </span>
    </Popover>
  );
}

/** A value at a dot-free data index. */
const valueOf = <T,>(row: T, dataIndex: string | undefined): unknown =>
  dataIndex === undefined ? undefined : (row as Record<string, unknown>)[dataIndex];

/** The table, its loading veil and its pagination. */
export function PlainTable<T extends object>(props: PlainTableProps<T>): ReactElement {
  const { token } = theme.useToken();
  const { selection, rows } = props;
  const vars = {
    '--pt-header-bg': token.colorFillAlter,
    '--pt-header-color': token.colorTextHeading,
    '--pt-header-sort-bg': token.colorFillSecondary,
    '--pt-header-hover-bg': token.colorFillSecondary,
    '--pt-border': token.colorBorderSecondary,
    '--pt-split': token.colorSplit,
    '--pt-row-hover': token.colorFillAlter,
    '--pt-row-selected': token.controlItemBgActive,
    '--pt-row-selected-hover': token.controlItemBgActiveHover,
    '--pt-sort-bg': token.colorFillAlter,
    '--pt-icon': token.colorTextQuaternary,
    '--pt-icon-hover': token.colorTextTertiary,
    '--pt-primary': token.colorPrimary,
    '--pt-radius': `${token.borderRadiusLG}px`,
    '--pt-bg': token.colorBgContainer,
    '--pt-color': token.colorText,
    '--pt-font-size': `${token.fontSize}px`,
    '--pt-elevated': token.colorBgElevated,
    '--pt-shadow': token.boxShadowSecondary,
  } as CSSProperties;

  const keys = rows.map((r) => r[props.rowKey] as Key);
  const selected = new Set(selection?.keys ?? []);
  const selectedOnPage = keys.filter((k) => selected.has(k)).length;

  return (
    <div className="plain-table" style={vars} data-testid={props.testId}>
      <LightSpinning spinning={props.loading}>
        <div className="plain-table-scroll" data-table-scroll="">
          <table style={{ minWidth: props.minWidth }}>
            <colgroup>
              {selection && <col style={{ width: 40 }} />}
              {props.columns.map((c) => (
                <col key={c.key} style={c.width !== undefined ? { width: c.width } : undefined} />
              ))}
            </colgroup>
            <thead>
              <tr>
                {selection && (
                  <th className="plain-table-selection" scope="col">
                    <LightCheckbox
                      aria-label="select all"
                      checked={keys.length > 0 && selectedOnPage === keys.length}
                      indeterminate={selectedOnPage > 0 && selectedOnPage < keys.length}
                      disabled={keys.length === 0}
                      onChange={(e) => selection.onChange(e.target.checked ? keys : [])}
                    />
                  </th>
                )}
                {props.columns.map((c) => {
                  const sortable = c.sort !== undefined;
                  return (
                    <th
                      key={c.key}
                      scope="col"
                      className={[
                        sortable ? 'sortable' : '',
                        c.sort ? 'sorted' : '',
                        c.align ? `align-${c.align}` : '',
                      ].join(' ')}
                      aria-sort={
                        c.sort === 'asc' ? 'ascending' : c.sort === 'desc' ? 'descending' : undefined
                      }
                      tabIndex={sortable ? 0 : undefined}
                      onClick={sortable ? () => props.onSort(c.key) : undefined}
                      onKeyDown={
                        sortable
                          ? (e) => {
                              if (e.key === 'Enter') props.onSort(c.key);
                            }
                          : undefined
                      }
                    >
                      <div className="plain-table-th">
                        <span className="plain-table-title">{c.title}</span>
                        {sortable && (
                          <span className="plain-table-sorter" aria-hidden>
                            <CaretUpOutlined className={c.sort === 'asc' ? 'on' : undefined} />
                            <CaretDownOutlined className={c.sort === 'desc' ? 'on' : undefined} />
                          </span>
                        )}
                        {c.filter && (
                          <FilterTrigger filter={c.filter} onApply={(v) => props.onFilter(c.key, v)} />
                        )}
                      </div>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const key = keys[index]!;
                const rowProps = props.onRow?.(row) ?? {};
                const isSelected = selected.has(key);
                return (
                  <tr
                    key={String(key)}
                    data-row-key={String(key)}
                    {...rowProps}
                    className={[props.rowClassName?.(row) ?? '', isSelected ? 'selected' : '']
                      .join(' ')
                      .trim()}
                    aria-selected={selection ? isSelected : undefined}
                  >
                    {selection && (
                      <td className="plain-table-selection">
                        <LightCheckbox
                          checked={isSelected}
                          onChange={(e) =>
                            selection.onChange(
                              e.target.checked
                                ? [...(selection.keys ?? []), key]
                                : selection.keys.filter((k) => k !== key),
                            )
                          }
                        />
                      </td>
                    )}
                    {props.columns.map((c) => {
                      const value = valueOf(row, c.dataIndex);
                      const content = c.render ? c.render(value, row, index) : (value as ReactNode);
                      const cell = c.onCell?.(row) ?? {};
                      const title =
                        c.ellipsis && (typeof content === 'string' || typeof content === 'number')
                          ? String(content)
                          : undefined;
                      return (
                        <td
                          key={c.key}
                          title={title}
                          {...cell}
                          className={[
                            c.ellipsis ? 'ellipsis' : '',
                            c.sort ? 'sorted' : '',
                            c.align ? `align-${c.align}` : '',
                            cell.className ?? '',
                          ]
                            .join(' ')
                            .trim()}
                        >
                          {content}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
              {rows.length === 0 && (
                <tr className="plain-table-placeholder">
                  <td colSpan={props.columns.length + (selection ? 1 : 0)}>
                    {props.loading ? (
                      <div style={{ height: 120 }} />
                    ) : (
                      (props.empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)
                    )}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </LightSpinning>
      <LightPagination
        className="plain-table-pagination"
        current={props.pagination.current}
        pageSize={props.pagination.pageSize}
        total={props.pagination.total}
        pageSizeOptions={props.pagination.pageSizeOptions}
        showTotal={props.pagination.showTotal}
        onChange={props.pagination.onChange}
      />
    </div>
  );
}
