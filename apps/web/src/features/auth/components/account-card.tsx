/**
 * The account hover card's content (spec 000 §2 Account card), split from AccountMenu (issue 17
 * "Weight and speed"): it only shows while the avatar's dropdown is open, so its antd parts (Avatar,
 * Skeleton, Tag, Progress, Divider, Typography) load with the first opening instead of the first view.
 * User name, phone, company name or the prompt to join or create one, the space bars (used / usable,
 * percent bar, expiry, 扩容 tag), 个人中心 (red dot while applications wait), 帮助中心, 咨询购买 and
 * 退出登录; AccountMenu owns the state, the queries and the actions.
 */
import {
  CustomerServiceOutlined,
  IdcardOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { formatFileSize } from '@bimdrive/contracts';
import { Avatar, Badge, Button, Divider, Progress, Skeleton, Tag, Typography, theme } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExpiry, usedPercent } from '../../service/lib/format-expiry.ts';
import { openPayCenter, type PayTarget } from '../../service/lib/pay-center.ts';
import '../../service/i18n.ts';
import { useSession } from '../../../stores/session-store.ts';
import '../i18n.ts';

/** Used / usable space and expiry of one space bar (bytes; usableSpace 0 = unlimited). */
export interface SpaceFigures {
  usedSpace: number;
  usableSpace: number;
  serviceStopTime: string | null;
}

/** Props of AccountCard. */
export interface AccountCardProps {
  /** Show the space bars (not in private deployment). */
  showSpace: boolean;
  /** Show pay and expiry items (outside the chat app). */
  showPayItems: boolean;
  /** Company edition (company line and company bar). */
  company: boolean;
  space: SpaceFigures | undefined;
  corpSpace: SpaceFigures | undefined;
  /** Company join applications wait for this administrator (red dot on 个人中心). */
  pending: boolean;
  helpUrl: string;
  consultPhone: string;
  onUserCenter: () => void;
  onHelp: () => void;
  onConsult: () => void;
  onLogout: () => void;
}

/** Percent bar colour: blue, orange above 80%, red above 95%. */
function barColor(percent: number): string {
  if (percent >= 95) return '#ff4d4f';
  if (percent >= 80) return '#fa8c16';
  return '#1677ff';
}

/** One full-width, left-aligned text button of the card's action list (个人中心, 帮助中心, …). */
function CardAction({
  icon,
  testId,
  onClick,
  children,
}: {
  icon: ReactNode;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}): ReactElement {
  return (
    <Button
      type="text"
      block
      icon={icon}
      data-testid={testId}
      onClick={onClick}
      style={{ textAlign: 'left', justifyContent: 'flex-start' }}
    >
      {children}
    </Button>
  );
}

/** The card inside the avatar's dropdown. */
export function AccountCard({
  showSpace,
  showPayItems,
  company,
  space,
  corpSpace,
  pending,
  helpUrl,
  consultPhone,
  onUserCenter,
  onHelp,
  onConsult,
  onLogout,
}: AccountCardProps): ReactElement {
  const { t } = useTranslation(['auth', 'common', 'service']);
  const { token } = theme.useToken();
  const user = useSession((s) => s.user);
  const name = user?.userName ?? '';

  /** One space bar: label, expand tag, used / usable, percent bar and expiry (000 §2, §9 date format). */
  const spaceBar = (label: string, s: SpaceFigures | undefined, pay: PayTarget | null) => {
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

  return (
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
                <Typography.Link style={{ fontSize: 12 }} onClick={onUserCenter}>
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
          {spaceBar(t('account.personalSpace'), space, 'person')}
          {company &&
            user?.corpIdbit &&
            spaceBar(t('account.companySpace'), corpSpace, user.iscorpadmin ? 'corp' : null)}
        </>
      )}
      <Divider style={{ margin: '12px 0 8px' }} />
      <CardAction icon={<IdcardOutlined />} testId="account-user-center" onClick={onUserCenter}>
        <Badge dot={pending} offset={[6, 0]}>
          {t('account.userCenter')}
        </Badge>
      </CardAction>
      {helpUrl && (
        <CardAction icon={<QuestionCircleOutlined />} testId="account-help" onClick={onHelp}>
          {t('service:help.entry')}
        </CardAction>
      )}
      {consultPhone && (
        <CardAction icon={<CustomerServiceOutlined />} testId="account-consult" onClick={onConsult}>
          {t('service:consult.entry')}
        </CardAction>
      )}
      <CardAction icon={<LogoutOutlined />} testId="account-logout" onClick={onLogout}>
        {t('account.logout')}
      </CardAction>
    </div>
  );
}
