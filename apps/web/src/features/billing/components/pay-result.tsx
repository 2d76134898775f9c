/**
 * Outcomes of an order on the pay pages (spec 000 §2 /wxPay, /aliPay, /wxPayRedirect; §7 paySuccess,
 * §9 date format): 支付成功 with the plan and the new service end (YYYY年MM月DD日), 订单已关闭 (unpaid
 * for 2 h) with 重新购买, and 订单不存在.
 */
import type { OrderViewValue } from '@bimdrive/contracts';
import { Button, Result } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { planLabel } from '../lib/plan-label.ts';
import { serviceEndText } from '../lib/pay-format.ts';
import '../i18n.ts';

/** 支付成功 and the new service end. */
export function PaySuccessResult({ order }: { order: OrderViewValue }): ReactElement {
  const { t } = useTranslation('billing');
  return (
    <Result
      status="success"
      title={t('paidTitle')}
      data-testid="pay-success"
      subTitle={
        <span data-testid="pay-service-end">
          {t('paidText', {
            plan: planLabel(t, order.planId),
            date: serviceEndText(order.serviceStopTime, t('unlimited')),
          })}
        </span>
      }
      extra={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          {t('back')}
        </Button>
      }
    />
  );
}

/** 订单已关闭 / 已退款 with 重新购买. */
export function OrderClosedResult({ order }: { order: OrderViewValue }): ReactElement {
  const { t } = useTranslation('billing');
  return (
    <Result
      status="warning"
      title={order.state === 'refunded' ? t('refundedTitle') : t('closedTitle')}
      subTitle={order.state === 'refunded' ? undefined : t('closedText')}
      data-testid="pay-closed"
      extra={
        <Button type="primary" onClick={() => window.location.assign(`/payCenter?type=${order.type}`)}>
          {t('rebuy')}
        </Button>
      }
    />
  );
}

/** 订单不存在 (or not the caller's). */
export function OrderNotFoundResult(): ReactElement {
  const { t } = useTranslation('billing');
  return (
    <Result
      status="404"
      title={t('notFoundTitle')}
      subTitle={t('notFoundText')}
      data-testid="pay-not-found"
      extra={
        <Button type="primary" onClick={() => window.location.assign('/payCenter?type=person')}>
          {t('rebuy')}
        </Button>
      }
    />
  );
}
