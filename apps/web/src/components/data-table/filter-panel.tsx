/**
 * The content of a column's filter dropdown in the data table (spec 001 §3 table column filter
 * options), loaded when a filter first opens (issue 17): a checkbox list as a menu of options (each
 * a `menuitem` with its checkbox) with 重置 (clears the choice) and 确定 (applies it), like antd
 * Table's own filter; or the numeric / date range editors of filter-dropdowns.tsx.
 */
import { Button, Checkbox, ConfigProvider, Menu } from 'antd';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, NumberRangeFilter } from './filter-dropdowns.tsx';
import './i18n.ts';
import type { FilterValue, PlainFilter } from './table-state.ts';

/** Props of FilterPanel. */
export interface FilterPanelProps {
  filter: PlainFilter;
  /** Apply a value (checkbox: the chosen option values; ranges: undefined when cleared). */
  onApply: (value: string[] | FilterValue | undefined) => void;
  /** The checkbox choice being edited, reported as it changes (applied when the dropdown closes). */
  onDraft?: (values: string[]) => void;
}

/** Menu item sizes of a dropdown menu (antd's filter menu is a dropdown menu). */
const MENU_THEME = {
  components: { Menu: { itemHeight: 32, itemMarginBlock: 0, itemMarginInline: 4, activeBarBorderWidth: 0 } },
};

/** The checkbox list with its footer. */
function CheckboxFilter(props: {
  filter: Extract<PlainFilter, { kind: 'checkbox' }>;
  onApply: (values: string[]) => void;
  onDraft?: (values: string[]) => void;
}): ReactElement {
  const { t } = useTranslation('dataTable');
  const [draft, setDraft] = useState<string[]>(props.filter.value);
  const { onDraft } = props;
  useEffect(() => onDraft?.(draft), [draft, onDraft]);
  const toggle = (v: string) => setDraft((d) => (d.includes(v) ? d.filter((x) => x !== v) : [...d, v]));
  return (
    <div data-testid="checkbox-filter">
      <ConfigProvider theme={MENU_THEME}>
        <Menu
          selectable={false}
          style={{ maxHeight: 264, overflowY: 'auto', paddingBlock: 4 }}
          onClick={({ key }) => toggle(key)}
          items={props.filter.options.map((o) => ({
            key: o.value,
            label: (
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                <Checkbox checked={draft.includes(o.value)} tabIndex={-1} />
                <span>{o.label}</span>
              </span>
            ),
          }))}
        />
      </ConfigProvider>
      <div className="plain-table-filter-footer">
        <Button type="link" size="small" disabled={draft.length === 0} onClick={() => setDraft([])}>
          {t('reset')}
        </Button>
        <Button type="primary" size="small" onClick={() => props.onApply(draft)}>
          {t('apply')}
        </Button>
      </div>
    </div>
  );
}

/** The dropdown content for one column's filter. */
export function FilterPanel({ filter, onApply, onDraft }: FilterPanelProps): ReactElement {
  if (filter.kind === 'checkbox')
    return <CheckboxFilter filter={filter} onApply={onApply} onDraft={onDraft} />;
  if (filter.kind === 'numberRange')
    return (
      <NumberRangeFilter
        key={JSON.stringify(filter.value ?? null)}
        value={filter.value}
        unit={filter.unit}
        onApply={onApply}
      />
    );
  return (
    <DateRangeFilter key={JSON.stringify(filter.value ?? null)} value={filter.value} onApply={onApply} />
  );
}
