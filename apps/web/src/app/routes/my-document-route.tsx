/**
 * Route `/` and `/myDocument` (spec 001 §2 personal file group): composes 我的文件 with uploads (transfer
 * queue), the preview overlay and the share dialog, which belong to other features.
 */
import type { FileRowValue } from '@bimdrive/contracts';
import { useState, type ReactElement } from 'react';
import { SpaceFilesPage } from '../../features/files/components/space-files-page.tsx';
import { LazyShareDialog } from './lazy-share-dialog.tsx';
import { startUploads } from '../../features/transfers/lib/upload-loader.ts';
import { usePreview } from '../../stores/preview-store.ts';

/** The 我的文件 route element. */
export function MyDocumentRoute(): ReactElement {
  const [shareFile, setShareFile] = useState<{ iuid: string; fileName: string } | null>(null);
  const openPreview = (row: FileRowValue) =>
    usePreview.getState().open({ iuid: row.iuid, fileName: row.fileName, fileSuffix: row.fileSuffix });
  return (
    <>
      <SpaceFilesPage
        onUpload={(files, target) => void startUploads(files, target)}
        onPreview={openPreview}
        onShare={(row) => setShareFile({ iuid: row.iuid, fileName: row.fileName })}
      />
      <LazyShareDialog open={shareFile !== null} file={shareFile} onClose={() => setShareFile(null)} />
    </>
  );
}
