/**
 * The file browser's dialogs (spec 001 §3–§4): 新建文件夹 (in the current folder of the area), 重命名
 * (a file's base name selected, its extension kept) and 版本 (a file's versions). Each loads when first
 * opened (issue 17: not part of a file list's first load).
 */
import type { FileRowValue } from '@bimdrive/contracts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWhenOpen } from '../../../components/lazy-when-open.tsx';
import type { NameDialogProps } from '../../../components/name-dialog.tsx';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useCreateFolder } from '../api/create-folder.ts';
import { useRenameFile } from '../api/rename-file.ts';
import type { VersionsDialogProps } from './versions-dialog.tsx';
import '../i18n.ts';

// The dialogs load when first opened (issue 17: not part of a file list's first load).
const NameDialog = lazyWhenOpen<NameDialogProps>(
  async () => (await import('../../../components/name-dialog.tsx')).NameDialog,
  (p) => p.open,
);
const VersionsDialog = lazyWhenOpen<VersionsDialogProps>(
  async () => (await import('./versions-dialog.tsx')).VersionsDialog,
  (p) => p.file !== null,
);

/** The name dialog open: 新建文件夹, or 重命名 of a row; null: none. */
export type NameDialogState = { kind: 'folder' } | { kind: 'rename'; row: FileRowValue } | null;

/** Props of SpaceFilesDialogs. */
export interface SpaceFilesDialogsProps {
  dialog: NameDialogState;
  /** Close the name dialog (cancelled, or done). */
  onDialogClose: () => void;
  /** Where a new folder goes: the current folder ('' = root) of the area as listed ('' = 我的文件). */
  folderId: string;
  spaceId: string;
  /** The file whose versions show (null: none). */
  versionsOf: FileRowValue | null;
  onVersionsClose: () => void;
  /** The caller may add versions. */
  canEdit: boolean;
}

/** The name and versions dialogs. */
export function SpaceFilesDialogs({
  dialog,
  onDialogClose,
  folderId,
  spaceId,
  versionsOf,
  onVersionsClose,
  canEdit,
}: SpaceFilesDialogsProps): ReactElement {
  const { t } = useTranslation(['files', 'common', 'dataTable']);
  const { message } = useFeedback();
  const createFolder = useCreateFolder();
  const rename = useRenameFile();
  return (
    <>
      <NameDialog
        open={dialog?.kind === 'folder'}
        title={t('newFolderTitle')}
        label={t('folderName')}
        initialName={t('defaultFolderName')}
        confirmLoading={createFolder.isPending}
        onCancel={onDialogClose}
        onSubmit={async (name) => {
          await createFolder.mutateAsync({ parentIUID: folderId, fileName: name, spaceId });
          void message.success(t('common:msg.added'));
          onDialogClose();
        }}
      />
      <NameDialog
        open={dialog?.kind === 'rename'}
        title={t('renameTitle')}
        label={t('newName')}
        initialName={dialog?.kind === 'rename' ? dialog.row.fileName : ''}
        selectBaseName={dialog?.kind === 'rename' && dialog.row.fileType === 2}
        confirmLoading={rename.isPending}
        onCancel={onDialogClose}
        onSubmit={async (name) => {
          if (dialog?.kind !== 'rename') return;
          await rename.mutateAsync({ IUID: dialog.row.iuid, fileName: name });
          void message.success(t('common:msg.edited'));
          onDialogClose();
        }}
      />
      <VersionsDialog file={versionsOf} canEdit={canEdit} onClose={onVersionsClose} />
    </>
  );
}
