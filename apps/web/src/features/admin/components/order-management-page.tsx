/**
 * 订单管理 `/orderManagement` (spec 001 §2 administration group, layout 4; §6 system administrators;
 * issue 16): every order with filters — created-time range (with the 最近一周 / 一个月 / 三个月
 * shortcuts of 001 §9), state (待支付 / 已支付 / 已关闭 / 已退款), channel (微信支付 / 支付宝) and buyer
 * (name, phone, company or order number) — in a paged table (订单号, 购买人/企业, 套餐, 周期, 金额 in yuan
 * from fen, 渠道, 状态, 创建时间, 支付时间), a detail drawer with every field including the provider's
 * transaction id, and 导出 CSV of the filtered orders (downloaded with the session's token). The
 * server refuses non-administrators (403); the route guard already sends them to /404.
 */
import { AccountBookOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { OrderStateValue, PayChannelValue } from '@bimdrive/contracts';
import { Button, DatePicker, Empty, Input, Select, Space, Typography } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type HTMLAttributes, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import '../../../components/data-table/i18n.ts';
import {
  dateShortcutRange,
  type TableQueryConfig,
  type TableState,
} from '../../../components/data-table/table-state.ts';
import {
  exportAdminOrders,
  useAdminOrders,
  type AdminOrderFilters,
  type AdminOrderRowValue,
} from '../api/orders.ts';
import '../records-i18n.ts';
import { OrderDetailDrawer, orderPlanLabel, OrderStateTag, yuanOfFen } from './order-detail-drawer.tsx';

/** Paging of the order table (no column sorts or filters: the filter bar drives the query). */
const ORDER_TABLE_CONFIG: TableQueryConfig = {
  sortFields: [],
  filters: {},
  defaultRows: 20,
  pageSizes: [20, 50, 100],
};

const STATES: readonly OrderStateValue[] = ['unpaid', 'paid', 'closed', 'refunded'];
const CHANNELS: readonly PayChannelValue[] = ['wechat', 'alipay'];

/** A picked day range as inclusive ISO bounds (start of the first day, end of the last). */
export function dayRangeBounds(range: [Dayjs | null, Dayjs | null] | null): { from?: string; to?: string } {
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

/** A `yyyy-MM-dd HH:mm:ss` time on two lines (date, then time) to keep the table narrow. */
function DateTimeCell({ value }: { value: string }): ReactElement {
  const [day, time] = value.split(' ');
  return (
    <span style={{ display: 'inline-block', lineHeight: 1.35, whiteSpace: 'nowrap' }}>
      {day}
      {time && (
        <>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {time}
          </Typography.Text>
        </>
      )}
    </span>
  );
}

/** The order management screen. */
export function OrderManagementPage(): ReactElement {
  const { t } = useTranslation(['adminRecords', 'common']);
  const { message } = useFeedback();
  const presets = useRangePresets();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [filters, setFilters] = useState<AdminOrderFilters>({});
  const [buyerDraft, setBuyerDraft] = useState('');
  const [table, setTable] = useState<TableState>({
    page: 1,
    rows: ORDER_TABLE_CONFIG.defaultRows,
    sort: null,
    filters: {},
  });
  const [detail, setDetail] = useState<AdminOrderRowValue | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useAdminOrders(filters, table.page, table.rows);

  /** Change the filters and go back to page 1. */
  const applyFilters = (next: AdminOrderFilters) => {
    setFilters(next);
    setTable((s) => ({ ...s, page: 1 }));
  };
  const reset = () => {
    setRange(null);
    setBuyerDraft('');
    applyFilters({});
  };
  const runExport = async () => {
    setExporting(true);
    try {
      if (await exportAdminOrders(filters)) void message.success(t('filter.exported'));
    } finally {
      setExporting(false);
    }
  };

  const columns: Array<DataTableColumn<AdminOrderRowValue>> = [
    {
      title: t('orders.col.orderNo'),
      key: 'orderNo',
      width: 210,
      hideable: false,
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          title={t('orders.detail')}
          onClick={() => setDetail(r)}
          style={{ paddingInline: 0 }}
        >
          {r.orderNo}
        </Button>
      ),
    },
    {
      title: t('orders.col.buyer'),
      key: 'buyer',
      render: (_: unknown, r) => (
        <div style={{ minWidth: 0, lineHeight: 1.4 }}>
          <Typography.Text ellipsis={{ tooltip: r.buyerName }}>
            {r.buyerName || t('orders.none')}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 6 }}>
            {r.buyerPhone}
          </Typography.Text>
          {r.type === 'corp' && (
            <div>
              <Typography.Text
                type="secondary"
                style={{ fontSize: 12 }}
                ellipsis={{ tooltip: r.companyName }}
              >
                {r.companyName || t('orders.typeCorp')}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      title: t('orders.col.plan'),
      key: 'plan',
      width: 116,
      render: (_: unknown, r) => orderPlanLabel(t, r.planId),
    },
    {
      title: t('orders.col.period'),
      key: 'period',
      width: 72,
      render: (_: unknown, r) => t('orders.months', { count: r.months }),
    },
    {
      title: t('orders.col.amount'),
      key: 'amount',
      width: 96,
      align: 'right',
      render: (_: unknown, r) => yuanOfFen(r.amountFen),
    },
    {
      title: t('orders.col.channel'),
      key: 'channel',
      width: 84,
      render: (_: unknown, r) => t(`channelName.${r.channel}`),
    },
    {
      title: t('orders.col.state'),
      key: 'state',
      width: 76,
      render: (_: unknown, r) => <OrderStateTag state={r.state} />,
    },
    {
      title: t('orders.col.createTime'),
      key: 'createTime',
      width: 120,
      render: (_: unknown, r) => <DateTimeCell value={r.createTime} />,
    },
    {
      title: t('orders.col.payTime'),
      key: 'payTime',
      width: 120,
      render: (_: unknown, r) => (r.payTime ? <DateTimeCell value={r.payTime} /> : t('orders.none')),
    },
  ];

  return (
    <div className="page-card" data-testid="order-management">
      <div className="page-toolbar">
        <Typography.Title level={5} style={{ margin: 0 }}>
          <AccountBookOutlined style={{ color: '#1677ff', marginRight: 8 }} />
          {t('orders.title')}
        </Typography.Title>
        <Space wrap>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isLoading}
          >
            {t('filter.refresh')}
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void runExport()}
            data-testid="order-export"
          >
            {t('filter.export')}
          </Button>
        </Space>
      </div>
      <Space wrap size={[12, 12]} style={{ marginBottom: 12 }} data-testid="order-filters">
        <DatePicker.RangePicker
          value={range}
          allowEmpty={[true, true]}
          presets={presets}
          placeholder={[t('filter.startTime'), t('filter.endTime')]}
          aria-label={t('filter.time')}
          onChange={(v) => {
            setRange(v);
            applyFilters({ ...filters, ...dayRangeBounds(v) });
          }}
        />
        <Select<OrderStateValue>
          allowClear
          style={{ width: 140 }}
          placeholder={t('orders.state')}
          value={filters.state}
          aria-label={t('orders.state')}
          data-testid="order-filter-state"
          options={STATES.map((s) => ({ value: s, label: t(`stateName.${s}`) }))}
          onChange={(v) => applyFilters({ ...filters, state: v })}
        />
        <Select<PayChannelValue>
          allowClear
          style={{ width: 140 }}
          placeholder={t('orders.channel')}
          value={filters.channel}
          aria-label={t('orders.channel')}
          data-testid="order-filter-channel"
          options={CHANNELS.map((c) => ({ value: c, label: t(`channelName.${c}`) }))}
          onChange={(v) => applyFilters({ ...filters, channel: v })}
        />
        <Input.Search
          allowClear
          style={{ width: 300 }}
          maxLength={64}
          placeholder={t('orders.buyerPlaceholder')}
          aria-label={t('orders.buyerPlaceholder')}
          value={buyerDraft}
          onChange={(e) => setBuyerDraft(e.target.value)}
          onSearch={(v) => applyFilters({ ...filters, buyer: v.trim() || undefined })}
          enterButton={t('filter.search')}
          data-testid="order-filter-buyer"
        />
        <Button onClick={reset}>{t('filter.reset')}</Button>
      </Space>
      <DataTable<AdminOrderRowValue>
        testId="order-table"
        tableId="orderManagement"
        rowKey="orderNo"
        columns={columns}
        config={ORDER_TABLE_CONFIG}
        rows={list.data?.list ?? []}
        total={list.data?.count ?? 0}
        loading={list.isLoading}
        state={table}
        onStateChange={setTable}
        onRow={(r) => ({ 'data-order-no': r.orderNo }) as HTMLAttributes<HTMLElement>}
        empty={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('orders.empty')}
            style={{ padding: '48px 0' }}
          />
        }
      />
      <OrderDetailDrawer order={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
