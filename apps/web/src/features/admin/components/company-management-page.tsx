/** Stub (replaced by its feature's page): 建设中 until built. */
import type { ReactElement } from 'react';
import { UnderConstructionPage } from '../../service/components/under-construction-page.tsx';

/** Placeholder page. */
export function CompanyManagementPage(): ReactElement {
  return <UnderConstructionPage />;
}
