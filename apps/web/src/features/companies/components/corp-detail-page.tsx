/**
 * `/corpDetail` — the company detail pages (spec 000 §2 routes; issue 16 administration group), in the
 * navbar shell. `?corpId=` names the company; without it the user's own company is shown. For the
 * company's administrators and for system administrators (the server enforces it: others see a 无权查看
 * result, a user without a company the join/create prompt's text). Tabs:
 * - 企业信息: name, credit code, created, members, usage state (正常 / 即将到期 / 已到期 / 停用);
 * - 管理员 and 成员: the company's people (GetCorpAdmin, CheckCompanyPerson);
 * - 空间: used/quota bar and the service end (with its 已到期 / 即将到期 note);
 * - 套餐与订单: the current plan and the company's orders (GetCorpOrders).
 * The active tab is kept in the URL (`tab=`).
 */
import { ApartmentOutlined, ArrowLeftOutlined } from '@ant-design/icons';
import { formatFileSize, planById, type CompanyOrdersValue, type CorpDetailValue } from '@bimdrive/contracts';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Grid,
  Progress,
  Result,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCompanyAdmins, useMembers } from '../api/company-api.ts';
import { CorpDetailError, useCorpDetail, useCorpOrders } from '../api/corp-detail-api.ts';
import '../i18n.ts';
import { serverText } from '../../../lib/server-messages.ts';

/** Tag colour of each usage state (as 企业管理 shows them). */
const STATE_COLOR: Record<CorpDetailValue['state'], string> = {
  正常: 'success',
  即将到期: 'warning',
  已到期: 'error',
  停用: 'default',
};

/** Tab keys in order. */
const TABS = ['profile', 'admins', 'members', 'space', 'orders'] as const;
type TabKey = (typeof TABS)[number];

/** The usage state as a coloured tag. */
function StateTag({ state }: { state: CorpDetailValue['state'] }): ReactElement {
  const { t } = useTranslation('companies');
  return (
    <Tag color={STATE_COLOR[state]} data-testid="corp-detail-state">
      {t(`corpDetail.state.${state}`)}
    </Tag>
  );
}

/** 管理员 / 成员: a list of people of the company. */
function PeopleTab({ corpId, admins }: { corpId: string; admins: boolean }): ReactElement {
  const { t } = useTranslation('companies');
  const members = useMembers(admins ? undefined : corpId);
  const adminList = useCompanyAdmins(admins ? corpId : undefined);
  const rows = admins ? (adminList.data ?? []) : (members.data?.list ?? []);
  const loading = admins ? adminList.isLoading : members.isLoading;
  return (
    <Table
      size="middle"
      rowKey="userId"
      loading={loading}
      dataSource={rows}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('corpDetail.noPeople')} />,
      }}
      columns={[
        { title: t('corpDetail.col.userName'), dataIndex: 'userName', key: 'userName' },
        { title: t('corpDetail.col.phone'), dataIndex: 'phone', key: 'phone' },
        {
          title: t('corpDetail.col.role'),
          key: 'role',
          render: (_: unknown, p: { isAdmin: boolean; invitebit: boolean }) => (
            <Space size={4}>
              {p.isAdmin ? <Tag color="blue">{t('roleAdmin')}</Tag> : <Tag>{t('roleMember')}</Tag>}
              {!p.invitebit && <Tag color="orange">{t('corpDetail.invitePending')}</Tag>}
            </Space>
          ),
        },
      ]}
    />
  );
}

/** 空间: used/quota bar and the service end. */
function SpaceTab({ d }: { d: CorpDetailValue }): ReactElement {
  const { t } = useTranslation('companies');
  const pct = d.usableSpace > 0 ? Math.min(100, Math.round((d.usedSpace / d.usableSpace) * 100)) : 0;
  return (
    <div style={{ maxWidth: 560 }} data-testid="corp-detail-space">
      <Typography.Text strong>{t('corpDetail.spaceUsed')}</Typography.Text>
      <Progress percent={pct} status={pct >= 90 ? 'exception' : 'normal'} style={{ marginBottom: 4 }} />
      <Typography.Paragraph type="secondary">
        {t('corpDetail.spaceText', {
          used: formatFileSize(d.usedSpace),
          quota: formatFileSize(d.usableSpace),
        })}
      </Typography.Paragraph>
      <Descriptions column={1} size="small" bordered style={{ maxWidth: '100%' }}>
        <Descriptions.Item label={t('corpDetail.serviceEnd')}>
          <Space size={6} wrap>
            <span data-testid="corp-detail-service-end">
              {d.serviceStopTime ?? t('corpDetail.unlimited')}
            </span>
            {(d.state === '已到期' || d.state === '即将到期') && <StateTag state={d.state} />}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('corpDetail.usageState')}>
          <StateTag state={d.state} />
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}

/** 套餐与订单: current plan and the company's orders. */
function OrdersTab({ d }: { d: CorpDetailValue }): ReactElement {
  const { t } = useTranslation('companies');
  const orders = useCorpOrders(d.corpId);
  const plan = planById(d.planId);
  const planName = !plan
    ? t('corpDetail.planTrial')
    : plan.contactSupplier
      ? t('corpDetail.planContact')
      : t('corpDetail.planCorp', { persons: plan.persons });
  const columns: ColumnsType<CompanyOrdersValue[number]> = [
    { title: t('corpDetail.col.orderNo'), dataIndex: 'orderNo', key: 'orderNo' },
    { title: t('corpDetail.col.createTime'), dataIndex: 'createTime', key: 'createTime' },
    {
      title: t('corpDetail.col.buyer'),
      key: 'buyer',
      render: (_: unknown, o) => `${o.buyerName} ${o.buyerPhone}`,
    },
    {
      title: t('corpDetail.col.period'),
      key: 'months',
      render: (_: unknown, o) => t('corpDetail.months', { count: o.months }),
    },
    {
      title: t('corpDetail.col.amount'),
      key: 'amount',
      align: 'right',
      render: (_: unknown, o) => `¥${(o.amountFen / 100).toFixed(2)}`,
    },
    {
      title: t('corpDetail.col.channel'),
      key: 'channel',
      render: (_: unknown, o) => t(`corpDetail.channel.${o.channel}`),
    },
    {
      title: t('corpDetail.col.orderState'),
      key: 'state',
      render: (_: unknown, o) => (
        <Tag color={o.state === 'paid' ? 'success' : o.state === 'unpaid' ? 'processing' : 'default'}>
          {t(`corpDetail.orderState.${o.state}`)}
        </Tag>
      ),
    },
    { title: t('corpDetail.col.payTime'), key: 'payTime', render: (_: unknown, o) => o.payTime ?? '—' },
  ];
  return (
    <div data-testid="corp-detail-orders">
      <Descriptions column={{ xs: 1, sm: 2 }} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('corpDetail.currentPlan')}>
          <Typography.Text strong>{planName}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('corpDetail.serviceEnd')}>
          {d.serviceStopTime ?? t('corpDetail.unlimited')}
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="middle"
        rowKey="orderNo"
        loading={orders.isLoading}
        dataSource={orders.data ?? []}
        columns={columns}
        pagination={(orders.data?.length ?? 0) > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('corpDetail.noOrders')} />,
        }}
      />
    </div>
  );
}

/** The company detail pages. */
export function CorpDetailPage(): ReactElement {
  const { t } = useTranslation(['companies', 'common']);
  const navigate = useNavigate();
  const [sp, setSp] = useSearchParams();
  const corpId = sp.get('corpId') ?? '';
  const tabParam = sp.get('tab') ?? '';
  const tab: TabKey = (TABS as readonly string[]).includes(tabParam) ? (tabParam as TabKey) : 'profile';
  const detail = useCorpDetail(corpId);
  const d = detail.data;
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
      {t('corpDetail.back')}
    </Button>
  );

  let body: ReactElement;
  if (detail.isLoading) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (detail.error || !d) {
    const err = detail.error;
    const code = err instanceof CorpDetailError ? err.code : 0;
    const notFound = err instanceof CorpDetailError && /加入企业|不存在/.test(err.message);
    body = (
      <Result
        status={notFound ? '404' : code === 0 && !(err instanceof CorpDetailError) ? 'error' : '403'}
        title={notFound ? t('corpDetail.notFoundTitle') : t('corpDetail.forbiddenTitle')}
        subTitle={serverText(err?.message ?? '') || t('corpDetail.forbiddenText')}
        extra={back}
        data-testid="corp-detail-refused"
      />
    );
  } else {
    body = (
      <>
        <div className="page-toolbar" style={{ marginBottom: 8 }}>
          <Space size={8} wrap style={{ minWidth: 0 }}>
            <ApartmentOutlined style={{ color: '#1677ff', fontSize: 18 }} />
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="corp-detail-name">
              {d.corpName}
            </Typography.Title>
            <StateTag state={d.state} />
          </Space>
          {back}
        </div>
        {d.state === '停用' && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('corpDetail.disabledNotice')}
          />
        )}
        <Tabs
          activeKey={tab}
          onChange={(k) =>
            setSp(
              (prev) => {
                const q = new URLSearchParams(prev);
                q.set('tab', k);
                return q;
              },
              { replace: true },
            )
          }
          items={[
            {
              key: 'profile',
              label: t('corpDetail.tab.profile'),
              children: (
                <Descriptions
                  column={{ xs: 1, md: 2 }}
                  bordered={!phone}
                  layout={phone ? 'vertical' : 'horizontal'}
                  size="small"
                  data-testid="corp-detail-profile"
                >
                  <Descriptions.Item label={t('name')}>{d.corpName}</Descriptions.Item>
                  <Descriptions.Item label={t('corpDetail.creditCode')}>{d.creditCode}</Descriptions.Item>
                  <Descriptions.Item label={t('corpDetail.createTime')}>{d.createTime}</Descriptions.Item>
                  <Descriptions.Item label={t('corpDetail.memberCount')}>
                    {t('corpDetail.persons', { count: d.memberCount })}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('corpDetail.usageState')}>
                    <StateTag state={d.state} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('corpDetail.serviceEnd')}>
                    {d.serviceStopTime ?? t('corpDetail.unlimited')}
                  </Descriptions.Item>
                </Descriptions>
              ),
            },
            {
              key: 'admins',
              label: t('corpDetail.tab.admins'),
              children: <PeopleTab corpId={d.corpId} admins />,
            },
            {
              key: 'members',
              label: t('corpDetail.tab.members'),
              children: <PeopleTab corpId={d.corpId} admins={false} />,
            },
            { key: 'space', label: t('corpDetail.tab.space'), children: <SpaceTab d={d} /> },
            { key: 'orders', label: t('corpDetail.tab.orders'), children: <OrdersTab d={d} /> },
          ]}
        />
      </>
    );
  }

  return (
    <div
      style={{
        padding: phone ? 8 : 16,
        width: '100%',
        maxWidth: 1200,
        margin: '0 auto',
        minWidth: 0,
        boxSizing: 'border-box',
      }}
      data-testid="corp-detail"
    >
      <Card styles={{ body: { padding: phone ? 12 : 24 } }}>{body}</Card>
    </div>
  );
}
