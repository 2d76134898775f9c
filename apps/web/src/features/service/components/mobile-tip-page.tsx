/**
 * `/mobileTip` (spec 000 §2 guard step 2; public): phones that open a screen outside the mobile
 * allow-list land here. It says the page needs a computer and copies the refused address (query
 * `from`, a same-site path) as a full link. A phone user who just registered by SMS code is still
 * offered 设置登录密码 here (000 §4 "No password set"), as the app shell would.
 */
import { DesktopOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { copyText } from '../../../lib/clipboard.ts';
import { PasswordNotice } from '../../auth/components/password-notice.tsx';
import '../i18n.ts';

/** The "open on a computer" notice for phones. */
export function MobileTipPage(): ReactElement {
  const { t } = useTranslation('service');
  const { message } = useFeedback();
  const [params] = useSearchParams();
  const from = params.get('from') ?? '/';
  const link = new URL(from.startsWith('/') ? from : '/', window.location.origin).href;

  return (
    <>
      <PasswordNotice />
      <div
        data-testid="mobile-tip"
        style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', padding: 16 }}
      >
        <Result
          icon={<DesktopOutlined />}
          title={t('mobileTip.title')}
          subTitle={t('mobileTip.subTitle')}
          extra={
            <Button
              type="primary"
              onClick={async () => {
                if (await copyText(link)) void message.success(t('mobileTip.copied'));
              }}
            >
              {t('mobileTip.copy')}
            </Button>
          }
        />
      </div>
    </>
  );
}
