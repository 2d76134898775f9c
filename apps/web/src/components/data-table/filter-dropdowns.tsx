/**
 * Filter dropdowns of the data table beyond antd's built-in checkbox list (spec 001 §3 table column
 * filter options): a numeric range (file size with B/KB/MB/GB units, 001 §9) and a date-time range
 * (yyyy-MM-dd HH:mm:ss) with the shortcuts 最近一周 / 最近一个月 / 最近三个月 (7 / 30 / 90 days, 001 §9).
 * Each edits a draft and hands the value over on 确定 (undefined when cleared by 重置).
 */
import { Button, DatePicker, Divider, InputNumber, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';
import {
  DATE_TIME_FORMAT,
  dateShortcutRange,
  fromBytes,
  SIZE_UNITS,
  toBytes,
  type DateShortcut,
  type FilterValue,
  type SizeUnit,
} from './table-state.ts';

type NumberRange = Extract<FilterValue, { kind: 'numberRange' }>;
type DateRange = Extract<FilterValue, { kind: 'dateRange' }>;

/** The footer of a filter dropdown: 重置 (clears and applies) and 确定. */
function Footer(props: { onReset: () => void; onApply: () => void; disabled?: boolean }): ReactElement {
  const { t } = useTranslation('dataTable');
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}>
      <Button type="link" size="small" onClick={props.onReset} style={{ paddingInline: 0 }}>
        {t('reset')}
      </Button>
      <Button type="primary" size="small" onClick={props.onApply} disabled={props.disabled}>
        {t('apply')}
      </Button>
    </div>
  );
}

/** Props of NumberRangeFilter. */
export interface NumberRangeFilterProps {
  value: NumberRange | undefined;
  /** 'bytes' shows a unit selector and converts to bytes. */
  unit: 'bytes' | 'none';
  onApply: (value: NumberRange | undefined) => void;
}

/** Minimum / maximum inputs (inclusive), with a unit for sizes. */
export function NumberRangeFilter({ value, unit, onApply }: NumberRangeFilterProps): ReactElement {
  const { t } = useTranslation('dataTable');
  const start = value?.max ?? value?.min;
  const [sizeUnit, setSizeUnit] = useState<SizeUnit>(
    unit === 'bytes' && start !== undefined ? fromBytes(start).unit : 'MB',
  );
  const scale = (n: number | undefined) =>
    n === undefined ? undefined : unit === 'bytes' ? n / 1024 ** SIZE_UNITS.indexOf(sizeUnit) : n;
  const [min, setMin] = useState<number | null>(scale(value?.min) ?? null);
  const [max, setMax] = useState<number | null>(scale(value?.max) ?? null);
  const bytes = (n: number | null) =>
    n === null ? undefined : unit === 'bytes' ? toBytes(n, sizeUnit) : Math.round(n);
  const invalid = min !== null && max !== null && min > max;
  const apply = () => {
    const lo = bytes(min);
    const hi = bytes(max);
    onApply(lo === undefined && hi === undefined ? undefined : { kind: 'numberRange', min: lo, max: hi });
  };
  return (
    <div style={{ padding: 12, width: 300 }} data-testid="number-range-filter">
      <Space.Compact style={{ width: '100%' }}>
        <InputNumber
          aria-label={t('min')}
          placeholder={t('min')}
          min={0}
          value={min}
          onChange={(v) => setMin(v)}
          style={{ width: '38%' }}
        />
        <InputNumber
          aria-label={t('max')}
          placeholder={t('max')}
          min={0}
          value={max}
          onChange={(v) => setMax(v)}
          style={{ width: '38%' }}
        />
        {unit === 'bytes' && (
          <Select<SizeUnit>
            aria-label="unit"
            value={sizeUnit}
            onChange={setSizeUnit}
            options={SIZE_UNITS.map((u) => ({ value: u, label: u }))}
            style={{ width: '24%' }}
            getPopupContainer={(n) => n.parentElement ?? document.body}
          />
        )}
      </Space.Compact>
      {invalid && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('rangeInvalid')}
        </Typography.Text>
      )}
      <Footer onReset={() => onApply(undefined)} onApply={apply} disabled={invalid} />
    </div>
  );
}

/** Props of DateRangeFilter. */
export interface DateRangeFilterProps {
  value: DateRange | undefined;
  onApply: (value: DateRange | undefined) => void;
}

const SHORTCUTS: Array<[DateShortcut, string]> = [
  ['week', 'lastWeek'],
  ['month', 'lastMonth'],
  ['threeMonths', 'lastThreeMonths'],
];

/** A date-time range picker with the three shortcuts (each applies at once). */
export function DateRangeFilter({ value, onApply }: DateRangeFilterProps): ReactElement {
  const { t } = useTranslation('dataTable');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null]>([
    value?.from ? dayjs(value.from) : null,
    value?.to ? dayjs(value.to) : null,
  ]);
  const apply = () => {
    const [from, to] = range;
    onApply(
      from || to
        ? {
            kind: 'dateRange',
            from: from?.format(DATE_TIME_FORMAT),
            to: to?.format(DATE_TIME_FORMAT),
          }
        : undefined,
    );
  };
  return (
    <div style={{ padding: 12, width: 400 }} data-testid="date-range-filter">
      <Space size={4} wrap>
        {SHORTCUTS.map(([shortcut, label]) => (
          <Button
            key={shortcut}
            size="small"
            onClick={() => onApply({ kind: 'dateRange', ...dateShortcutRange(shortcut) })}
          >
            {t(label)}
          </Button>
        ))}
      </Space>
      <Divider style={{ margin: '10px 0' }} />
      <DatePicker.RangePicker
        showTime
        allowEmpty={[true, true]}
        format={DATE_TIME_FORMAT}
        placeholder={[t('startTime'), t('endTime')]}
        value={range}
        onChange={(v) => setRange([v?.[0] ?? null, v?.[1] ?? null])}
        style={{ width: '100%' }}
        getPopupContainer={(n) => n.parentElement ?? document.body}
        presets={SHORTCUTS.map(([shortcut, label]) => {
          const r = dateShortcutRange(shortcut);
          return { label: t(label), value: [dayjs(r.from), dayjs(r.to)] as [Dayjs, Dayjs] };
        })}
      />
      <Footer onReset={() => onApply(undefined)} onApply={apply} />
    </div>
  );
}
