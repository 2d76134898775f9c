/** Stub of the system-management layout (001 §2 layout 4): replaced by the administration pages' work. */
import type { ReactElement } from 'react';
import { Outlet } from 'react-router';

/** Placeholder layout: the page alone. */
export function AdminLayout(): ReactElement {
  return <Outlet />;
}
