/**
 * 企业管理 `/companyManagement` (spec 001 §2 administration group, layout 4; §6 system administrators
 * only — the server answers 403 to others; §7 `UpdateCorpUsingStatus`; issue 16): every company with
 * search (name or credit code), a 使用状态 filter and paging; columns 企业名称, 统一社会信用代码, 管理员,
 * 成员数, 存储 (已用/配额), 服务到期, 使用状态 (正常 / 即将到期 / 已到期 / 停用 as coloured tags); actions
 * 修改配额 and 修改服务到期 (under 更多), 停用/启用 (confirm; a disabled company's space is refused to everybody, its
 * members keep their personal space) and 详情 (→ /corpDetail?corpId=…). Search and filter live in the
 * URL with the table state.
 */
import {
  ApartmentOutlined,
  CheckCircleOutlined,
  MoreOutlined,
  ReloadOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { AdminCompanyPageValue } from '@bimdrive/contracts';
import { Button, Dropdown, Empty, Input, Progress, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useConfirmedAction } from '../../../lib/confirmed-action.ts';
import { useState, type HTMLAttributes, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PageToolbar } from '../../../components/page-toolbar.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import type { TableQueryConfig } from '../../../components/data-table/table-state.ts';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state.ts';
import { useAdminCompanies, useSetCompanyState, type AdminCompanyRowValue } from '../api/companies.ts';
import { storagePercent, storageText } from '../lib/user-admin-format.ts';
import '../companies-i18n.ts';
import { CompanyQuotaDialog, CompanyServiceEndDialog } from './company-edit-dialogs.tsx';
import { serverText } from '../../../lib/server-messages.ts';

/** A usage state (contracts/admin.ts CompanyUsageState). */
type UsageState = AdminCompanyPageValue['list'][number]['state'];

/** Usage states in filter order. */
export const USAGE_STATES: readonly UsageState[] = ['正常', '即将到期', '已到期', '停用'];

/** Tag colour of each usage state. */
export const USAGE_STATE_COLOR: Record<UsageState, string> = {
  正常: 'success',
  即将到期: 'warning',
  已到期: 'error',
  停用: 'default',
};

/** Paging of the company table (filters are the toolbar's search and state). */
const COMPANY_TABLE_CONFIG: TableQueryConfig = {
  sortFields: [],
  filters: {},
  defaultRows: 20,
  pageSizes: [20, 50, 100],
};

/** The usage state as a coloured tag. */
export function UsageStateTag({ state }: { state: UsageState }): ReactElement {
  const { t } = useTranslation('adminCompanies');
  return (
    <Tag color={USAGE_STATE_COLOR[state]} data-testid="company-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

/** The enterprise management screen. */
export function CompanyManagementPage(): ReactElement {
  const { t } = useTranslation(['adminCompanies', 'common']);
  const confirm = useConfirmedAction();
  const navigate = useNavigate();
  const [table, setTable] = useTableUrlState(COMPANY_TABLE_CONFIG);
  const [sp, setSp] = useSearchParams();
  const search = sp.get('search') ?? '';
  const stateParam = sp.get('state') ?? '';
  const state = (USAGE_STATES as readonly string[]).includes(stateParam) ? stateParam : '';
  const [typed, setTyped] = useState(search);
  const params: Record<string, string> = { page: String(table.page), rows: String(table.rows) };
  if (search.trim()) params.search = search.trim().slice(0, 64);
  if (state) params.state = state;
  const list = useAdminCompanies(params);
  const setState = useSetCompanyState();
  const [quotaOf, setQuotaOf] = useState<AdminCompanyRowValue | null>(null);
  const [endOf, setEndOf] = useState<AdminCompanyRowValue | null>(null);

  /** Change one URL parameter and go back to page 1. */
  const setParam = (key: string, value: string) => {
    setSp((prev) => {
      const q = new URLSearchParams(prev);
      if (value) q.set(key, value);
      else q.delete(key);
      q.delete('page');
      return q;
    });
  };

  const confirmState = (c: AdminCompanyRowValue) => {
    const disable = c.state !== '停用';
    confirm({
      content: disable ? t('confirmDisable', { name: c.corpName }) : t('confirmEnable', { name: c.corpName }),
      danger: disable,
      action: () => setState.mutateAsync({ corpId: c.corpId, state: disable ? 'disabled' : 'normal' }),
      success: (r) => serverText(r.msg) || t('common:msg.edited'),
    });
  };

  const columns: Array<DataTableColumn<AdminCompanyRowValue>> = [
    {
      title: t('col.corpName'),
      key: 'corpName',
      hideable: false,
      width: 160,
      render: (_: unknown, c) => (
        <Link to={`/corpDetail?corpId=${c.corpId}`}>
          <Typography.Text strong ellipsis={{ tooltip: c.corpName }} style={{ color: 'inherit' }}>
            {c.corpName}
          </Typography.Text>
        </Link>
      ),
    },
    { title: t('col.creditCode'), key: 'creditCode', dataIndex: 'creditCode', width: 180 },
    {
      title: t('col.admins'),
      key: 'admins',
      width: 160,
      render: (_: unknown, c) =>
        c.admins.length ? (
          <Space direction="vertical" size={0}>
            {c.admins.map((a) => (
              <Typography.Text key={a.userId} style={{ fontSize: 13 }}>
                {a.userName} <Typography.Text type="secondary">{a.phone}</Typography.Text>
              </Typography.Text>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('noAdmin')}</Typography.Text>
        ),
    },
    {
      title: t('col.memberCount'),
      key: 'memberCount',
      width: 80,
      align: 'right',
      render: (_: unknown, c) => t('members', { count: c.memberCount }),
    },
    {
      title: t('col.storage'),
      key: 'storage',
      width: 150,
      render: (_: unknown, c) => {
        const pct = storagePercent(c.usedSpace, c.usableSpace);
        return (
          <div data-testid="company-storage">
            <Typography.Text style={{ fontSize: 13 }}>
              {storageText(c.usedSpace, c.usableSpace)}
            </Typography.Text>
            <Progress
              percent={pct}
              size="small"
              showInfo={false}
              status={pct >= 90 ? 'exception' : 'normal'}
              style={{ margin: 0 }}
            />
          </div>
        );
      },
    },
    {
      title: t('col.serviceStopTime'),
      key: 'serviceStopTime',
      width: 110,
      render: (_: unknown, c) =>
        c.serviceStopTime ? (
          <span data-testid="company-service-end">{c.serviceStopTime.slice(0, 10)}</span>
        ) : (
          <Typography.Text type="secondary" data-testid="company-service-end">
            {t('unlimited')}
          </Typography.Text>
        ),
    },
    {
      title: t('col.state'),
      key: 'state',
      width: 100,
      render: (_: unknown, c) => <UsageStateTag state={c.state} />,
    },
    { title: t('col.createTime'), key: 'createTime', dataIndex: 'createTime', width: 170 },
    {
      title: t('col.actions'),
      key: 'actions',
      width: 210,
      hideable: false,
      render: (_: unknown, c) => (
        <Space size={0} className="row-actions">
          {c.state === '停用' ? (
            <Button type="link" size="small" icon={<CheckCircleOutlined />} onClick={() => confirmState(c)}>
              {t('action.enable')}
            </Button>
          ) : (
            <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => confirmState(c)}>
              {t('action.disable')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => void navigate(`/corpDetail?corpId=${c.corpId}`)}>
            {t('action.detail')}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'quota', label: t('action.quota'), onClick: () => setQuotaOf(c) },
                { key: 'serviceEnd', label: t('action.serviceEnd'), onClick: () => setEndOf(c) },
              ],
            }}
          >
            <Button type="link" size="small" icon={<MoreOutlined />} aria-label={t('action.more')}>
              {t('action.more')}
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <div className="page-card" data-testid="company-management">
      <PageToolbar icon={ApartmentOutlined} title={t('title')}>
        <Space wrap style={{ minWidth: 0 }}>
          <Input.Search
            allowClear
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (!e.target.value) setParam('search', '');
            }}
            onSearch={(v) => setParam('search', v.trim())}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            maxLength={64}
            style={{ width: 260, maxWidth: '100%' }}
          />
          <Select
            value={state}
            onChange={(v: string) => setParam('state', v)}
            aria-label={t('col.state')}
            style={{ width: 130 }}
            options={[
              { value: '', label: t('allStates') },
              ...USAGE_STATES.map((s) => ({ value: s, label: t(`state.${s}`) })),
            ]}
          />
          <Tooltip title={t('refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('refresh')}
              onClick={() => void list.refetch()}
              loading={list.isFetching && !list.isLoading}
            />
          </Tooltip>
        </Space>
      </PageToolbar>
      <DataTable<AdminCompanyRowValue>
        testId="company-table"
        tableId="companyManagement"
        rowKey="corpId"
        columns={columns}
        config={COMPANY_TABLE_CONFIG}
        rows={list.data?.list ?? []}
        total={list.data?.count ?? 0}
        loading={list.isLoading}
        state={table}
        onStateChange={setTable}
        defaultHidden={['createTime']}
        onRow={(c) => ({ 'data-row-corp': c.corpName }) as HTMLAttributes<HTMLElement>}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />}
      />
      <CompanyQuotaDialog company={quotaOf} onClose={() => setQuotaOf(null)} />
      <CompanyServiceEndDialog company={endOf} onClose={() => setEndOf(null)} />
    </div>
  );
}
