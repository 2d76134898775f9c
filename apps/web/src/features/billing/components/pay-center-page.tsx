/**
 * /payCenter?type=person|corp (spec 000 §2, §9; issue 16), opened in a new tab from the account card's
 * 扩容 tags and the expiry banners: the buyer's current plan and service end, the plan cards of
 * GetPlanList (persons, shared-file limit, the service it extends, price), the period choice with
 * prices in yuan and 限购一次 marks, "over 500: contact the supplier" with 咨询购买 and the configured
 * phone, the payment channels configured on the server (微信支付 / 支付宝), and 立即购买, which creates
 * the order (the client never sends a price) and goes to /wxPay or /aliPay. Without a session it shows
 * 请先登录; company plans are for company administrators only.
 */
import { AlipayCircleOutlined, CustomerServiceOutlined, WechatOutlined } from '@ant-design/icons';
import type { BuyerTypeValue, PayChannelValue, PlanCatalogValue, PlanViewValue } from '@bimdrive/contracts';
import { Alert, Button, Card, Flex, Radio, Result, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ConsultDialog } from '../../service/components/consult-dialog.tsx';
import { useSession } from '../../../stores/session-store.ts';
import { billingQueryKeys } from '../../../lib/query-keys.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { usePlanList } from '../api/get-plan-list.ts';
import { planLabel } from '../lib/plan-label.ts';
import { payPagePath, serviceEndText, yuanOfFen, yuanText } from '../lib/pay-format.ts';
import { PayFrame, SignInRequired } from './pay-frame.tsx';
import '../i18n.ts';

const CHANNEL_ICON: Record<PayChannelValue, ReactElement> = {
  wechat: <WechatOutlined style={{ color: '#07c160' }} />,
  alipay: <AlipayCircleOutlined style={{ color: '#1677ff' }} />,
};

/** The /payCenter route element. */
export function PayCenterPage(): ReactElement {
  const { t } = useTranslation('billing');
  const [params, setParams] = useSearchParams();
  const type: BuyerTypeValue = params.get('type') === 'corp' ? 'corp' : 'person';
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const hasCompany = Boolean(user?.corpIdbit && !user.systemIsPersonal);
  const catalog = usePlanList(type, Boolean(token));

  if (!token)
    return (
      <PayFrame>
        <SignInRequired />
      </PayFrame>
    );
  return (
    <PayFrame>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('centre')}
        </Typography.Title>
        {(hasCompany || type === 'corp') && (
          <Segmented<BuyerTypeValue>
            data-testid="pay-type"
            value={type}
            onChange={(v) => setParams({ type: v }, { replace: true })}
            options={[
              { value: 'person', label: t('typePerson') },
              { value: 'corp', label: t('typeCorp') },
            ]}
          />
        )}
      </Flex>
      {catalog.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : catalog.isError ? (
        <Result
          status="warning"
          title={t('loadFailed')}
          subTitle={catalog.error.message}
          extra={<Button onClick={() => void catalog.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <PlanChooser key={type} catalog={catalog.data} hasCompany={hasCompany} />
      )}
    </PayFrame>
  );
}

/** The first period on sale of a plan, or null. */
const firstAvailable = (plan: PlanViewValue | undefined) =>
  plan?.periods.find((p) => p.available)?.id ?? null;

/** Plan cards, period, channel and 立即购买. */
function PlanChooser({ catalog, hasCompany }: { catalog: PlanCatalogValue; hasCompany: boolean }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const create = useCreateOrder();
  const [planId, setPlanId] = useState(() => catalog.plans[0]?.id ?? '');
  const plan = catalog.plans.find((p) => p.id === planId);
  const [periodId, setPeriodId] = useState(() => firstAvailable(catalog.plans[0]));
  const [channel, setChannel] = useState<PayChannelValue | null>(catalog.channels[0] ?? null);
  const [consultOpen, setConsultOpen] = useState(false);
  const period = plan?.periods.find((p) => p.id === periodId);

  const choosePlan = (p: PlanViewValue) => {
    setPlanId(p.id);
    setPeriodId(firstAvailable(p));
  };
  const buy = () => {
    if (!plan || !period || !channel) return;
    create.mutate(
      { type: catalog.type, planId: plan.id, periodId: period.id, channel },
      {
        onSuccess: (order) => {
          qc.setQueryData(billingQueryKeys.order(order.orderNo, false), order);
          void navigate(payPagePath(order.channel, order.orderNo));
        },
      },
    );
  };

  const notice =
    catalog.type === 'corp' && !hasCompany
      ? t('noCompany')
      : !catalog.canBuy
        ? t('corpAdminOnly')
        : catalog.channels.length === 0
          ? t('noChannel')
          : null;

  return (
    <div data-testid="pay-center">
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex wrap gap={16} data-testid="pay-current">
          <Typography.Text>{t('current', { plan: planLabel(t, catalog.current.planId) })}</Typography.Text>
          <Typography.Text type="secondary">
            {t('currentEnd', { date: serviceEndText(catalog.current.serviceStopTime, t('unlimited')) })}
          </Typography.Text>
        </Flex>
      </Card>
      {notice && <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} />}

      <Typography.Title level={5}>{t('choosePlan')}</Typography.Title>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          gap: 12,
          marginBottom: 20,
        }}
      >
        {catalog.plans.map((p) => (
          <PlanCard key={p.id} plan={p} selected={p.id === planId} onSelect={() => choosePlan(p)} />
        ))}
      </div>

      {plan?.contactSupplier ? (
        <Card size="small" data-testid="pay-contact">
          <Flex align="center" justify="space-between" wrap gap={12}>
            <Typography.Text>
              {catalog.consultPhone ? t('contactHint', { phone: catalog.consultPhone }) : t('contactNoPhone')}
            </Typography.Text>
            {catalog.consultPhone && (
              <Button type="primary" icon={<CustomerServiceOutlined />} onClick={() => setConsultOpen(true)}>
                {t('consult')}
              </Button>
            )}
          </Flex>
        </Card>
      ) : (
        plan && (
          <>
            <Typography.Title level={5}>{t('choosePeriod')}</Typography.Title>
            <Radio.Group
              data-testid="pay-periods"
              value={periodId}
              onChange={(e) => setPeriodId(e.target.value as typeof periodId)}
              style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 20 }}
            >
              {plan.periods.map((x) => (
                <Radio.Button
                  key={x.id}
                  value={x.id}
                  disabled={!x.available}
                  data-testid={`pay-period-${x.id}`}
                  style={{ height: 'auto', padding: '8px 16px', borderRadius: 6, lineHeight: 1.5 }}
                >
                  <div>{t(`period.${x.id}`)}</div>
                  <div style={{ fontWeight: 600 }}>¥{yuanText(x.priceYuan)}</div>
                  {x.oncePerBuyer && (
                    <Tag color={x.available ? 'orange' : 'default'} style={{ marginInlineEnd: 0 }}>
                      {x.available || !catalog.canBuy ? t('oncePerBuyer') : t('usedOnce')}
                    </Tag>
                  )}
                </Radio.Button>
              ))}
            </Radio.Group>

            {catalog.channels.length > 0 && (
              <>
                <Typography.Title level={5}>{t('channel')}</Typography.Title>
                <Radio.Group
                  data-testid="pay-channels"
                  value={channel}
                  onChange={(e) => setChannel(e.target.value as PayChannelValue)}
                  style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 24 }}
                >
                  {catalog.channels.map((c) => (
                    <Radio.Button
                      key={c}
                      value={c}
                      data-testid={`pay-channel-${c}`}
                      style={{ height: 44, lineHeight: '42px', borderRadius: 6, paddingInline: 20 }}
                    >
                      <span style={{ fontSize: 18, marginRight: 8 }}>{CHANNEL_ICON[c]}</span>
                      {t(c)}
                    </Radio.Button>
                  ))}
                </Radio.Group>
              </>
            )}

            <Card size="small">
              <Flex align="center" justify="space-between" wrap gap={12}>
                <Typography.Text>
                  {t('amount')}
                  <Typography.Text
                    strong
                    style={{ fontSize: 24, color: '#f5222d', marginLeft: 8 }}
                    data-testid="pay-amount"
                  >
                    ¥{period ? yuanOfFen(period.priceFen) : '0.00'}
                  </Typography.Text>
                </Typography.Text>
                <Button
                  type="primary"
                  size="large"
                  data-testid="pay-buy"
                  disabled={!period || !period.available || !channel || !catalog.canBuy}
                  loading={create.isPending}
                  onClick={buy}
                >
                  {t('buy')}
                </Button>
              </Flex>
            </Card>
          </>
        )
      )}
      <ConsultDialog open={consultOpen} phone={catalog.consultPhone} onClose={() => setConsultOpen(false)} />
    </div>
  );
}

/** One plan card: who it is for, the shared-file limit, what it extends and the lowest price. */
function PlanCard({
  plan,
  selected,
  onSelect,
}: {
  plan: PlanViewValue;
  selected: boolean;
  onSelect: () => void;
}): ReactElement {
  const { t } = useTranslation('billing');
  const lowest = plan.periods.length > 0 ? Math.min(...plan.periods.map((p) => p.priceYuan)) : null;
  return (
    <Card
      hoverable
      size="small"
      data-testid={`pay-plan-${plan.id}`}
      data-selected={selected ? '1' : '0'}
      onClick={onSelect}
      style={{
        borderColor: selected ? '#1677ff' : undefined,
        boxShadow: selected ? '0 0 0 1px #1677ff' : undefined,
      }}
    >
      <Typography.Text strong style={{ fontSize: 16 }}>
        {planLabel(t, plan.id)}
      </Typography.Text>
      <ul style={{ margin: '8px 0', paddingLeft: 18, color: 'rgba(0,0,0,0.65)', fontSize: 13 }}>
        <li>{plan.buyer === 'person' ? t('personsPerson') : t('personsCorp', { persons: plan.persons })}</li>
        <li>
          {plan.shareLimit === null ? t('shareUnlimited') : t('shareLimit', { count: plan.shareLimit })}
        </li>
        <li>{t('extends')}</li>
      </ul>
      <Typography.Text strong style={{ color: '#f5222d', fontSize: 16 }}>
        {lowest === null ? t('contactPrice') : t('from', { price: yuanText(lowest) })}
      </Typography.Text>
    </Card>
  );
}
