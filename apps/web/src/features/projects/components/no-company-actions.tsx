/**
 * 创建企业 / 加入企业 for a user without a company, where 企业空间 shows (issue 17: the way in is
 * offered from 企业空间, not only from the account centre). Both open the account centre's company
 * dialog (`/userCenter?company=create|join`, company-card.tsx).
 */
import { Button, Space } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The two buttons. */
export function NoCompanyActions(): ReactElement {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  return (
    <Space wrap style={{ justifyContent: 'center' }} data-testid="no-company-actions">
      <Button type="primary" onClick={() => void navigate('/userCenter?company=create')}>
        {t('createCompany')}
      </Button>
      <Button onClick={() => void navigate('/userCenter?company=join')}>{t('joinCompany')}</Button>
    </Space>
  );
}
