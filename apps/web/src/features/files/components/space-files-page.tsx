/**
 * The file browser of one file area (spec 001 §2–§4): 我的文件 `/myDocument` (source type 2), a project
 * in `/projectFile` (1), a knowledge base or public library (3). Breadcrumbs from the area's root
 * (我的文件, the project's name, 公共构件库, …) / folder / …, folder navigation with `?folderId=` in the
 * URL, toolbar 上传文件 / 上传文件夹 / 新建文件夹 / 刷新, the shared file table (status live through the
 * hub, 001 §4), row actions 预览 / 下载 / 重命名 / 收藏 / 分享 / 删除 / 版本, sorting and paging on the
 * server, search in the folder or across areas, locating a file (`pageMode=location&iuid=`), and an
 * empty state with an upload call-to-action. Buttons follow the caller's rights in the area as the
 * list answers them (`space.rights`); the server enforces the same rights. A 列表 / 网格 switch
 * (remembered in localStorage) shows the rows as cards with their thumbnails instead (issue 14).
 *
 * This module composes the parts and runs the row actions: hooks/use-space-files.ts (data, URL place
 * and navigation), hooks/use-upload-picker.ts (choosing and dropping uploads),
 * space-files-toolbar.tsx, space-files-empty.tsx and space-files-dialogs.tsx.
 */
import { CloseOutlined, DeleteOutlined } from '@ant-design/icons';
import type { FileRowValue } from '@bimdrive/contracts';
import { Button, Tag } from 'antd';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileGrid } from '../../../components/file-grid.tsx';
import { FILE_TABLE_CONFIG, FileTable } from '../../../components/file-table.tsx';
import { LightText } from '../../../components/light/light-text.tsx';
import { isPreviewReady } from '../../../components/status-label.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useSetCollected } from '../../favourites/api/set-collected.ts';
import { useDeleteFile } from '../api/delete-file.ts';
import { useSpaceFiles, type BrowserRow } from '../hooks/use-space-files.ts';
import { useUploadPicker, type UploadTarget } from '../hooks/use-upload-picker.ts';
import '../i18n.ts';
import { downloadFolderZip } from '../lib/folder-download.ts';
import { useFileView } from '../lib/file-view.ts';
import { FileSearchBox } from './file-search-box.tsx';
import { SpaceFilesDialogs, type NameDialogState } from './space-files-dialogs.tsx';
import { FolderEmpty, SearchEmpty } from './space-files-empty.tsx';
import { SpaceFilesToolbar } from './space-files-toolbar.tsx';

export type { UploadTarget } from '../hooks/use-upload-picker.ts';

/** Props of SpaceFilesPage: the app composes uploads, preview and sharing from other features. */
export interface SpaceFilesPageProps {
  /** The area ('' = 我的文件). */
  spaceId?: string;
  /** Id under which the table remembers its columns. */
  tableId?: string;
  /** Query parameters every navigation keeps (e.g. `projectId` in /projectFile). */
  keepParams?: Record<string, string>;
  /** Shown above the toolbar (e.g. the project picker). */
  header?: ReactNode;
  /** Start uploading the chosen files into the current folder. */
  onUpload: (files: File[], target: UploadTarget) => void;
  /** Open the preview overlay for a file. */
  onPreview: (row: FileRowValue) => void;
  /** Open the share dialog for a file. */
  onShare: (row: FileRowValue) => void;
}

/** The files screen of one area. */
export function SpaceFilesPage({
  spaceId = '',
  tableId = 'myDocument',
  keepParams,
  header,
  onUpload,
  onPreview,
  onShare,
}: SpaceFilesPageProps): ReactElement {
  const { t } = useTranslation(['files', 'common', 'dataTable']);
  const { message, modal } = useFeedback();
  const files = useSpaceFiles({ spaceId, keepParams });
  const { keyword, crossArea, located, table, setTable, list, search, rows, total, rights } = files;
  const picker = useUploadPicker({
    folderId: files.folderId,
    listed: !!list.data,
    canUpload: !!rights?.upload,
    target: files.target,
    onUpload,
  });
  const remove = useDeleteFile();
  const collect = useSetCollected();
  const [dialog, setDialog] = useState<NameDialogState>(null);
  const [versionsOf, setVersionsOf] = useState<FileRowValue | null>(null);
  const [view, setView] = useFileView();
  const canEdit = !!(rights?.edit || rights?.editOwn);

  /** 删除 of one row or (`bulk`) of the selected rows, after the 提示 confirmation (001 §8). */
  const confirmDelete = (rows: FileRowValue[], bulk = false) => {
    modal.confirm({
      title: t('common:tip'),
      content: bulk ? t('confirmBulkDelete', { count: rows.length }) : t('common:msg.confirmDelete'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          for (const r of rows) await remove.mutateAsync(r.iuid);
          void message.success(t('common:msg.deleted'));
        } catch {
          /* toasted */
        }
      },
    });
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
      await collect.mutateAsync({ iuid: row.iuid, collect: !row.collectbit, kind: list.data?.space?.kind });
      void message.success(row.collectbit ? t('common:msg.uncollected') : t('common:msg.collected'));
    } catch {
      /* toasted by the API client */
    }
  };

  const refresh = async () => {
    const r = crossArea ? await search.refetch() : await list.refetch();
    if (!r.isError) void message.success(t('common:msg.refreshed'));
  };

  const searchBox = (
    <FileSearchBox
      scope={files.scopeChoice}
      scopeOptions={[
        { value: 'folder', label: t('scopeFolder') },
        { value: 'all', label: t('scopeAll') },
      ]}
      onScopeChange={(v) => {
        files.setScopeChoice(v);
        if (keyword) files.runSearch(keyword, v);
      }}
      text={files.searchText}
      placeholder={t('searchPlaceholder')}
      onTextChange={files.setSearchText}
      onSearch={(v) => files.runSearch(v)}
    />
  );
  const empty = keyword ? (
    <SearchEmpty />
  ) : list.isLoading ? undefined : (
    <FolderEmpty canUpload={!!rights?.upload} onPickFiles={picker.pickFiles} />
  );

  return (
    <div className="page-card" onDragOver={picker.onDragOver} onDrop={picker.onDrop}>
      {header}
      <SpaceFilesToolbar
        rootName={files.rootName}
        crumbs={files.crumbs}
        onOpenFolder={files.openFolder}
        canUpload={!!rights?.upload}
        picker={picker}
        onNewFolder={() => setDialog({ kind: 'folder' })}
        role={list.data?.space?.role}
        onRefresh={() => void refresh()}
        refreshing={list.isFetching && !list.isLoading}
        view={view}
        onViewChange={setView}
      />
      {keyword && (
        <div
          data-testid="search-summary"
          style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12, flexWrap: 'wrap' }}
        >
          <LightText strong>
            {crossArea ? t('searchResultAll', { keyword }) : t('searchResultFolder', { keyword })}
          </LightText>
          <LightText type="secondary">{t('common:table.total', { count: total })}</LightText>
          <Button size="small" type="link" icon={<CloseOutlined />} onClick={() => files.runSearch('')}>
            {t('exitSearch')}
          </Button>
        </div>
      )}
      {view === 'grid' && (
        <>
          <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>{searchBox}</div>
          <FileGrid<BrowserRow>
            rows={rows}
            total={total}
            loading={crossArea ? search.isLoading : list.isLoading}
            page={table.page}
            pageSize={table.rows}
            pageSizes={FILE_TABLE_CONFIG.pageSizes}
            onPageChange={(page, size) =>
              setTable({ ...table, page: size === table.rows ? page : 1, rows: size })
            }
            onOpenFolder={(r) => files.openFolder(r.iuid)}
            onPreview={preview}
            highlightId={located}
            empty={empty}
          />
        </>
      )}
      {view === 'list' && (
        <FileTable<BrowserRow>
          tableId={tableId}
          rows={rows}
          total={total}
          loading={crossArea ? search.isLoading : list.isLoading}
          state={table}
          onStateChange={setTable}
          toolbar={searchBox}
          showLocation={!!keyword}
          onLocate={keyword ? files.locate : undefined}
          extraColumns={
            crossArea
              ? [
                  {
                    key: 'area',
                    title: t('dataTable:file.area'),
                    width: 100,
                    render: (_: unknown, r) => (r.area ? <Tag>{t(`area.${r.area}`)}</Tag> : null),
                  },
                ]
              : undefined
          }
          highlightId={located}
          bulkActions={
            canEdit
              ? [
                  {
                    key: 'delete',
                    label: t('bulkDelete'),
                    icon: <DeleteOutlined />,
                    danger: true,
                    onClick: (rows) => confirmDelete(rows, true),
                  },
                ]
              : []
          }
          onOpenFolder={(r) => files.openFolder(r.iuid)}
          onPreview={preview}
          onDownload={(r) => void downloadFile(r.iuid, r.fileName)}
          onToggleCollect={(r) => void toggleCollect(r)}
          onRename={canEdit ? (r) => setDialog({ kind: 'rename', row: r }) : undefined}
          onDelete={canEdit ? (r) => confirmDelete([r]) : undefined}
          onShare={rights?.share ? onShare : undefined}
          onDownloadFolder={
            rights?.download
              ? (r) => void downloadFolderZip(r.iuid, r.fileName).catch(() => undefined)
              : undefined
          }
          onVersions={(r) => setVersionsOf(r)}
          empty={empty}
        />
      )}
      <SpaceFilesDialogs
        dialog={dialog}
        onDialogClose={() => setDialog(null)}
        folderId={files.folderId}
        spaceId={files.target.spaceId}
        versionsOf={versionsOf}
        onVersionsClose={() => setVersionsOf(null)}
        canEdit={canEdit}
      />
    </div>
  );
}
