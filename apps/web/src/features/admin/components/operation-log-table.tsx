/**
 * The operation-log table (spec 001 §2 /operationLog, §6 roles; issue 16), reusable: the
 * /operationLog page shows it for every entry, a company's detail page can embed it with
 * `companyId` (system administrators narrow to that company; a company administrator's reads are
 * limited to their own company by the server whatever is passed). Filters: time range (day
 * precision, with the 001 §9 shortcuts), user (part of name or phone), action (one code, or a
 * whole group such as 分享 = `share.`), object (part of its name, or its id). Columns: 时间, 用户,
 * 操作, 对象, IP (the user agent in its tooltip), 结果 (成功 / 失败), 详情 (the entry's detail in
 * words; the raw JSON in a tooltip). 导出 CSV downloads the filtered entries with the session.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { formatFileSize, OPERATION_ACTIONS } from '@bimdrive/contracts';
import { Button, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState, type HTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import type { TableQueryConfig } from '../../../components/data-table/table-state.ts';
import {
  exportOperationLog,
  useOperationLog,
  type OperationLogFilters,
  type OperationLogRowValue,
} from '../api/operation-log.ts';
import '../records-i18n.ts';
import { orderPlanLabel, yuanOfFen } from './order-detail-drawer.tsx';
import { DayRangeFilter, ExportButton, RecordsEmpty, useRecordFilters } from './record-filters.tsx';

/** Paging of the log table (the filter bar drives the query). */
const LOG_TABLE_CONFIG: TableQueryConfig = {
  sortFields: [],
  filters: {},
  defaultRows: 20,
  pageSizes: [20, 50, 100],
};

/** Actions that record a refusal (结果 失败); every other entry records something done. */
const FAILURES: ReadonlySet<string> = new Set(['auth.login.fail', 'share.code.wrong']);

/** The action groups of the filter, in the order of OPERATION_ACTIONS. */
const GROUPS = [...new Set(OPERATION_ACTIONS.map((a) => `${a.split('.')[0]!}.`))];

/** The Chinese (or English) name of an action code; an unknown code shows as itself. */
export function actionLabel(t: TFunction, action: string): string {
  return t(`adminRecords:action.${action}`, { defaultValue: action });
}

/** One detail value in words (amounts in yuan, sizes in B/KB/MB/GB, known codes named). */
function detailValue(t: TFunction, action: string, key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return t('adminRecords:orders.none');
  if (typeof v === 'boolean') return t(`adminRecords:detailValue.${v ? 'yes' : 'no'}`);
  if (typeof v === 'number') {
    if (key === 'amountFen') return t('adminRecords:orders.yuan', { amount: yuanOfFen(v) });
    if (key === 'size' || key === 'freedBytes' || action.endsWith('.quota')) return formatFileSize(v);
    return String(v);
  }
  if (typeof v === 'string') {
    if (key === 'channel') return t(`adminRecords:channelName.${v}`, { defaultValue: v });
    if (key === 'planId') return orderPlanLabel(t, v);
    if (/^\d{4}-\d{2}-\d{2}T/.test(v)) return dayjs(v).format('YYYY-MM-DD HH:mm:ss');
    return t(`adminRecords:detailValue.${v}`, { defaultValue: v });
  }
  return JSON.stringify(v);
}

/**
 * An entry's detail in words: `原因：密码错误，…` (keys ending in `Id` are left to the JSON tooltip).
 * Empty for no detail.
 */
export function detailText(t: TFunction, action: string, detail: Record<string, unknown> | null): string {
  if (!detail) return '';
  return Object.entries(detail)
    .filter(([k]) => !/Id$/.test(k))
    .map(
      ([k, v]) => `${t(`adminRecords:detailKey.${k}`, { defaultValue: k })}：${detailValue(t, action, k, v)}`,
    )
    .join('，');
}

/** Props of OperationLogTable. */
export interface OperationLogTableProps {
  /** One company's entries (a company detail page); unset: every entry the caller may read. */
  companyId?: string;
  /** Remembers column visibility under this id (default `operationLog`). */
  tableId?: string;
}

/** The operation-log filter bar, table and export. */
export function OperationLogTable({
  companyId,
  tableId = 'operationLog',
}: OperationLogTableProps): ReactElement {
  const { t } = useTranslation(['adminRecords', 'common']);
  const { filters, applyFilters, range, pickRange, clear, table, setTable, exporting, runExport } =
    useRecordFilters<Omit<OperationLogFilters, 'companyId'>>(LOG_TABLE_CONFIG, (f) =>
      exportOperationLog({ ...f, companyId }),
    );
  const [userDraft, setUserDraft] = useState('');
  const [objectDraft, setObjectDraft] = useState('');
  const list = useOperationLog({ ...filters, companyId }, table.page, table.rows);

  const reset = () => {
    setUserDraft('');
    setObjectDraft('');
    clear();
  };

  const actionOptions = GROUPS.map((g) => ({
    label: t(`group.${g}`),
    title: t(`group.${g}`),
    options: [
      { value: g, label: `${t(`group.${g}`)}（${t('filter.all')}）` },
      ...OPERATION_ACTIONS.filter((a) => a.startsWith(g)).map((a) => ({
        value: a,
        label: actionLabel(t, a),
      })),
    ],
  }));

  const columns: Array<DataTableColumn<OperationLogRowValue>> = [
    { title: t('log.col.time'), key: 'time', dataIndex: 'time', width: 160, hideable: false },
    {
      title: t('log.col.user'),
      key: 'user',
      width: 180,
      ellipsis: true,
      render: (_: unknown, r) => (
        <span
          style={{ display: 'inline-flex', gap: 6, alignItems: 'baseline', minWidth: 0, maxWidth: '100%' }}
        >
          <Typography.Text ellipsis={{ tooltip: r.userName }}>
            {r.userName || (r.userId ? t('orders.none') : t('log.anonymous'))}
          </Typography.Text>
          {r.phone && (
            <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
              {r.phone}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      title: t('log.col.action'),
      key: 'action',
      width: 120,
      render: (_: unknown, r) => actionLabel(t, r.action),
    },
    {
      title: t('log.col.object'),
      key: 'object',
      ellipsis: true,
      render: (_: unknown, r) => {
        const type = r.objectType ? t(`objectType.${r.objectType}`, { defaultValue: r.objectType }) : '';
        const name = r.objectName || r.objectId;
        return (
          <Typography.Text ellipsis={{ tooltip: r.objectId ? `${name} (${r.objectId})` : name }}>
            {type && <Typography.Text type="secondary">{type}：</Typography.Text>}
            {name || t('orders.none')}
          </Typography.Text>
        );
      },
    },
    {
      title: t('log.col.ip'),
      key: 'ip',
      width: 130,
      render: (_: unknown, r) => (
        <Tooltip title={r.userAgent ? t('log.userAgent', { ua: r.userAgent }) : t('log.noUserAgent')}>
          <span data-testid="log-ip" style={{ borderBottom: '1px dotted #bbb', cursor: 'help' }}>
            {r.ip || t('orders.none')}
          </span>
        </Tooltip>
      ),
    },
    {
      title: t('log.col.result'),
      key: 'result',
      width: 72,
      render: (_: unknown, r) =>
        FAILURES.has(r.action) ? (
          <Tag color="error" style={{ marginInlineEnd: 0 }}>
            {t('log.fail')}
          </Tag>
        ) : (
          <Tag color="success" style={{ marginInlineEnd: 0 }}>
            {t('log.ok')}
          </Tag>
        ),
    },
    {
      title: t('log.col.detail'),
      key: 'detail',
      width: 240,
      ellipsis: true,
      render: (_: unknown, r): ReactNode => {
        const text = detailText(t, r.action, r.detail);
        if (!text) return <Typography.Text type="secondary">{t('orders.none')}</Typography.Text>;
        return (
          <Typography.Text
            ellipsis={{
              tooltip: (
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
                  {JSON.stringify(r.detail, null, 2)}
                </pre>
              ),
            }}
          >
            {text}
          </Typography.Text>
        );
      },
    },
  ];

  return (
    <div data-testid="operation-log">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 12, alignItems: 'center' }}>
        <Space wrap size={[12, 12]} style={{ flex: 1, minWidth: 0 }} data-testid="log-filters">
          <DayRangeFilter value={range} onChange={pickRange} />
          <Input.Search
            allowClear
            style={{ width: 170 }}
            maxLength={64}
            placeholder={t('log.userPlaceholder')}
            aria-label={t('log.user')}
            value={userDraft}
            onChange={(e) => setUserDraft(e.target.value)}
            onSearch={(v) => applyFilters({ ...filters, user: v.trim() || undefined })}
            data-testid="log-filter-user"
          />
          <Select<string>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            placeholder={t('log.action')}
            aria-label={t('log.action')}
            value={filters.action}
            options={actionOptions}
            onChange={(v) => applyFilters({ ...filters, action: v })}
            data-testid="log-filter-action"
            popupMatchSelectWidth={240}
          />
          <Input.Search
            allowClear
            style={{ width: 190 }}
            maxLength={64}
            placeholder={t('log.objectPlaceholder')}
            aria-label={t('log.object')}
            value={objectDraft}
            onChange={(e) => setObjectDraft(e.target.value)}
            onSearch={(v) => applyFilters({ ...filters, object: v.trim() || undefined })}
            data-testid="log-filter-object"
          />
          <Button onClick={reset}>{t('filter.reset')}</Button>
        </Space>
        <Space wrap>
          <Tooltip title={t('filter.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('filter.refresh')}
              onClick={() => void list.refetch()}
              loading={list.isFetching && !list.isLoading}
            />
          </Tooltip>
          <ExportButton exporting={exporting} onExport={runExport} testId="log-export" />
        </Space>
      </div>
      <DataTable<OperationLogRowValue>
        testId="log-table"
        tableId={tableId}
        rowKey="id"
        columns={columns}
        config={LOG_TABLE_CONFIG}
        rows={list.data?.list ?? []}
        total={list.data?.count ?? 0}
        loading={list.isLoading}
        state={table}
        onStateChange={setTable}
        onRow={(r) => ({ 'data-action': r.action }) as HTMLAttributes<HTMLElement>}
        empty={<RecordsEmpty description={t('log.empty')} />}
      />
    </div>
  );
}
