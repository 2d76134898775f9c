/**
 * 我的文件 `/myDocument` (spec 001 §2 personal file group, source type 2): breadcrumbs 我的文件 / folder / …,
 * folder navigation with `?folderId=` in the URL, toolbar 上传文件 (multiple) / 新建文件夹 / 刷新, the shared
 * file table (status live through the hub, 001 §4), row actions 预览 / 下载 / 重命名 / 收藏 / 分享 / 删除, sorting
 * and paging on the server, and an empty state with an upload call-to-action.
 */
import { CloudUploadOutlined, FolderAddOutlined, HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import type { FileRowValue } from '@bimdrive/contracts';
import { App, Breadcrumb, Button, Empty, Space, Typography } from 'antd';
import { useRef, useState, type ChangeEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FileTable } from '../../../components/file-table.tsx';
import { isPreviewReady } from '../../../components/status-label.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useListParams } from '../../../lib/list-params.ts';
import { useSetCollected } from '../api/collect-file.ts';
import { useCreateFolder } from '../api/create-folder.ts';
import { useDeleteFile } from '../api/delete-file.ts';
import { useMyDocumentList } from '../api/get-my-document-list.ts';
import { useRenameFile } from '../api/rename-file.ts';
import '../i18n.ts';
import { NameDialog } from './name-dialog.tsx';

/** Where an upload goes: the folder id and its display path (000 §3 upload record fullPath). */
export interface UploadTarget {
  folderId: string;
  fullPath: string;
}

/** Props of MyDocumentPage: the app composes uploads, preview and sharing from other features. */
export interface MyDocumentPageProps {
  /** Start uploading the chosen files into the current folder. */
  onUpload: (files: File[], target: UploadTarget) => void;
  /** Open the preview overlay for a file. */
  onPreview: (row: FileRowValue) => void;
  /** Open the share dialog for a file. */
  onShare: (row: FileRowValue) => void;
}

type Dialog = { kind: 'folder' } | { kind: 'rename'; row: FileRowValue } | null;

/** The personal files screen. */
export function MyDocumentPage({ onUpload, onPreview, onShare }: MyDocumentPageProps): ReactElement {
  const { t } = useTranslation(['files', 'common']);
  const { message, modal } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const folderId = searchParams.get('folderId') ?? '';
  const [params, setParams] = useListParams();
  const list = useMyDocumentList({
    folderId,
    page: params.page,
    rows: params.rows,
    ...(params.sort ? { sort: params.sort.field, order: params.sort.order } : {}),
  });
  const createFolder = useCreateFolder();
  const rename = useRenameFile();
  const remove = useDeleteFile();
  const collect = useSetCollected();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const crumbs = (list.data?.breadcrumbs ?? []).filter((b) => b.iuid !== '');
  const fullPath = [t('root'), ...crumbs.map((c) => c.fileName)].join('/') + '/';

  const openFolder = (iuid: string) => {
    setSearchParams(iuid ? { folderId: iuid } : {});
  };

  const pickFiles = () => fileInput.current?.click();
  const onFilesChosen = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length) onUpload(files, { folderId, fullPath });
  };

  const preview = (row: FileRowValue) => {
    if (!isPreviewReady(row)) {
      void message.warning(t('common:msg.notConverted'));
      return;
    }
    onPreview(row);
  };

  const toggleCollect = async (row: FileRowValue) => {
    try {
      await collect.mutateAsync({ iuid: row.iuid, collect: !row.collectbit });
      void message.success(row.collectbit ? t('common:msg.uncollected') : t('common:msg.collected'));
    } catch {
      /* toasted by the API client */
    }
  };

  const confirmDelete = (row: FileRowValue) => {
    modal.confirm({
      title: t('common:tip'),
      content: t('common:msg.confirmDelete'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(row.iuid);
          void message.success(t('common:msg.deleted'));
        } catch {
          /* toasted */
        }
      },
    });
  };

  const refresh = async () => {
    const r = await list.refetch();
    if (!r.isError) void message.success(t('common:msg.refreshed'));
  };

  const rows = list.data?.list ?? [];
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '48px 0' }}
      description={
        <Space orientation="vertical" size={4}>
          <Typography.Text strong>{t('emptyTitle')}</Typography.Text>
          <Typography.Text type="secondary">{t('emptyDesc')}</Typography.Text>
        </Space>
      }
    >
      <Button type="primary" icon={<CloudUploadOutlined />} onClick={pickFiles}>
        {t('upload')}
      </Button>
    </Empty>
  );

  return (
    <div className="page-card">
      <div className="page-toolbar">
        <Breadcrumb
          items={[
            {
              key: 'root',
              title: (
                <a onClick={() => openFolder('')}>
                  <HomeOutlined /> <span>{t('root')}</span>
                </a>
              ),
            },
            ...crumbs.map((c, i) => ({
              key: c.iuid,
              title:
                i === crumbs.length - 1 ? (
                  <span>{c.fileName}</span>
                ) : (
                  <a onClick={() => openFolder(c.iuid)}>{c.fileName}</a>
                ),
            })),
          ]}
        />
        <Space wrap>
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={pickFiles}>
            {t('upload')}
          </Button>
          <Button icon={<FolderAddOutlined />} onClick={() => setDialog({ kind: 'folder' })}>
            {t('newFolder')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void refresh()}
            loading={list.isFetching && !list.isLoading}
          >
            {t('refresh')}
          </Button>
        </Space>
        <input
          ref={fileInput}
          data-testid="upload-input"
          type="file"
          multiple
          hidden
          onChange={onFilesChosen}
        />
      </div>
      <FileTable
        rows={rows}
        total={list.data?.count ?? 0}
        loading={list.isLoading}
        page={params.page}
        pageSize={params.rows}
        sort={params.sort}
        onChange={(page, rowsPerPage, sort) => setParams({ page, rows: rowsPerPage, sort })}
        onOpenFolder={(r) => openFolder(r.iuid)}
        onPreview={preview}
        onDownload={(r) => void downloadFile(r.iuid, r.fileName)}
        onToggleCollect={(r) => void toggleCollect(r)}
        onRename={(r) => setDialog({ kind: 'rename', row: r })}
        onDelete={confirmDelete}
        onShare={onShare}
        empty={list.isLoading ? undefined : empty}
      />
      <NameDialog
        open={dialog?.kind === 'folder'}
        title={t('newFolderTitle')}
        label={t('folderName')}
        initialName={t('defaultFolderName')}
        confirmLoading={createFolder.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={async (name) => {
          await createFolder.mutateAsync({ parentIUID: folderId, fileName: name });
          void message.success(t('common:msg.added'));
          setDialog(null);
        }}
      />
      <NameDialog
        open={dialog?.kind === 'rename'}
        title={t('renameTitle')}
        label={t('newName')}
        initialName={dialog?.kind === 'rename' ? dialog.row.fileName : ''}
        selectBaseName={dialog?.kind === 'rename' && dialog.row.fileType === 2}
        confirmLoading={rename.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={async (name) => {
          if (dialog?.kind !== 'rename') return;
          await rename.mutateAsync({ IUID: dialog.row.iuid, fileName: name });
          void message.success(t('common:msg.edited'));
          setDialog(null);
        }}
      />
    </div>
  );
}
