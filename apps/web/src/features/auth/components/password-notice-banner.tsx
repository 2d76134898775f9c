/**
 * The "no password" warning banner itself (spec 000 §4 "No password set", §8): antd Alert (banner,
 * warning, closable) reading 您的账户尚未设置密码，点击设置 with the link that opens 设置登录密码. Split
 * from PasswordNotice (issue 17 "Weight and speed"): it loads only for a user without a password, so
 * Alert and Typography are not part of everyone's first view.
 */
import { Alert, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';

/** Props of PasswordNoticeBanner. */
export interface PasswordNoticeBannerProps {
  /** Open the 设置登录密码 dialog. */
  onSet: () => void;
  onClose: () => void;
}

/** The banner under the top bar. */
export function PasswordNoticeBanner({ onSet, onClose }: PasswordNoticeBannerProps): ReactElement {
  const { t } = useTranslation('auth');
  return (
    <Alert
      banner
      type="warning"
      data-testid="password-notice"
      closable={{ onClose }}
      title={
        <span>
          {t('setPassword.notice')}
          <Typography.Link onClick={onSet} data-testid="password-notice-link">
            {t('setPassword.noticeLink')}
          </Typography.Link>
        </span>
      }
    />
  );
}
