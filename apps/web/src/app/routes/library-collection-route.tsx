/**
 * Route `/myCollectionKnowledgeBase` (issue 5; 001 §2 library group 我的收藏): the libraries' favourites
 * with the preview overlay.
 */
import type { ReactElement } from 'react';
import { FavouritesPage } from '../../features/favourites/components/favourites-page.tsx';
import { usePreview } from '../../stores/preview-store.ts';

/** The libraries' 我的收藏 route element. */
export function LibraryCollectionRoute(): ReactElement {
  return (
    <FavouritesPage
      group="libraries"
      onPreview={(row) =>
        usePreview.getState().open({ iuid: row.iuid, fileName: row.fileName, fileSuffix: row.fileSuffix })
      }
    />
  );
}
