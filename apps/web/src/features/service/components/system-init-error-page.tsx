/**
 * `/systemInitError` (spec 000 §2 routes and guard step 3; public): shows the query `errorTxt` —
 * 系统验证文件异常！！！ (licence file missing) or 系统验证失败！！！ (bad signature or expired) —
 * with a hint for the administrator, 重新检测 (back to /, which runs the check again) and, for a
 * signed-in visitor, 退出登录.
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { request } from '../../../lib/api-client.ts';
import { useSession } from '../../../stores/session-store.ts';
import { Api } from '@bimdrive/contracts';
import '../i18n.ts';

/** The system check failure page. */
export function SystemInitErrorPage(): ReactElement {
  const { t } = useTranslation('service');
  const [params] = useSearchParams();
  const token = useSession((s) => s.token);
  const text = params.get('errorTxt') || t('systemInit.defaultText');

  const logout = async () => {
    await request({ method: 'POST', url: Api.logout, silent: true }).catch(() => undefined);
    useSession.getState().signOut();
    window.location.assign('/login');
  };

  return (
    <div
      data-testid="system-init-error"
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f3f5f9',
        padding: 24,
      }}
    >
      <Result
        status="error"
        icon={<SafetyCertificateOutlined style={{ color: '#ff4d4f' }} />}
        title={<span data-testid="system-init-error-text">{text}</span>}
        subTitle={t('systemInit.hint')}
        extra={[
          <Button key="retry" type="primary" onClick={() => window.location.assign('/')}>
            {t('systemInit.retry')}
          </Button>,
          token ? (
            <Button key="logout" onClick={() => void logout()}>
              {t('systemInit.logout')}
            </Button>
          ) : null,
        ]}
      />
    </div>
  );
}
