/**
 * The account centre `/userCenter` (spec 000 §2 routes, navbar layout): the caller's personal info
 * (name, phone) and, in the company edition, the company card (CompanyCard).
 */
import { Card, Descriptions, Space } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../stores/session-store.ts';
import { CompanyCard } from './company-card.tsx';
import '../i18n.ts';

/** The account centre page. */
export function UserCenterPage(): ReactElement {
  const { t } = useTranslation('companies');
  const user = useSession((s) => s.user);
  return (
    <div style={{ padding: 24, overflow: 'auto', height: '100%' }} data-testid="user-center">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card title={t('personal')} style={{ maxWidth: 720 }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('userName')}>{user?.userName}</Descriptions.Item>
            <Descriptions.Item label={t('phone')}>{user?.phone}</Descriptions.Item>
          </Descriptions>
        </Card>
        {!user?.systemIsPersonal && <CompanyCard />}
      </Space>
    </div>
  );
}
