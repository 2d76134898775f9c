/**
 * Avatar with user name and its hover card (spec 000 §2 Account card): user name, personal space used
 * and usable with a percent bar (space loads when the card opens), 退出登录 → confirm 确认要退出吗？
 * (title 提示, 确定 / 取消) → `POST Api.logout`, clear the session, reload to /login (000 §4 Log-out).
 */
import { CaretDownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { formatFileSize } from '@bimdrive/contracts';
import { App, Avatar, Button, Divider, Dropdown, Progress, Skeleton, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
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
  const name = user?.userName ?? '';

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

  const s = space.data;
  const percent = s ? (s.usableSpace > 0 ? Math.min(100, (s.usedSpace / s.usableSpace) * 100) : 0) : 0;

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
        </div>
      </div>
      <Divider style={{ margin: '16px 0 12px' }} />
      <div>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 4 }}>
          <Typography.Text>{t('account.personalSpace')}</Typography.Text>
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
      <Divider style={{ margin: '12px 0 8px' }} />
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
        <Avatar size={30} src={user?.avatar || undefined} style={{ background: token.colorPrimary }}>
          {name.slice(0, 1) || <UserOutlined />}
        </Avatar>
        <span style={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </span>
        <CaretDownOutlined style={{ fontSize: 10, color: token.colorTextTertiary }} />
      </span>
    </Dropdown>
  );
}
