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
 */
import {
  AppstoreOutlined,
  CloseOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  FolderAddOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  ReloadOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { FileRowValue, SearchHitValue, SpaceKindValue } from '@bimdrive/contracts';
import { Button, Empty, Tag } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { stateToParams } from '../../../components/data-table/table-state.ts';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state.ts';
import { FileGrid } from '../../../components/file-grid.tsx';
import { LightBreadcrumb } from '../../../components/light/light-breadcrumb.tsx';
import { LightSegmented } from '../../../components/light/light-segmented.tsx';
import { LightText } from '../../../components/light/light-text.tsx';
import { FILE_TABLE_CONFIG, FileTable } from '../../../components/file-table.tsx';
import { isPreviewReady } from '../../../components/status-label.ts';
import { downloadFile } from '../../../lib/download.ts';
import { droppedFiles } from '../../../lib/dropped-files.ts';
import { useSetCollected } from '../../favourites/api/set-collected.ts';
import { useCreateFolder } from '../api/create-folder.ts';
import { useDeleteFile } from '../api/delete-file.ts';
import { useMyDocumentList } from '../api/get-my-document-list.ts';
import { useRenameFile } from '../api/rename-file.ts';
import { useSearchFiles } from '../api/search-files.ts';
import '../i18n.ts';
import { lazyWhenOpen } from '../../../components/lazy-when-open.tsx';
import type { NameDialogProps } from '../../../components/name-dialog.tsx';
import { downloadFolderZip } from '../lib/folder-download.ts';
import { useFileView } from '../lib/file-view.ts';
import { FileSearchBox } from './file-search-box.tsx';
import type { VersionsDialogProps } from './versions-dialog.tsx';

// The dialogs load when first opened (issue 17: not part of a file list's first load).
const NameDialog = lazyWhenOpen<NameDialogProps>(
  async () => (await import('../../../components/name-dialog.tsx')).NameDialog,
  (p) => p.open,
);
const VersionsDialog = lazyWhenOpen<VersionsDialogProps>(
  async () => (await import('./versions-dialog.tsx')).VersionsDialog,
  (p) => p.file !== null,
);

/**
 * Where an upload goes: the folder id, its display path (000 §3 upload record fullPath), the area and
 * its kind.
 */
export interface UploadTarget {
  folderId: string;
  fullPath: string;
  spaceId: string;
  spaceKind?: SpaceKindValue;
}

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

type Dialog = { kind: 'folder' } | { kind: 'rename'; row: FileRowValue } | null;

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
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const folderId = searchParams.get('folderId') ?? '';
  // Search (issue 5): `keyword` searches the current folder's subtree, or every area with scope=all.
  const keyword = (searchParams.get('keyword') ?? '').trim();
  const scope = searchParams.get('scope') === 'all' ? 'all' : 'folder';
  const crossArea = !!keyword && scope === 'all';
  // Locating a file (001 §2 /myDocument?pageMode=location&iuid=): the server answers its folder and page.
  const locateId = searchParams.get('pageMode') === 'location' ? (searchParams.get('iuid') ?? '') : '';
  const located = searchParams.get('located') ?? '';
  const [table, setTable] = useTableUrlState(FILE_TABLE_CONFIG);
  const tableParams = stateToParams(table, FILE_TABLE_CONFIG, { withPaging: true });
  const list = useMyDocumentList(
    {
      folderId,
      ...(spaceId ? { spaceId } : {}),
      ...tableParams,
      ...(keyword && !crossArea ? { keyword } : {}),
      ...(locateId ? { locate: locateId } : {}),
    },
    !crossArea,
  );
  const search = useSearchFiles({ keyword, ...tableParams }, crossArea);
  const [searchText, setSearchText] = useState(keyword);
  useEffect(() => setSearchText(keyword), [keyword]);
  // The scope chosen in the box; it reaches the URL with the next search.
  const [scopeChoice, setScopeChoice] = useState<'folder' | 'all'>(scope);
  useEffect(() => setScopeChoice(scope), [scope]);
  const createFolder = useCreateFolder();
  const rename = useRenameFile();
  const remove = useDeleteFile();
  const collect = useSetCollected();
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [versionsOf, setVersionsOf] = useState<FileRowValue | null>(null);
  const [view, setView] = useFileView();

  const crumbs = (list.data?.breadcrumbs ?? []).filter((b) => b.iuid !== '');
  const rootName = list.data?.breadcrumbs[0]?.fileName ?? (spaceId ? '' : t('root'));
  const fullPath = [rootName, ...crumbs.map((c) => c.fileName)].join('/') + '/';
  // What the caller may do here; nothing is offered until the list has answered.
  const rights = list.data?.space?.rights;
  const target = {
    folderId,
    fullPath,
    spaceId: list.data?.space?.spaceId ?? spaceId,
    spaceKind: list.data?.space?.kind,
  };

  /** URL parameters with the kept ones (e.g. projectId) first. */
  const withKept = (extra: Record<string, string> = {}) => new URLSearchParams({ ...keepParams, ...extra });
  const openFolder = (iuid: string) => {
    setSearchParams(withKept(iuid ? { folderId: iuid } : {}));
  };

  // A located file: go to its folder at its page, keep the sort, mark its row.
  const locatedAnswer = list.data?.located;
  useEffect(() => {
    if (!locateId || !locatedAnswer || locatedAnswer.iuid !== locateId) return;
    const q = withKept(stateToParams({ ...table, page: locatedAnswer.page, filters: {} }, FILE_TABLE_CONFIG));
    if (locatedAnswer.folderId) q.set('folderId', locatedAnswer.folderId);
    q.set('located', locatedAnswer.iuid);
    setSearchParams(q, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keepParams is a fresh object each render
  }, [locateId, locatedAnswer, table, setSearchParams]);
  useEffect(() => {
    if (!located || list.isFetching) return;
    document.querySelector('.row-located')?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [located, list.isFetching]);

  const runSearch = (text: string, nextScope = scopeChoice) => {
    const q = withKept();
    if (folderId) q.set('folderId', folderId);
    if (text.trim()) {
      q.set('keyword', text.trim());
      if (nextScope === 'all') q.set('scope', 'all');
    }
    setSearchParams(q);
  };

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

  const pickFiles = () => fileInput.current?.click();
  const pickFolder = () => folderInput.current?.click();
  // A dropped folder keeps its relative paths: the upload queue creates the folders first (issue 5).
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    if (!rights?.upload) return;
    void droppedFiles(e.dataTransfer).then((files) => {
      if (files.length) onUpload(files, target);
    });
  };
  const onFilesChosen = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (!files.length) return;
    // Files chosen before this folder's listing answered wait for it: its rights and display path
    // come with it (the effect below).
    if (!list.data) setPendingUpload({ folderId, files });
    else if (rights?.upload) onUpload(files, target);
  };
  const [pendingUpload, setPendingUpload] = useState<{ folderId: string; files: File[] } | null>(null);
  useEffect(() => {
    if (!pendingUpload || !list.data) return;
    setPendingUpload(null);
    // Left for another folder meanwhile: the files were meant for the one they were chosen in.
    if (pendingUpload.folderId === folderId && rights?.upload) onUpload(pendingUpload.files, target);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- target is derived from list.data each render
  }, [pendingUpload, list.data, folderId, rights?.upload]);

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

  const rows: Array<FileRowValue & Partial<SearchHitValue>> = crossArea
    ? (search.data?.list ?? [])
    : (list.data?.list ?? []);
  const total = crossArea ? (search.data?.count ?? 0) : (list.data?.count ?? 0);
  const searchEmpty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '48px 0' }}
      description={t('searchEmpty')}
    />
  );
  const searchBox = (
    <FileSearchBox
      scope={scopeChoice}
      scopeOptions={[
        { value: 'folder', label: t('scopeFolder') },
        { value: 'all', label: t('scopeAll') },
      ]}
      onScopeChange={(v) => {
        setScopeChoice(v);
        if (keyword) runSearch(keyword, v);
      }}
      text={searchText}
      placeholder={t('searchPlaceholder')}
      onTextChange={setSearchText}
      onSearch={(v) => runSearch(v)}
    />
  );
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '48px 0' }}
      description={
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <LightText strong>{rights?.upload ? t('emptyTitle') : t('emptyReadOnly')}</LightText>
          {rights?.upload && <LightText type="secondary">{t('emptyDesc')}</LightText>}
        </div>
      }
    >
      {rights?.upload && (
        <Button type="primary" icon={<CloudUploadOutlined />} onClick={pickFiles}>
          {t('upload')}
        </Button>
      )}
    </Empty>
  );

  return (
    <div
      className="page-card"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault();
      }}
      onDrop={onDrop}
    >
      {header}
      <div className="page-toolbar">
        <LightBreadcrumb
          items={[
            {
              key: 'root',
              title: (
                <a onClick={() => openFolder('')}>
                  <HomeOutlined /> <span>{rootName}</span>
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
        <div style={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
          {rights?.upload && (
            <>
              <Button type="primary" icon={<CloudUploadOutlined />} onClick={pickFiles}>
                {t('upload')}
              </Button>
              <Button icon={<FolderOpenOutlined />} onClick={pickFolder}>
                {t('uploadFolder')}
              </Button>
              <Button icon={<FolderAddOutlined />} onClick={() => setDialog({ kind: 'folder' })}>
                {t('newFolder')}
              </Button>
            </>
          )}
          {list.data?.space?.role && (
            <Tag color="blue" data-testid="space-role">
              {t(`role.${list.data.space.role}`)}
            </Tag>
          )}
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void refresh()}
            loading={list.isFetching && !list.isLoading}
          >
            {t('refresh')}
          </Button>
          <LightSegmented<'list' | 'grid'>
            data-testid="view-toggle"
            aria-label={t('view.label')}
            value={view}
            onChange={setView}
            options={[
              { value: 'list', icon: <UnorderedListOutlined />, label: t('view.list') },
              { value: 'grid', icon: <AppstoreOutlined />, label: t('view.grid') },
            ]}
          />
        </div>
        <input
          ref={fileInput}
          data-testid="upload-input"
          type="file"
          multiple
          hidden
          onChange={onFilesChosen}
        />
        <input
          ref={(el) => {
            folderInput.current = el;
            // Folder pick: every file of the folder with its webkitRelativePath.
            el?.setAttribute('webkitdirectory', '');
          }}
          data-testid="upload-folder-input"
          type="file"
          multiple
          hidden
          onChange={onFilesChosen}
        />
      </div>
      {keyword && (
        <div
          data-testid="search-summary"
          style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12, flexWrap: 'wrap' }}
        >
          <LightText strong>
            {crossArea ? t('searchResultAll', { keyword }) : t('searchResultFolder', { keyword })}
          </LightText>
          <LightText type="secondary">{t('common:table.total', { count: total })}</LightText>
          <Button size="small" type="link" icon={<CloseOutlined />} onClick={() => runSearch('')}>
            {t('exitSearch')}
          </Button>
        </div>
      )}
      {view === 'grid' && (
        <>
          <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>{searchBox}</div>
          <FileGrid<FileRowValue & Partial<SearchHitValue>>
            rows={rows}
            total={total}
            loading={crossArea ? search.isLoading : list.isLoading}
            page={table.page}
            pageSize={table.rows}
            pageSizes={FILE_TABLE_CONFIG.pageSizes}
            onPageChange={(page, size) =>
              setTable({ ...table, page: size === table.rows ? page : 1, rows: size })
            }
            onOpenFolder={(r) => openFolder(r.iuid)}
            onPreview={preview}
            highlightId={located}
            empty={keyword ? searchEmpty : list.isLoading ? undefined : empty}
          />
        </>
      )}
      {view === 'list' && (
        <FileTable<FileRowValue & Partial<SearchHitValue>>
          tableId={tableId}
          rows={rows}
          total={total}
          loading={crossArea ? search.isLoading : list.isLoading}
          state={table}
          onStateChange={setTable}
          toolbar={searchBox}
          showLocation={!!keyword}
          onLocate={
            keyword
              ? (r) =>
                  void navigate(
                    r.locateUrl ?? `?${withKept({ pageMode: 'location', iuid: r.iuid }).toString()}`,
                  )
              : undefined
          }
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
            rights?.edit || rights?.editOwn
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
          onOpenFolder={(r) => openFolder(r.iuid)}
          onPreview={preview}
          onDownload={(r) => void downloadFile(r.iuid, r.fileName)}
          onToggleCollect={(r) => void toggleCollect(r)}
          onRename={
            rights?.edit || rights?.editOwn ? (r) => setDialog({ kind: 'rename', row: r }) : undefined
          }
          onDelete={rights?.edit || rights?.editOwn ? (r) => confirmDelete([r]) : undefined}
          onShare={rights?.share ? onShare : undefined}
          onDownloadFolder={
            rights?.download
              ? (r) => void downloadFolderZip(r.iuid, r.fileName).catch(() => undefined)
              : undefined
          }
          onVersions={(r) => setVersionsOf(r)}
          empty={keyword ? searchEmpty : list.isLoading ? undefined : empty}
        />
      )}
      <NameDialog
        open={dialog?.kind === 'folder'}
        title={t('newFolderTitle')}
        label={t('folderName')}
        initialName={t('defaultFolderName')}
        confirmLoading={createFolder.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={async (name) => {
          await createFolder.mutateAsync({ parentIUID: folderId, fileName: name, spaceId: target.spaceId });
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
      <VersionsDialog
        file={versionsOf}
        canEdit={!!(rights?.edit || rights?.editOwn)}
        onClose={() => setVersionsOf(null)}
      />
    </div>
  );
}
