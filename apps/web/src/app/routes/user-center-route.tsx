/** Route `/userCenter` (spec 000 §2 account centre, navbar layout). */
import type { ReactElement } from 'react';
import { UserCenterPage } from '../../features/companies/components/user-center-page.tsx';

/** The account centre route element. */
export function UserCenterRoute(): ReactElement {
  return <UserCenterPage />;
}
