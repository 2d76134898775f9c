/**
 * Route `/myCollectionKnowledgeBase` (issue 5; 001 §2 library group 我的收藏): the libraries' favourites
 * with the preview overlay; the library kinds offered are those of the caller's menu (no Company base
 * in the personal edition).
 */
import { LIBRARY_KINDS, LIBRARY_ROUTES, type FileRowValue } from '@bimdrive/contracts';
import type { ReactElement } from 'react';
import { useMenuList } from '../../features/service/api/menu-list.ts';
import { LibraryCollectionPage } from '../../features/libraries/components/library-collection-page.tsx';
import { usePreview } from '../../stores/preview-store.ts';

/** The libraries' 我的收藏 route element. */
export function LibraryCollectionRoute(): ReactElement {
  const paths = new Set((useMenuList().data ?? []).map((e) => e.path));
  const kinds = LIBRARY_KINDS.filter((k) => paths.has(LIBRARY_ROUTES[k]));
  return (
    <LibraryCollectionPage
      kinds={kinds}
      onPreview={(row: FileRowValue) =>
        usePreview.getState().open({ iuid: row.iuid, fileName: row.fileName, fileSuffix: row.fileSuffix })
      }
    />
  );
}
