/**
 * Avatar with user name and its hover card (spec 000 §2 Account card): user name, company name or the
 * prompt to join or create one, personal space and (members) company space used and usable with
 * percent bars and expiry (space loads when the card opens), 个人中心 (red dot, like the avatar, while
 * company join applications wait for this administrator), 退出登录 → confirm 确认要退出吗？ (title 提示,
 * 确定 / 取消) → `POST Api.logout`, clear the session, reload to /login (000 §4 Log-out).
 */
import { CaretDownOutlined, LogoutOutlined, UserOutlined, IdcardOutlined } from '@ant-design/icons';
import { formatFileSize } from '@bimdrive/contracts';
import { App, Avatar, Badge, Button, Divider, Dropdown, Progress, Skeleton, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCorpSpace, usePendingApplications } from '../../companies/api/company-api.ts';
import { useSession } from '../../../stores/session-store.ts';
import { useSpace } from '../api/get-space.ts';
import { logout } from '../api/logout.ts';
import '../i18n.ts';

/** Percent bar colour: blue, orange above 80%, red above 95%. */
function barColor(percent: number): string {
  if (percent >= 95) return '#ff4d4f';
  if (percent >= 80) return '#fa8c16';
  return '#1677ff';
}

/** The account avatar and card in the top bar. */
export function AccountMenu(): ReactElement {
  const { t } = useTranslation(['auth', 'common']);
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState(false);
  const space = useSpace(open);
  const corpSpace = useCorpSpace(open && Boolean(user?.corpIdbit));
  const pending = usePendingApplications(Boolean(user?.iscorpadmin)).data === true;
  const navigate = useNavigate();
  const name = user?.userName ?? '';
  const company = !user?.systemIsPersonal;

  const confirmLogout = () => {
    setOpen(false);
    modal.confirm({
      title: t('common:tip'),
      content: t('account.logoutConfirm'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        await logout();
        useSession.getState().signOut();
        window.location.assign('/login');
      },
    });
  };

  /** One space bar: label, used / usable, percent bar and expiry (000 §2, §9 date format). */
  const spaceBar = (
    label: string,
    s: { usedSpace: number; usableSpace: number; serviceStopTime: string | null } | undefined,
  ) => {
    const percent = s ? (s.usableSpace > 0 ? Math.min(100, (s.usedSpace / s.usableSpace) * 100) : 0) : 0;
    return (
      <div style={{ marginBottom: 8 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 4 }}>
          <Typography.Text>{label}</Typography.Text>
          {s && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('account.used', {
                used: formatFileSize(s.usedSpace),
                total: s.usableSpace > 0 ? formatFileSize(s.usableSpace) : t('account.unlimited'),
              })}
            </Typography.Text>
          )}
        </div>
        {s ? (
          <>
            <Progress percent={Number(percent.toFixed(1))} strokeColor={barColor(percent)} size="small" />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('account.expire', {
                date: s.serviceStopTime
                  ? dayjs(s.serviceStopTime).format('YYYY年MM月DD日')
                  : t('account.unlimited'),
              })}
            </Typography.Text>
          </>
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 1 }} />
        )}
      </div>
    );
  };

  const card = (
    <div
      data-testid="account-card"
      style={{
        width: 300,
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        padding: 20,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Avatar
          size={48}
          src={user?.avatar || undefined}
          style={{ background: token.colorPrimary, fontSize: 20 }}
        >
          {name.slice(0, 1) || <UserOutlined />}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ fontSize: 16 }} ellipsis>
            {name}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {user?.phone ?? ''}
            </Typography.Text>
          </div>
          {company && (
            <div>
              {user?.corpIdbit ? (
                <Typography.Text style={{ fontSize: 12 }} ellipsis data-testid="account-company">
                  {user.corpName}
                </Typography.Text>
              ) : (
                <Typography.Link
                  style={{ fontSize: 12 }}
                  onClick={() => {
                    setOpen(false);
                    void navigate('/userCenter');
                  }}
                >
                  {t('account.joinOrCreate')}
                </Typography.Link>
              )}
            </div>
          )}
        </div>
      </div>
      <Divider style={{ margin: '16px 0 12px' }} />
      {spaceBar(t('account.personalSpace'), space.data)}
      {user?.corpIdbit && spaceBar(t('account.companySpace'), corpSpace.data)}
      <Divider style={{ margin: '12px 0 8px' }} />
      <Button
        type="text"
        block
        icon={<IdcardOutlined />}
        data-testid="account-user-center"
        onClick={() => {
          setOpen(false);
          void navigate('/userCenter');
        }}
        style={{ textAlign: 'left', justifyContent: 'flex-start' }}
      >
        <Badge dot={pending} offset={[6, 0]}>
          {t('account.userCenter')}
        </Badge>
      </Button>
      <Button
        type="text"
        block
        icon={<LogoutOutlined />}
        onClick={confirmLogout}
        style={{ textAlign: 'left', justifyContent: 'flex-start' }}
      >
        {t('account.logout')}
      </Button>
    </div>
  );

  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['hover']}
      placement="bottomRight"
      popupRender={() => card}
    >
      <span
        data-testid="account-menu"
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 8,
          cursor: 'pointer',
          height: '100%',
          padding: '0 4px',
        }}
      >
        <Badge dot={pending} data-testid="account-red-dot" data-pending={pending ? '1' : '0'}>
          <Avatar size={30} src={user?.avatar || undefined} style={{ background: token.colorPrimary }}>
            {name.slice(0, 1) || <UserOutlined />}
          </Avatar>
        </Badge>
        <span style={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </span>
        <CaretDownOutlined style={{ fontSize: 10, color: token.colorTextTertiary }} />
      </span>
    </Dropdown>
  );
}
