/**
 * The detail of one order on /orderManagement (spec 001 §2 administration group; issue 16): every
 * field of an `AdminOrderRow` — order number, state, buyer type, buyer, phone, company, plan,
 * period, amount (fen shown as yuan), channel, description, created / pay-before / paid / closed
 * times (yyyy-MM-dd HH:mm:ss), the provider's transaction id and the service end the payment gave.
 * Also the label helpers the order table shares (plan names, yuan of fen, state tags).
 */
import { planById, TRIAL_PLAN_ID, type OrderStateValue } from '@bimdrive/contracts';
import { Descriptions, Drawer, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderRowValue } from '../api/orders.ts';
import '../records-i18n.ts';

/** `4800` fen → `48.00` (yuan, two decimals). */
export function yuanOfFen(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** The display name of a plan id: 免费试用, 个人版, 企业版 N 人 (an unknown id shows as itself). */
export function orderPlanLabel(t: TFunction, planId: string): string {
  if (planId === TRIAL_PLAN_ID) return t('adminRecords:plan.trial');
  const plan = planById(planId);
  if (!plan) return planId;
  if (plan.buyer === 'person') return t('adminRecords:plan.personal');
  return t('adminRecords:plan.corp', { persons: plan.persons });
}

const STATE_COLOR: Record<OrderStateValue, string> = {
  unpaid: 'processing',
  paid: 'success',
  closed: 'default',
  refunded: 'warning',
};

/** An order state as a coloured tag (待支付 / 已支付 / 已关闭 / 已退款). */
export function OrderStateTag({ state }: { state: OrderStateValue }): ReactElement {
  const { t } = useTranslation('adminRecords');
  return (
    <Tag color={STATE_COLOR[state]} style={{ marginInlineEnd: 0 }}>
      {t(`stateName.${state}`)}
    </Tag>
  );
}

/** Props of OrderDetailDrawer. */
export interface OrderDetailDrawerProps {
  /** The order shown; null keeps the drawer closed. */
  order: AdminOrderRowValue | null;
  onClose: () => void;
}

/** The order detail drawer. */
export function OrderDetailDrawer({ order, onClose }: OrderDetailDrawerProps): ReactElement {
  const { t } = useTranslation('adminRecords');
  const none = t('orders.none');
  const text = (v: string | null | undefined): ReactNode => (v ? v : none);
  const items = order
    ? [
        {
          key: 'orderNo',
          label: t('orders.field.orderNo'),
          children: <Typography.Text copyable>{order.orderNo}</Typography.Text>,
        },
        { key: 'state', label: t('orders.field.state'), children: <OrderStateTag state={order.state} /> },
        {
          key: 'type',
          label: t('orders.field.type'),
          children: t(order.type === 'corp' ? 'orders.typeCorp' : 'orders.typePerson'),
        },
        { key: 'buyerName', label: t('orders.field.buyerName'), children: text(order.buyerName) },
        { key: 'buyerPhone', label: t('orders.field.buyerPhone'), children: text(order.buyerPhone) },
        { key: 'companyName', label: t('orders.field.companyName'), children: text(order.companyName) },
        { key: 'plan', label: t('orders.field.plan'), children: orderPlanLabel(t, order.planId) },
        {
          key: 'period',
          label: t('orders.field.period'),
          children: t('orders.months', { count: order.months }),
        },
        {
          key: 'amount',
          label: t('orders.field.amount'),
          children: t('orders.yuan', { amount: yuanOfFen(order.amountFen) }),
        },
        { key: 'channel', label: t('orders.field.channel'), children: t(`channelName.${order.channel}`) },
        { key: 'description', label: t('orders.field.description'), children: text(order.description) },
        { key: 'createTime', label: t('orders.field.createTime'), children: order.createTime },
        { key: 'expireTime', label: t('orders.field.expireTime'), children: order.expireTime },
        { key: 'payTime', label: t('orders.field.payTime'), children: text(order.payTime) },
        { key: 'closeTime', label: t('orders.field.closeTime'), children: text(order.closeTime) },
        {
          key: 'providerTradeNo',
          label: t('orders.field.providerTradeNo'),
          children: order.providerTradeNo ? (
            <Typography.Text copyable data-testid="order-detail-trade-no">
              {order.providerTradeNo}
            </Typography.Text>
          ) : (
            none
          ),
        },
        {
          key: 'serviceStopTime',
          label: t('orders.field.serviceStopTime'),
          children:
            order.state === 'paid'
              ? (order.serviceStopTime ?? t('orders.unlimited'))
              : text(order.serviceStopTime),
        },
      ]
    : [];
  return (
    <Drawer
      open={order !== null}
      onClose={onClose}
      title={t('orders.detailTitle')}
      size={520}
      destroyOnHidden
    >
      <Descriptions
        data-testid="order-detail"
        column={1}
        size="small"
        bordered
        items={items}
        styles={{ label: { width: 150, whiteSpace: 'nowrap' } }}
      />
    </Drawer>
  );
}
