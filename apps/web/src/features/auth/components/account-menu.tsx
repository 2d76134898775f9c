/**
 * Avatar with user name and its hover card (spec 000 §2 Account card): user name, company name or the
 * prompt to join or create one, personal space and (members) company space used and usable with
 * percent bars and expiry YYYY年MM月DD日 or 无限制 (space loads when the card opens), the expand-capacity
 * tag (扩容 → /payCenter?type=person|corp in a new tab; the company one for company administrators
 * only), 个人中心 (red dot, like the avatar, while company join applications wait for this
 * administrator), 帮助中心 (QR dialog 扫码联系我们, HELP_CENTER_URL), 咨询购买 (phone, CONSULT_PHONE),
 * 退出登录 → confirm 确认要退出吗？ (title 提示, 确定 / 取消) → `POST Api.logout`, clear the session,
 * reload to /login (000 §4 Log-out).
 * Hiding rules: private deployment hides help, consult-to-buy and the space bars; pay and expiry
 * items (expand tags, expiry dates, consult-to-buy) show only outside the chat app; the personal
 * edition has no company line, company bar or red dot.
 */
import {
  CaretDownOutlined,
  CustomerServiceOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  UserOutlined,
  IdcardOutlined,
} from '@ant-design/icons';
import { formatFileSize } from '@bimdrive/contracts';
import { Avatar, Badge, Button, Divider, Dropdown, Progress, Skeleton, Tag, Typography, theme } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCorpSpace, usePendingApplications } from '../../companies/api/company-api.ts';
import { useSession } from '../../../stores/session-store.ts';
import { lazyWhenOpen } from '../../../components/lazy-when-open.tsx';
import type { ConsultDialogProps } from '../../service/components/consult-dialog.tsx';
import type { HelpCenterDialogProps } from '../../service/components/help-center-dialog.tsx';
import { formatExpiry, usedPercent } from '../../service/lib/format-expiry.ts';
import { openPayCenter, type PayTarget } from '../../service/lib/pay-center.ts';
import '../../service/i18n.ts';
import { isInsideChatApp } from '../../../lib/chat-app.ts';
import { useClientConfig } from '../api/get-client-config.ts';
import { useSpace } from '../api/get-space.ts';
import { logout } from '../api/logout.ts';
import '../i18n.ts';

// The help (QR code) and consult dialogs load when first opened (issue 17).
const HelpCenterDialog = lazyWhenOpen<HelpCenterDialogProps>(
  async () => (await import('../../service/components/help-center-dialog.tsx')).HelpCenterDialog,
  (p) => p.open,
);
const ConsultDialog = lazyWhenOpen<ConsultDialogProps>(
  async () => (await import('../../service/components/consult-dialog.tsx')).ConsultDialog,
  (p) => p.open,
);

/** Percent bar colour: blue, orange above 80%, red above 95%. */
function barColor(percent: number): string {
  if (percent >= 95) return '#ff4d4f';
  if (percent >= 80) return '#fa8c16';
  return '#1677ff';
}

/** The account avatar and card in the top bar. */
export function AccountMenu(): ReactElement {
  const { t } = useTranslation(['auth', 'common', 'service']);
  const { modal } = useFeedback();
  const { token } = theme.useToken();
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'help' | 'consult' | null>(null);
  const config = useClientConfig().data;
  const privateDeployment = config?.privateDeployment ?? false;
  const showPayItems = !isInsideChatApp();
  const company = !user?.systemIsPersonal;
  const showSpace = !privateDeployment;
  const space = useSpace(open && showSpace);
  const corpSpace = useCorpSpace(open && showSpace && company && Boolean(user?.corpIdbit));
  const pending = usePendingApplications(company && Boolean(user?.iscorpadmin)).data === true;
  const navigate = useNavigate();
  const name = user?.userName ?? '';
  const helpUrl = privateDeployment ? '' : (config?.helpCenterUrl ?? '');
  const consultPhone = privateDeployment || !showPayItems ? '' : (config?.consultPhone ?? '');

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

  /** One space bar: label, expand tag, used / usable, percent bar and expiry (000 §2, §9 date format). */
  const spaceBar = (
    label: string,
    s: { usedSpace: number; usableSpace: number; serviceStopTime: string | null } | undefined,
    pay: PayTarget | null,
  ) => {
    const percent = s ? usedPercent(s.usedSpace, s.usableSpace) : 0;
    return (
      <div style={{ marginBottom: 8 }} data-testid={`space-bar-${pay ?? 'none'}`}>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 4 }}>
          <Typography.Text>
            {label}
            {pay && showPayItems && (
              <Tag
                color="blue"
                style={{
                  marginLeft: 6,
                  cursor: 'pointer',
                  fontSize: 11,
                  lineHeight: '16px',
                  paddingInline: 4,
                }}
                data-testid={`expand-${pay}`}
                onClick={() => openPayCenter(pay)}
              >
                {t('service:expand')}
              </Tag>
            )}
          </Typography.Text>
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
            <Progress percent={percent} strokeColor={barColor(percent)} size="small" />
            {showPayItems && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('account.expire', { date: formatExpiry(s.serviceStopTime, t('account.unlimited')) })}
              </Typography.Text>
            )}
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
      {showSpace && (
        <>
          <Divider style={{ margin: '16px 0 12px' }} />
          {spaceBar(t('account.personalSpace'), space.data, 'person')}
          {company &&
            user?.corpIdbit &&
            spaceBar(t('account.companySpace'), corpSpace.data, user.iscorpadmin ? 'corp' : null)}
        </>
      )}
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
      {helpUrl && (
        <Button
          type="text"
          block
          icon={<QuestionCircleOutlined />}
          data-testid="account-help"
          onClick={() => {
            setOpen(false);
            setDialog('help');
          }}
          style={{ textAlign: 'left', justifyContent: 'flex-start' }}
        >
          {t('service:help.entry')}
        </Button>
      )}
      {consultPhone && (
        <Button
          type="text"
          block
          icon={<CustomerServiceOutlined />}
          data-testid="account-consult"
          onClick={() => {
            setOpen(false);
            setDialog('consult');
          }}
          style={{ textAlign: 'left', justifyContent: 'flex-start' }}
        >
          {t('service:consult.entry')}
        </Button>
      )}
      <Button
        type="text"
        block
        data-testid="account-logout"
        icon={<LogoutOutlined />}
        onClick={confirmLogout}
        style={{ textAlign: 'left', justifyContent: 'flex-start' }}
      >
        {t('account.logout')}
      </Button>
    </div>
  );

  return (
    <>
      <HelpCenterDialog open={dialog === 'help'} url={helpUrl} onClose={() => setDialog(null)} />
      <ConsultDialog open={dialog === 'consult'} phone={consultPhone} onClose={() => setDialog(null)} />
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
    </>
  );
}
