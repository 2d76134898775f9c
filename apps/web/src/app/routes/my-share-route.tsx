/** Route `/myShare` (spec 001 §2 我的分享). */
import type { ReactElement } from 'react';
import { MySharePage } from '../../features/my-shares/components/my-share-page.tsx';

/** The 我的分享 route element. */
export function MyShareRoute(): ReactElement {
  return <MySharePage />;
}
