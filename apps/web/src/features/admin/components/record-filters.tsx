/**
 * The pieces the administration record screens share (订单管理 /orderManagement and the
 * operation-log table; spec 001 §2, §9; issue 17 code health): the filter-bar state
 * (`useRecordFilters`: filters that send the table back to page 1, the picked day range, paging,
 * the CSV export with its 已导出 toast), the day-range picker with the 最近一周 / 一个月 / 三个月
 * shortcuts, the 导出 button and the table's empty state.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Empty } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type Dispatch, type ReactElement, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/data-table/i18n.ts';
import {
  dateShortcutRange,
  type TableQueryConfig,
  type TableState,
} from '../../../components/data-table/table-state.ts';
import { useFeedback } from '../../../lib/feedback.tsx';
import '../records-i18n.ts';

/** A picked day range (either end may be open), or none. */
export type DayRange = [Dayjs | null, Dayjs | null] | null;

/** A picked day range as inclusive ISO bounds (start of the first day, end of the last). */
export function dayRangeBounds(range: DayRange): { from?: string; to?: string } {
  return {
    from: range?.[0] ? range[0].startOf('day').toISOString() : undefined,
    to: range?.[1] ? range[1].endOf('day').toISOString() : undefined,
  };
}

/** The 最近一周 / 最近一个月 / 最近三个月 presets of a day range picker (001 §9). */
export function useRangePresets(): Array<{ label: string; value: [Dayjs, Dayjs] }> {
  const { t } = useTranslation('dataTable');
  return (
    [
      ['week', 'lastWeek'],
      ['month', 'lastMonth'],
      ['threeMonths', 'lastThreeMonths'],
    ] as const
  ).map(([shortcut, label]) => {
    const r = dateShortcutRange(shortcut);
    return { label: t(label), value: [dayjs(r.from), dayjs(r.to)] };
  });
}

/** What `useRecordFilters` returns. */
export interface RecordFilters<F> {
  /** The applied filters. */
  filters: F;
  /** Replaces the filters and goes back to page 1. */
  applyFilters: (next: F) => void;
  /** The picked day range (shown by `DayRangeFilter`). */
  range: DayRange;
  /** Picks a day range and applies it as the filters' `from` / `to`. */
  pickRange: (range: DayRange) => void;
  /** Clears the day range and every filter (the caller clears its own search drafts). */
  clear: () => void;
  /** Paging of the table. */
  table: TableState;
  setTable: Dispatch<SetStateAction<TableState>>;
  /** True while the export runs. */
  exporting: boolean;
  /** Exports the filtered records; toasts 已导出 when the download started. */
  runExport: () => Promise<void>;
}

/**
 * The filter-bar state of a record screen: filters, day range and paging (rows from `config`), and
 * an export of the filtered records with `exportRecords` (true when a download started).
 */
export function useRecordFilters<F extends { from?: string; to?: string }>(
  config: TableQueryConfig,
  exportRecords: (filters: F) => Promise<boolean>,
): RecordFilters<F> {
  const { t } = useTranslation('adminRecords');
  const { message } = useFeedback();
  const [range, setRange] = useState<DayRange>(null);
  const [filters, setFilters] = useState<F>({} as F);
  const [table, setTable] = useState<TableState>({
    page: 1,
    rows: config.defaultRows,
    sort: null,
    filters: {},
  });
  const [exporting, setExporting] = useState(false);

  const applyFilters = (next: F) => {
    setFilters(next);
    setTable((s) => ({ ...s, page: 1 }));
  };
  return {
    filters,
    applyFilters,
    range,
    pickRange: (v) => {
      setRange(v);
      applyFilters({ ...filters, ...dayRangeBounds(v) });
    },
    clear: () => {
      setRange(null);
      applyFilters({} as F);
    },
    table,
    setTable,
    exporting,
    runExport: async () => {
      setExporting(true);
      try {
        if (await exportRecords(filters)) void message.success(t('filter.exported'));
      } finally {
        setExporting(false);
      }
    },
  };
}

/** The 开始时间 – 结束时间 day-range picker of a filter bar, with the 001 §9 shortcuts. */
export function DayRangeFilter({
  value,
  onChange,
}: {
  value: DayRange;
  onChange: (range: DayRange) => void;
}): ReactElement {
  const { t } = useTranslation('adminRecords');
  const presets = useRangePresets();
  return (
    <DatePicker.RangePicker
      value={value}
      allowEmpty={[true, true]}
      presets={presets}
      placeholder={[t('filter.startTime'), t('filter.endTime')]}
      aria-label={t('filter.time')}
      onChange={onChange}
    />
  );
}

/** The primary 导出 button of a record screen. */
export function ExportButton({
  exporting,
  onExport,
  testId,
}: {
  exporting: boolean;
  onExport: () => Promise<void>;
  testId: string;
}): ReactElement {
  const { t } = useTranslation('adminRecords');
  return (
    <Button
      type="primary"
      icon={<DownloadOutlined />}
      loading={exporting}
      onClick={() => void onExport()}
      data-testid={testId}
    >
      {t('filter.export')}
    </Button>
  );
}

/** The empty state of a record table (`description` says what there is none of). */
export function RecordsEmpty({ description }: { description: string }): ReactElement {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} style={{ padding: '48px 0' }} />
  );
}
