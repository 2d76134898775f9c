/**
 * 订单管理 `/orderManagement` (spec 001 §2 administration group, layout 4; §6 system administrators;
 * issue 16): every order with filters — created-time range (with the 最近一周 / 一个月 / 三个月
 * shortcuts of 001 §9), state (待支付 / 已支付 / 已关闭 / 已退款), channel (微信支付 / 支付宝) and buyer
 * (name, phone, company or order number) — in a paged table (订单号, 购买人/企业, 套餐, 周期, 金额 in yuan
 * from fen, 渠道, 状态, 创建时间, 支付时间), a detail drawer with every field including the provider's
 * transaction id, and 导出 CSV of the filtered orders (downloaded with the session's token). The
 * server refuses non-administrators (403); the route guard already sends them to /404.
 */
import { AccountBookOutlined } from '@ant-design/icons';
import type { OrderStateValue, PayChannelValue } from '@bimdrive/contracts';
import { Button, Input, Select, Space, Typography } from 'antd';
import { useState, type HTMLAttributes, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import type { TableQueryConfig } from '../../../components/data-table/table-state.ts';
import { PageToolbar, RefreshButton } from '../../../components/page-toolbar.tsx';
import {
  exportAdminOrders,
  useAdminOrders,
  type AdminOrderFilters,
  type AdminOrderRowValue,
} from '../api/orders.ts';
import '../records-i18n.ts';
import { OrderDetailDrawer, orderPlanLabel, OrderStateTag, yuanOfFen } from './order-detail-drawer.tsx';
import { DayRangeFilter, ExportButton, RecordsEmpty, useRecordFilters } from './record-filters.tsx';

/** Paging of the order table (no column sorts or filters: the filter bar drives the query). */
const ORDER_TABLE_CONFIG: TableQueryConfig = {
  sortFields: [],
  filters: {},
  defaultRows: 20,
  pageSizes: [20, 50, 100],
};

const STATES: readonly OrderStateValue[] = ['unpaid', 'paid', 'closed', 'refunded'];
const CHANNELS: readonly PayChannelValue[] = ['wechat', 'alipay'];

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

/** A clearable filter of the order bar, 140 px wide, `label` as placeholder and accessible name. */
function FilterSelect<V extends string>({
  label,
  testId,
  value,
  options,
  onChange,
}: {
  label: string;
  testId: string;
  value: V | undefined;
  options: Array<{ value: V; label: string }>;
  /** The picked value, `undefined` when cleared. */
  onChange: (value: V | undefined) => void;
}): ReactElement {
  return (
    <Select<V>
      allowClear
      style={{ width: 140 }}
      placeholder={label}
      value={value}
      aria-label={label}
      data-testid={testId}
      options={options}
      onChange={onChange}
    />
  );
}

/** The order management screen. */
export function OrderManagementPage(): ReactElement {
  const { t } = useTranslation(['adminRecords', 'common']);
  const { filters, applyFilters, range, pickRange, clear, table, setTable, exporting, runExport } =
    useRecordFilters<AdminOrderFilters>(ORDER_TABLE_CONFIG, exportAdminOrders);
  const [buyerDraft, setBuyerDraft] = useState('');
  const [detail, setDetail] = useState<AdminOrderRowValue | null>(null);
  const list = useAdminOrders(filters, table.page, table.rows);

  const reset = () => {
    setBuyerDraft('');
    clear();
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
      <PageToolbar icon={AccountBookOutlined} title={t('orders.title')}>
        <Space wrap>
          <RefreshButton query={list}>{t('filter.refresh')}</RefreshButton>
          <ExportButton exporting={exporting} onExport={runExport} testId="order-export" />
        </Space>
      </PageToolbar>
      <Space wrap size={[12, 12]} style={{ marginBottom: 12 }} data-testid="order-filters">
        <DayRangeFilter value={range} onChange={pickRange} />
        <FilterSelect<OrderStateValue>
          label={t('orders.state')}
          testId="order-filter-state"
          value={filters.state}
          options={STATES.map((s) => ({ value: s, label: t(`stateName.${s}`) }))}
          onChange={(state) => applyFilters({ ...filters, state })}
        />
        <FilterSelect<PayChannelValue>
          label={t('orders.channel')}
          testId="order-filter-channel"
          value={filters.channel}
          options={CHANNELS.map((c) => ({ value: c, label: t(`channelName.${c}`) }))}
          onChange={(channel) => applyFilters({ ...filters, channel })}
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
        empty={<RecordsEmpty description={t('orders.empty')} />}
      />
      <OrderDetailDrawer order={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
