/**
 * /wxPay?orderNo= (WeChat Pay Native) and /aliPay?orderNo= (Alipay) — spec 000 §2, §7; issue 16: the
 * amount, the plan, the QR code of the order (WeChat code_url or Alipay precreate qr_code, antd
 * QRCode as the share links use), for Alipay also 跳转支付宝 (page pay, which returns here), a
 * countdown to the 2 h close, the state polled every 2 s and `paySuccess` heard over the hub; once
 * paid: 支付成功 with the new service end, and the caches of the account card and space bars refresh.
 */
import { AlipayCircleOutlined, WechatOutlined } from '@ant-design/icons';
import type { PayChannelValue } from '@bimdrive/contracts';
import { Button, Card, Flex, QRCode, Skeleton, Typography } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { billingQueryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../stores/session-store.ts';
import { getOrderState, useOrderState } from '../api/get-order-state.ts';
import { usePaySuccess } from '../hooks/use-pay-success.ts';
import { countdownText, msLeft, serviceEndText, yuanOfFen } from '../lib/pay-format.ts';
import { refreshAfterPayment } from '../lib/pay-success.ts';
import { planLabel } from '../lib/plan-label.ts';
import { PayFrame, SignInRequired } from './pay-frame.tsx';
import { OrderClosedResult, OrderNotFoundResult, PaySuccessResult } from './pay-result.tsx';
import '../i18n.ts';

/** Props of PayOrderPage. */
export interface PayOrderPageProps {
  channel: PayChannelValue;
}

/** The pay page of one order. */
export function PayOrderPage({ channel }: PayOrderPageProps): ReactElement {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const token = useSession((s) => s.token);
  return (
    <PayFrame maxWidth={560}>
      {token ? <OrderPayment orderNo={orderNo} channel={channel} /> : <SignInRequired />}
    </PayFrame>
  );
}

function OrderPayment({ orderNo, channel }: { orderNo: string; channel: PayChannelValue }) {
  const { t } = useTranslation('billing');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const order = useOrderState(orderNo, { enabled: true, poll: true });
  const refetch = order.refetch;
  const state = order.data?.state;

  // Back from Alipay page pay (/aliPay?orderNo=…&trade_no=…): ask the provider once at once.
  const returned = params.has('trade_no') || params.has('out_trade_no');
  useEffect(() => {
    if (!returned || !orderNo) return;
    void getOrderState(orderNo, true).then(
      (o) => qc.setQueryData(billingQueryKeys.order(orderNo, false), o),
      () => undefined,
    );
  }, [returned, orderNo, qc]);

  usePaySuccess(state === 'unpaid', (event) => {
    if (event.orderNo === orderNo) void refetch();
  });

  // Paid: the account card, space bars and expiry banners refresh (this tab's caches too).
  const announced = useRef(false);
  useEffect(() => {
    if (state !== 'paid' || announced.current) return;
    announced.current = true;
    refreshAfterPayment(qc);
    void message.success(
      t('paidToast', { date: serviceEndText(order.data?.serviceStopTime, t('unlimited')) }),
    );
  }, [state, qc, message, t, order.data?.serviceStopTime]);

  if (order.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (order.isError || !order.data) return <OrderNotFoundResult />;
  const o = order.data;
  if (o.state === 'paid') return <PaySuccessResult order={o} />;
  if (o.state !== 'unpaid') return <OrderClosedResult order={o} />;

  const wechat = channel === 'wechat';
  return (
    <Card data-testid="pay-order" data-order-no={o.orderNo}>
      <Flex vertical align="center" gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {wechat ? (
            <WechatOutlined style={{ color: '#07c160', marginRight: 8 }} />
          ) : (
            <AlipayCircleOutlined style={{ color: '#1677ff', marginRight: 8 }} />
          )}
          {wechat ? t('payWechatTitle') : t('payAlipayTitle')}
        </Typography.Title>
        <Typography.Text strong style={{ fontSize: 32, color: '#f5222d' }} data-testid="pay-order-amount">
          ¥{yuanOfFen(o.amountFen)}
        </Typography.Text>
        <Typography.Text>
          {planLabel(t, o.planId)} · {t(`period.${o.periodId}`)}
        </Typography.Text>
        {o.codeUrl && (
          <div data-testid="pay-qrcode" data-value={o.codeUrl}>
            <QRCode value={o.codeUrl} size={200} bgColor="#fff" />
          </div>
        )}
        <Typography.Text type="secondary">{wechat ? t('scanWechat') : t('scanAlipay')}</Typography.Text>
        {!wechat && o.payUrl && (
          <Flex vertical align="center" gap={4}>
            <Button type="primary" href={o.payUrl} data-testid="pay-to-alipay">
              {t('toAlipay')}
            </Button>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('toAlipayHint')}
            </Typography.Text>
          </Flex>
        )}
        <Countdown expireTime={o.expireTime} onEnd={() => void refetch()} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('waiting')}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: o.orderNo }}>
          {t('orderNo', { orderNo: o.orderNo })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** 请在 HH:mm:ss 内完成支付 until the order's close time; `onEnd` once it passes. */
function Countdown({ expireTime, onEnd }: { expireTime: string; onEnd: () => void }): ReactElement {
  const { t } = useTranslation('billing');
  const [now, setNow] = useState(() => Date.now());
  const left = msLeft(expireTime, now);
  const ended = useRef(false);
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  useEffect(() => {
    if (left === 0 && !ended.current) {
      ended.current = true;
      onEnd();
    }
  }, [left, onEnd]);
  return (
    <Typography.Text data-testid="pay-countdown">
      {t('closesIn', { time: countdownText(left) })}
    </Typography.Text>
  );
}
