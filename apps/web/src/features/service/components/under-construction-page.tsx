/**
 * Placeholder for routes of the menu table (001 §2) whose screens are not built yet — the project
 * group, libraries and administration: 建设中 with a way back home. The route, its
 * title and its permission rule exist, so menus and the guard behave as the spec says.
 */
import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';

/** Props of UnderConstructionPage. */
export interface UnderConstructionPageProps {
  /** Fill the viewport (routes outside the shell). */
  fullPage?: boolean;
}

/** The 建设中 page. */
export function UnderConstructionPage({ fullPage = false }: UnderConstructionPageProps): ReactElement {
  const { t } = useTranslation('service');
  return (
    <div
      data-testid="under-construction"
      style={{
        flex: 1,
        minHeight: fullPage ? '100vh' : undefined,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: fullPage ? '#f3f5f9' : undefined,
      }}
    >
      <Result
        icon={<ToolOutlined />}
        title={t('construction.title')}
        subTitle={t('construction.subTitle')}
        extra={
          <Button type="primary" onClick={() => window.location.assign('/')}>
            {t('construction.back')}
          </Button>
        }
      />
    </div>
  );
}
