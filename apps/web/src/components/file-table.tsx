/**
 * The file table of the personal file group (spec 001 §2–§4): 我的文件, 我的收藏 and the search results
 * render their rows through it, on the shared data table (components/data-table). File-name cell: a
 * folder opens its page, a file opens the preview (001 §2 "File-name cell and row actions"); type,
 * size, status (001 §4 labels), modified and created time columns, each sortable on the server with
 * the none → asc → desc → none cycle, filters by type group and status (checkbox lists), size
 * (range with units) and times (ranges with the 001 §9 shortcuts); row actions as icon buttons with
 * tooltips (collect is an icon with tooltip 收藏 / 取消收藏). The name cell shows the file's thumbnail
 * (issue 14) where one is made, else its type icon.
 */
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  HistoryOutlined,
  AimOutlined,
  ShareAltOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import {
  FILE_SORT_FIELDS,
  FILE_TYPE_GROUPS,
  FileKind,
  type FileRowValue,
  type FileTypeGroup,
} from '@bimdrive/contracts';
import { Button, Tooltip } from 'antd';
import type { HTMLAttributes, ReactElement, ReactNode, TdHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionStatus } from './conversion-status.tsx';
import { DataTable, type BulkAction, type DataTableColumn } from './data-table/data-table.tsx';
import './data-table/i18n.ts';
import type { TableQueryConfig, TableState } from './data-table/table-state.ts';
import { FileThumb } from './file-thumb.tsx';
import { LightLink, LightText } from './light/light-text.tsx';

const TYPE_GROUPS = Object.keys(FILE_TYPE_GROUPS) as FileTypeGroup[];

/**
 * What the file lists sort and filter by: the server's whitelist (`FILE_SORT_FIELDS`) and the
 * listing.ts parameters `type`, `size*`, `status`, `update*`, `create*`.
 */
export const FILE_TABLE_CONFIG: TableQueryConfig = {
  sortFields: FILE_SORT_FIELDS,
  filters: {
    fileSuffix: { kind: 'checkbox', param: 'type', options: TYPE_GROUPS },
    fileBytes: { kind: 'numberRange', param: 'size', unit: 'bytes' },
    statusType: { kind: 'checkbox', param: 'status', options: ['0', '1', '2', '3', '4'] },
    updateTime: { kind: 'dateRange', param: 'update' },
    createTime: { kind: 'dateRange', param: 'create' },
  },
  defaultRows: 20,
  pageSizes: [20, 50, 100],
};

/** The type group of a row (folder, model, office…), or null for an unlisted suffix. */
export function typeGroupOf(row: Pick<FileRowValue, 'fileType' | 'fileSuffix'>): FileTypeGroup | null {
  if (row.fileType === FileKind.folder) return 'folder';
  const s = row.fileSuffix.toLowerCase();
  return (
    TYPE_GROUPS.find((g) => g !== 'folder' && (FILE_TYPE_GROUPS[g] as readonly string[]).includes(s)) ?? null
  );
}

/** Props of FileTable. Optional callbacks hide their action when absent. */
export interface FileTableProps<Row extends FileRowValue = FileRowValue> {
  /** Column visibility is remembered under this id. */
  tableId: string;
  rows: Row[];
  total: number;
  loading: boolean;
  state: TableState;
  onStateChange: (next: TableState) => void;
  onOpenFolder?: (row: Row) => void;
  onPreview: (row: Row) => void;
  onDownload: (row: Row) => void;
  onToggleCollect: (row: Row) => void;
  onRename?: (row: Row) => void;
  onDelete?: (row: Row) => void;
  onShare?: (row: Row) => void;
  /** Download a folder as a zip (a 下载 action on folder rows; issue 5). */
  onDownloadFolder?: (row: Row) => void;
  /** Open the file's versions (a 版本 action on file rows; issue 5). */
  onVersions?: (row: Row) => void;
  /** Open the row's folder and highlight it (search results). */
  onLocate?: (row: Row) => void;
  /** Show the folder path column (我的收藏, search results). */
  showLocation?: boolean;
  /** Extra columns before the actions (e.g. the search area). */
  extraColumns?: Array<DataTableColumn<Row>>;
  /** Bulk actions (each warns 请选中一行数据 with no row selected). */
  bulkActions?: Array<BulkAction<Row>>;
  /** More controls on the toolbar (search box…). */
  toolbar?: ReactNode;
  /** Row to highlight (located file). */
  highlightId?: string;
  /** Shown instead of the table body when there are no rows. */
  empty?: ReactNode;
}

/** Table of file rows with the stable test attributes (`file-table`, `data-row-name`, `status-<name>`). */
export function FileTable<Row extends FileRowValue = FileRowValue>(props: FileTableProps<Row>): ReactElement {
  const { t } = useTranslation(['common', 'dataTable']);
  const isFolder = (r: Row) => r.fileType === FileKind.folder;

  const action = (label: string, icon: ReactNode, onClick: () => void, danger = false) => (
    <Tooltip title={label} mouseEnterDelay={0.3}>
      <Button type="text" size="small" icon={icon} aria-label={label} danger={danger} onClick={onClick} />
    </Tooltip>
  );
  const groupLabel = (g: string) => t(`dataTable:file.groups.${g}`);
  // Room for the row's icon buttons: preview / download (or folder download) / collect, plus each
  // optional action the page offers.
  const optionalActions = [props.onLocate, props.onRename, props.onShare, props.onDelete, props.onVersions];
  const actionsWidth = 24 + 28 * (3 + optionalActions.filter(Boolean).length);

  const columns: Array<DataTableColumn<Row>> = [
    {
      key: 'fileName',
      title: t('table.fileName'),
      dataIndex: 'fileName',
      sortable: true,
      ellipsis: true,
      hideable: false,
      render: (_: unknown, r) => (
        <span style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
          <FileThumb row={r} size={32} iconSize={20} />
          <LightLink
            ellipsis
            style={{ color: 'inherit', maxWidth: '100%' }}
            className="file-name-link"
            title={r.fileName}
            onClick={() => (isFolder(r) ? props.onOpenFolder?.(r) : props.onPreview(r))}
          >
            {r.fileName}
          </LightLink>
        </span>
      ),
    },
    ...(props.showLocation
      ? [
          {
            key: 'fullPath',
            title: t('table.location'),
            dataIndex: 'fullPath',
            width: 180,
            ellipsis: true,
            render: (v: unknown, r: Row) =>
              props.onLocate ? (
                <LightLink onClick={() => props.onLocate?.(r)} title={t('dataTable:file.locate')}>
                  {String(v)}
                </LightLink>
              ) : (
                <LightText type="secondary">{String(v)}</LightText>
              ),
          } satisfies DataTableColumn<Row>,
        ]
      : []),
    {
      key: 'fileSuffix',
      title: t('dataTable:file.type'),
      width: 120,
      sortable: true,
      filterOptions: TYPE_GROUPS.map((g) => ({ value: g, label: groupLabel(g) })),
      render: (_: unknown, r) => {
        const g = typeGroupOf(r);
        return (
          <LightText type="secondary">
            {g ? groupLabel(g) : t('dataTable:file.other')}
            {!isFolder(r) && r.fileSuffix ? ` · ${r.fileSuffix}` : ''}
          </LightText>
        );
      },
    },
    {
      key: 'fileBytes',
      title: t('table.size'),
      dataIndex: 'fileSize',
      width: 110,
      sortable: true,
      render: (v: unknown, r) => (isFolder(r) ? <span style={{ color: '#bfbfbf' }}>-</span> : String(v)),
    },
    {
      key: 'statusType',
      title: t('table.status'),
      width: 150,
      sortable: true,
      filterOptions: ['0', '1', '2', '3', '4'].map((v) => ({
        value: v,
        label: t(`dataTable:file.statusOptions.${v}`),
      })),
      onCell: (r) => ({ 'data-testid': `status-${r.fileName}` }) as TdHTMLAttributes<HTMLTableCellElement>,
      render: (_: unknown, r) => (
        <ConversionStatus
          statusType={r.statusType}
          fileType={r.fileType}
          progress={r.progress}
          statusMsg={r.statusMsg}
        />
      ),
    },
    {
      key: 'updateTime',
      title: t('table.updateTime'),
      dataIndex: 'updateTime',
      width: 170,
      sortable: true,
      render: (v: unknown) => <LightText type="secondary">{String(v)}</LightText>,
    },
    {
      key: 'createTime',
      title: t('dataTable:file.createTime'),
      dataIndex: 'createTime',
      width: 170,
      sortable: true,
      render: (v: unknown) => <LightText type="secondary">{String(v)}</LightText>,
    },
    ...(props.extraColumns ?? []),
    {
      key: 'actions',
      title: t('table.actions'),
      width: actionsWidth,
      hideable: false,
      render: (_: unknown, r) => (
        <div className="row-actions" style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
          {!isFolder(r) && action(t('action.preview'), <EyeOutlined />, () => props.onPreview(r))}
          {!isFolder(r) && action(t('action.download'), <DownloadOutlined />, () => props.onDownload(r))}
          {isFolder(r) &&
            props.onDownloadFolder &&
            action(t('action.download'), <DownloadOutlined />, () => props.onDownloadFolder?.(r))}
          {props.onLocate && action(t('dataTable:file.locate'), <AimOutlined />, () => props.onLocate?.(r))}
          {props.onRename && action(t('action.rename'), <EditOutlined />, () => props.onRename?.(r))}
          {!isFolder(r) &&
            action(
              r.collectbit ? t('action.uncollect') : t('action.collect'),
              r.collectbit ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />,
              () => props.onToggleCollect(r),
            )}
          {!isFolder(r) &&
            props.onShare &&
            action(t('action.share'), <ShareAltOutlined />, () => props.onShare?.(r))}
          {!isFolder(r) &&
            props.onVersions &&
            action(t('action.versions'), <HistoryOutlined />, () => props.onVersions?.(r))}
          {props.onDelete && action(t('action.delete'), <DeleteOutlined />, () => props.onDelete?.(r), true)}
        </div>
      ),
    },
  ];

  return (
    <DataTable<Row>
      testId="file-table"
      tableId={props.tableId}
      columns={columns}
      config={FILE_TABLE_CONFIG}
      rows={props.rows}
      total={props.total}
      loading={props.loading}
      rowKey="iuid"
      state={props.state}
      onStateChange={props.onStateChange}
      defaultHidden={['createTime']}
      bulkActions={props.bulkActions}
      toolbar={props.toolbar}
      onRow={(r) => ({ 'data-row-name': r.fileName }) as HTMLAttributes<HTMLElement>}
      rowClassName={(r) => (r.iuid === props.highlightId ? 'row-located' : '')}
      empty={props.empty}
    />
  );
}
