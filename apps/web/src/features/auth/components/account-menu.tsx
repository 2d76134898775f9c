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
 * The trigger is light (issue 17 "Weight and speed": LightAvatar instead of antd Avatar, antd Popover
 * — already on the page — instead of antd Dropdown, which brings antd Menu); the card's content
 * (account-card.tsx) loads when the avatar is first hovered.
 */
import { CaretDownOutlined, UserOutlined } from '@ant-design/icons';
import { Popover, theme } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCorpSpace, usePendingApplications } from '../../companies/api/company-api.ts';
import { useSession } from '../../../stores/session-store.ts';
import { lazyWhenOpen } from '../../../components/lazy-when-open.tsx';
import { LightAvatar } from '../../../components/light/light-avatar.tsx';
import type { ConsultDialogProps } from '../../service/components/consult-dialog.tsx';
import type { HelpCenterDialogProps } from '../../service/components/help-center-dialog.tsx';
import '../../service/i18n.ts';
import { isInsideChatApp } from '../../../lib/chat-app.ts';
import { useClientConfig } from '../api/get-client-config.ts';
import { useSpace } from '../api/get-space.ts';
import { logout } from '../api/logout.ts';
import '../i18n.ts';
import { LightBadge } from '../../../components/light/light-badge.tsx';
import { DROPDOWN_LIKE } from '../../../components/nav-menu/dropdown-like.ts';

// The help (QR code) and consult dialogs load when first opened (issue 17).
const HelpCenterDialog = lazyWhenOpen<HelpCenterDialogProps>(
  async () => (await import('../../service/components/help-center-dialog.tsx')).HelpCenterDialog,
  (p) => p.open,
);
const ConsultDialog = lazyWhenOpen<ConsultDialogProps>(
  async () => (await import('../../service/components/consult-dialog.tsx')).ConsultDialog,
  (p) => p.open,
);

/** The card's module, fetched when the avatar is first hovered or focused (issue 17). */
const loadCard = () => import('./account-card.tsx');
const AccountCard = lazy(async () => ({ default: (await loadCard()).AccountCard }));

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

  const toUserCenter = () => {
    setOpen(false);
    void navigate('/userCenter');
  };
  const openDialog = (d: 'help' | 'consult') => {
    setOpen(false);
    setDialog(d);
  };

  // Shown while the card's module loads (normally within the hover delay): the card's empty frame.
  const frame = (
    <div
      data-testid="account-card-loading"
      style={{
        width: 300,
        minHeight: 120,
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    />
  );
  const card = (
    <Suspense fallback={frame}>
      <AccountCard
        showSpace={showSpace}
        showPayItems={showPayItems}
        company={company}
        space={space.data}
        corpSpace={corpSpace.data}
        pending={pending}
        helpUrl={helpUrl}
        consultPhone={consultPhone}
        onUserCenter={toUserCenter}
        onHelp={() => openDialog('help')}
        onConsult={() => openDialog('consult')}
        onLogout={confirmLogout}
      />
    </Suspense>
  );

  return (
    <>
      <HelpCenterDialog open={dialog === 'help'} url={helpUrl} onClose={() => setDialog(null)} />
      <ConsultDialog open={dialog === 'consult'} phone={consultPhone} onClose={() => setDialog(null)} />
      {/* antd Popover drawn and moving like antd Dropdown (dropdown-like.ts; its box is the card's). */}
      <Popover
        {...DROPDOWN_LIKE}
        open={open}
        onOpenChange={setOpen}
        trigger={['hover']}
        placement="bottomRight"
        mouseEnterDelay={0.15}
        mouseLeaveDelay={0.1}
        content={card}
      >
        <span
          data-testid="account-menu"
          onPointerEnter={() => void loadCard()}
          onFocus={() => void loadCard()}
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 8,
            cursor: 'pointer',
            height: '100%',
            padding: '0 4px',
          }}
        >
          <LightBadge dot={pending} data-testid="account-red-dot" data-pending={pending ? '1' : '0'}>
            <LightAvatar size={30} src={user?.avatar || undefined} background={token.colorPrimary}>
              {name.slice(0, 1) || <UserOutlined />}
            </LightAvatar>
          </LightBadge>
          <span style={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </span>
          <CaretDownOutlined style={{ fontSize: 10, color: token.colorTextTertiary }} />
        </span>
      </Popover>
    </>
  );
}
