/** Route `/myCollection` (spec 001 §2 我的收藏): composes the favourites list with the preview overlay. */
import type { ReactElement } from 'react';
import { FavouritesPage } from '../../features/favourites/components/favourites-page.tsx';
import { usePreview } from '../../stores/preview-store.ts';

/** The 我的收藏 route element. */
export function MyCollectionRoute(): ReactElement {
  return (
    <FavouritesPage
      group="files"
      onPreview={(row) =>
        usePreview.getState().open({ iuid: row.iuid, fileName: row.fileName, fileSuffix: row.fileSuffix })
      }
    />
  );
}
