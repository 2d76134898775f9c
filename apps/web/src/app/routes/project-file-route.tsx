/**
 * Route `/projectFile` (issue 5; spec 001 §2 "Other routes": project space, source type 1): the project
 * frame (picker, folder tree, current project) around the shared file browser with `spaceId` = the
 * project, composed with uploads (transfer queue), the preview overlay and the share dialog exactly as
 * 我的文件 is (my-document-route.tsx). Buttons follow the rights the listing answers for the project.
 */
import type { FileRowValue } from '@bimdrive/contracts';
import { useState, type ReactElement } from 'react';
import { SpaceFilesPage } from '../../features/files/components/space-files-page.tsx';
import { ProjectSpace } from '../../features/projects/components/project-space.tsx';
import { LazyShareDialog } from './lazy-share-dialog.tsx';
import { startUploads } from '../../features/transfers/lib/upload-loader.ts';
import { usePreview } from '../../stores/preview-store.ts';

/** The /projectFile route element. */
export function ProjectFileRoute(): ReactElement {
  const [shareFile, setShareFile] = useState<{ iuid: string; fileName: string } | null>(null);
  const openPreview = (row: FileRowValue) =>
    usePreview.getState().open({ iuid: row.iuid, fileName: row.fileName, fileSuffix: row.fileSuffix });
  return (
    <>
      <ProjectSpace>
        {(projectId) => (
          <SpaceFilesPage
            key={projectId}
            spaceId={projectId}
            tableId="projectFile"
            keepParams={{ projectId }}
            onUpload={(files, target) => void startUploads(files, target)}
            onPreview={openPreview}
            onShare={(row) => setShareFile({ iuid: row.iuid, fileName: row.fileName })}
          />
        )}
      </ProjectSpace>
      <LazyShareDialog open={shareFile !== null} file={shareFile} onClose={() => setShareFile(null)} />
    </>
  );
}
