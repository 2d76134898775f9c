/**
 * /wxPayRedirect?orderNo= (spec 000 §2): the return page. It asks the server for the order with
 * `sync=1` (the server queries the provider first, so a lost notification does not matter) and shows
 * 支付成功 with the new service end, or 未支付 with 返回支付 and 刷新.
 */
import { Button, Result, Space, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../stores/session-store.ts';
import { useOrderState } from '../api/get-order-state.ts';
import { payPagePath } from '../lib/pay-format.ts';
import { refreshAfterPayment } from '../lib/pay-success.ts';
import { PayFrame, SignInRequired } from './pay-frame.tsx';
import { OrderClosedResult, OrderNotFoundResult, PaySuccessResult } from './pay-result.tsx';
import '../i18n.ts';

/** The /wxPayRedirect route element. */
export function PayRedirectPage(): ReactElement {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? params.get('out_trade_no') ?? '';
  const token = useSession((s) => s.token);
  return (
    <PayFrame maxWidth={560}>{token ? <ReturnedOrder orderNo={orderNo} /> : <SignInRequired />}</PayFrame>
  );
}

function ReturnedOrder({ orderNo }: { orderNo: string }): ReactElement {
  const { t } = useTranslation('billing');
  const qc = useQueryClient();
  const order = useOrderState(orderNo, { enabled: true, sync: true });
  const paid = order.data?.state === 'paid';
  useEffect(() => {
    if (paid) refreshAfterPayment(qc);
  }, [paid, qc]);

  if (order.isPending)
    return (
      <Space style={{ width: '100%', justifyContent: 'center', padding: 48 }}>
        <Spin description={t('checking')} />
      </Space>
    );
  if (order.isError || !order.data) return <OrderNotFoundResult />;
  const o = order.data;
  if (o.state === 'paid') return <PaySuccessResult order={o} />;
  if (o.state !== 'unpaid') return <OrderClosedResult order={o} />;
  return (
    <Result
      status="info"
      title={t('unpaidTitle')}
      subTitle={t('unpaidText')}
      data-testid="pay-unpaid"
      extra={[
        <Button
          key="pay"
          type="primary"
          onClick={() => window.location.assign(payPagePath(o.channel, o.orderNo))}
        >
          {t('backToPay')}
        </Button>,
        <Button key="refresh" loading={order.isFetching} onClick={() => void order.refetch()}>
          {t('refresh')}
        </Button>,
      ]}
    />
  );
}
