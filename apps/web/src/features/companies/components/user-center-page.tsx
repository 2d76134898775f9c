/**
 * The account centre `/userCenter` (spec 000 §2 routes, navbar layout): the caller's personal info
 * card (PersonalInfoCard: name, phone, avatar and the editUserInfo / editPwd / editPhone dialogs)
 * and, in the company edition, the company card (CompanyCard).
 */
import { Space } from 'antd';
import type { ReactElement } from 'react';
import { useSession } from '../../../stores/session-store.ts';
import { PersonalInfoCard } from '../../auth/components/personal-info-card.tsx';
import { CompanyCard } from './company-card.tsx';
import '../i18n.ts';

/** The account centre page. */
export function UserCenterPage(): ReactElement {
  const user = useSession((s) => s.user);
  return (
    <div style={{ padding: 24, overflow: 'auto', height: '100%' }} data-testid="user-center">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <PersonalInfoCard />
        {!user?.systemIsPersonal && <CompanyCard />}
      </Space>
    </div>
  );
}
