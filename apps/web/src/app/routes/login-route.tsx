/** Route `/login` (spec 000 §2): the sign-in page; after sign-in go to /myDocument. */
import type { ReactElement } from 'react';
import { LoginPage } from '../../features/auth/components/login-page.tsx';

/** The sign-in route element. */
export function LoginRoute(): ReactElement {
  return <LoginPage redirectTo="/myDocument" />;
}
