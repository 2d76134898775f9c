/**
 * 用户管理 `/personalManagement` (spec 001 §2 administration group, layout 4; §6 system
 * administrators only — the route guard sends others to /404 and the server answers 403; issue 16):
 * every account with search (name or phone), paging, 状态 and 注册时间 filters; columns 用户名, 手机号,
 * 企业, 注册时间, 最近登录, 存储(已用/配额), 服务到期, 状态 (正常/停用); actions 停用/启用 (confirm; the server
 * refuses to disable oneself and ends a disabled account's sessions at once), 修改配额 (GB),
 * 修改服务到期 (date or 无限制) and 重置密码 (confirm; the generated password is shown once, copyable).
 * Server messages are toasts; refusals show the envelope's message (API client).
 */
import {
  CalendarOutlined,
  CheckCircleOutlined,
  CopyOutlined,
  DatabaseOutlined,
  DownOutlined,
  KeyOutlined,
  ReloadOutlined,
  StopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Empty, Input, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useConfirmedAction } from '../../../lib/confirmed-action.ts';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useState, type HTMLAttributes, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PageToolbar } from '../../../components/page-toolbar.tsx';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state.ts';
import { copyText } from '../../../lib/clipboard.ts';
import {
  useAdminUsers,
  useResetUserPassword,
  useSetUserState,
  type AdminUserRowValue,
} from '../api/users.ts';
import {
  serviceEndState,
  storagePercent,
  storageText,
  USER_TABLE_CONFIG,
  userListParams,
} from '../lib/user-admin-format.ts';
import '../i18n.ts';
import { UserQuotaDialog, UserServiceEndDialog } from './user-edit-dialogs.tsx';
import { serverText } from '../../../lib/server-messages.ts';

/** The new password, shown once with a copy button. */
function NewPassword({ password, note }: { password: string; note: string }): ReactElement {
  const { t } = useTranslation('admin');
  const { message } = useFeedback();
  return (
    <div>
      <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>
      <Space wrap>
        <Typography.Text type="secondary">{t('users.newPasswordLabel')}</Typography.Text>
        <Typography.Text code strong style={{ fontSize: 16 }} data-testid="new-password">
          {password}
        </Typography.Text>
        <Button
          size="small"
          icon={<CopyOutlined />}
          onClick={() =>
            void copyText(password).then((ok) =>
              ok ? message.success(t('users.copied')) : message.error(t('users.copyFailed')),
            )
          }
        >
          {t('users.copy')}
        </Button>
      </Space>
    </div>
  );
}

/** The user management screen. */
export function PersonalManagementPage(): ReactElement {
  const { t } = useTranslation(['admin', 'common']);
  const { message, modal } = useFeedback();
  const confirm = useConfirmedAction();
  const [table, setTable] = useTableUrlState(USER_TABLE_CONFIG);
  const [sp, setSp] = useSearchParams();
  const search = sp.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const list = useAdminUsers(userListParams(table, search));
  const setState = useSetUserState();
  const reset = useResetUserPassword();
  const [quotaOf, setQuotaOf] = useState<AdminUserRowValue | null>(null);
  const [endOf, setEndOf] = useState<AdminUserRowValue | null>(null);

  /** Search from page 1 (kept in the URL with the table state). */
  const runSearch = (value: string) => {
    setSp((prev) => {
      const q = new URLSearchParams(prev);
      if (value.trim()) q.set('search', value.trim());
      else q.delete('search');
      q.delete('page');
      return q;
    });
  };

  const confirmState = (u: AdminUserRowValue) => {
    const disable = u.state === 'normal';
    const vars = { name: u.userName, phone: u.phone };
    confirm({
      content: disable ? t('users.confirmDisable', vars) : t('users.confirmEnable', vars),
      danger: disable,
      action: () => setState.mutateAsync({ userId: u.userId, state: disable ? 'disabled' : 'normal' }),
      success: (r) => serverText(r.msg) || t('common:msg.edited'),
    });
  };

  const confirmReset = (u: AdminUserRowValue) => {
    const vars = { name: u.userName, phone: u.phone };
    modal.confirm({
      title: t('users.resetTitle'),
      content: t('users.confirmReset', vars),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          const r = await reset.mutateAsync({ userId: u.userId });
          void message.success(serverText(r.msg) || t('common:msg.edited'));
          if (r.data.password)
            modal.success({
              title: t('users.newPasswordTitle'),
              content: <NewPassword password={r.data.password} note={t('users.newPasswordOnce', vars)} />,
              okText: t('users.done'),
              width: 460,
            });
        } catch {
          /* toasted by the API client */
        }
      },
    });
  };

  const columns: Array<DataTableColumn<AdminUserRowValue>> = [
    {
      title: t('users.col.userName'),
      key: 'userName',
      hideable: false,
      width: 145,
      render: (_: unknown, u) => (
        <Space size={4} wrap>
          <Typography.Text strong>{u.userName}</Typography.Text>
          {u.isadministrator && <Tag color="purple">{t('users.sysAdmin')}</Tag>}
          {u.iscorpadmin && <Tag color="blue">{t('users.corpAdmin')}</Tag>}
        </Space>
      ),
    },
    { title: t('users.col.phone'), key: 'phone', dataIndex: 'phone', width: 115 },
    {
      title: t('users.col.corpName'),
      key: 'corpName',
      width: 100,
      ellipsis: true,
      render: (_: unknown, u) =>
        u.corpName ? (
          <Typography.Text ellipsis={{ tooltip: u.corpName }}>{u.corpName}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('users.noCorp')}</Typography.Text>
        ),
    },
    { title: t('users.col.createTime'), key: 'createTime', dataIndex: 'createTime', width: 155 },
    {
      title: t('users.col.lastLoginTime'),
      key: 'lastLoginTime',
      width: 155,
      render: (_: unknown, u) =>
        u.lastLoginTime ?? <Typography.Text type="secondary">{t('users.neverLoggedIn')}</Typography.Text>,
    },
    {
      title: t('users.col.storage'),
      key: 'storage',
      width: 130,
      render: (_: unknown, u) => (
        <div data-testid="user-storage">
          <Typography.Text style={{ fontSize: 13 }}>
            {storageText(u.usedSpace, u.usableSpace)}
          </Typography.Text>
          <Progress
            percent={storagePercent(u.usedSpace, u.usableSpace)}
            size="small"
            showInfo={false}
            status={storagePercent(u.usedSpace, u.usableSpace) >= 90 ? 'exception' : 'normal'}
            style={{ margin: 0 }}
          />
        </div>
      ),
    },
    {
      title: t('users.col.serviceStopTime'),
      key: 'serviceStopTime',
      width: 125,
      render: (_: unknown, u) => {
        const s = serviceEndState(u.serviceStopTime);
        if (s === 'unlimited')
          return <Typography.Text type="secondary">{t('users.unlimited')}</Typography.Text>;
        return (
          <Space size={4} wrap data-testid="user-service-end">
            <span>{u.serviceStopTime!.slice(0, 10)}</span>
            {s === 'expired' && <Tag color="error">{t('users.expired')}</Tag>}
            {s === 'soon' && <Tag color="warning">{t('users.soon')}</Tag>}
          </Space>
        );
      },
    },
    {
      title: t('users.col.state'),
      key: 'state',
      width: 80,
      filterOptions: [
        { value: 'normal', label: t('users.state.normal') },
        { value: 'disabled', label: t('users.state.disabled') },
      ],
      render: (_: unknown, u) =>
        u.state === 'normal' ? (
          <Tag color="success">{t('users.state.normal')}</Tag>
        ) : (
          <Tag color="default">{t('users.state.disabled')}</Tag>
        ),
    },
    {
      title: t('users.col.actions'),
      key: 'actions',
      width: 130,
      hideable: false,
      render: (_: unknown, u) => (
        <Space size={0} className="row-actions">
          {u.state === 'normal' ? (
            <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => confirmState(u)}>
              {t('users.action.disable')}
            </Button>
          ) : (
            <Button type="link" size="small" icon={<CheckCircleOutlined />} onClick={() => confirmState(u)}>
              {t('users.action.enable')}
            </Button>
          )}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'quota', icon: <DatabaseOutlined />, label: t('users.action.quota') },
                { key: 'serviceEnd', icon: <CalendarOutlined />, label: t('users.action.serviceEnd') },
                { key: 'password', icon: <KeyOutlined />, label: t('users.action.resetPassword') },
              ],
              onClick: ({ key }) => {
                if (key === 'quota') setQuotaOf(u);
                else if (key === 'serviceEnd') setEndOf(u);
                else confirmReset(u);
              },
            }}
          >
            <Button type="link" size="small" aria-label={t('users.action.more')}>
              {t('users.action.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <div className="page-card" data-testid="personal-management">
      <PageToolbar icon={TeamOutlined} title={t('users.title')}>
        <div style={{ display: 'flex', gap: 8, flex: '1 1 240px', maxWidth: 320, minWidth: 0 }}>
          <Input.Search
            allowClear
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (!e.target.value) runSearch('');
            }}
            onSearch={runSearch}
            placeholder={t('users.searchPlaceholder')}
            aria-label={t('users.searchPlaceholder')}
            maxLength={64}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Tooltip title={t('users.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('users.refresh')}
              onClick={() => void list.refetch()}
              loading={list.isFetching && !list.isLoading}
            />
          </Tooltip>
        </div>
      </PageToolbar>
      <DataTable<AdminUserRowValue>
        testId="user-table"
        tableId="personalManagement"
        rowKey="userId"
        columns={columns}
        config={USER_TABLE_CONFIG}
        rows={list.data?.list ?? []}
        total={list.data?.count ?? 0}
        loading={list.isLoading}
        state={table}
        onStateChange={setTable}
        onRow={(u) => ({ 'data-row-phone': u.phone }) as HTMLAttributes<HTMLElement>}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('users.empty')} />}
      />
      <UserQuotaDialog user={quotaOf} onClose={() => setQuotaOf(null)} />
      <UserServiceEndDialog user={endOf} onClose={() => setEndOf(null)} />
    </div>
  );
}
