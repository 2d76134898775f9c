/**
 * Library routes (issue 5; 001 §2 library group, §3 source type 3): /commonBuildLibrary (component),
 * /blueprintData (blueprint), /standardData (StandardInfo), /companyKnowledgeBase (Company),
 * /myKnowledgeBase (Mine). Each resolves its area with GetLibrary and shows the same file browser as
 * 我的文件 with that space id, composed with uploads, the preview overlay and the share dialog; the
 * buttons follow the caller's rights in the area (public libraries: read-only but for system
 * administrators).
 */
import type { FileRowValue, LibraryKindValue } from '@bimdrive/contracts';
import { useState, type ReactElement } from 'react';
import { SpaceFilesPage } from '../../features/files/components/space-files-page.tsx';
import { LibrarySpace } from '../../features/libraries/components/library-space.tsx';
import { LazyShareDialog } from './lazy-share-dialog.tsx';
import { startUploads } from '../../features/transfers/lib/upload-loader.ts';
import { usePreview } from '../../stores/preview-store.ts';

/** Props of LibraryRoute. */
export interface LibraryRouteProps {
  kind: LibraryKindValue;
}

/** The element of a library route. */
export function LibraryRoute({ kind }: LibraryRouteProps): ReactElement {
  const [shareFile, setShareFile] = useState<{ iuid: string; fileName: string } | null>(null);
  const openPreview = (row: FileRowValue) =>
    usePreview.getState().open({ iuid: row.iuid, fileName: row.fileName, fileSuffix: row.fileSuffix });
  return (
    <>
      <LibrarySpace kind={kind}>
        {(space) => (
          <SpaceFilesPage
            key={space.spaceId}
            spaceId={space.spaceId}
            tableId={`library-${kind}`}
            onUpload={(files, target) => void startUploads(files, target)}
            onPreview={openPreview}
            onShare={(row) => setShareFile({ iuid: row.iuid, fileName: row.fileName })}
          />
        )}
      </LibrarySpace>
      <LazyShareDialog open={shareFile !== null} file={shareFile} onClose={() => setShareFile(null)} />
    </>
  );
}
