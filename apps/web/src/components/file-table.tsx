/**
 * The shared file table of the personal file group (spec 001 §2–§4): 我的文件 and 我的收藏 render their
 * rows through it. File-name cell: a folder opens its page, a file opens the preview (001 §2 "File-name
 * cell and row actions"); status cell with the 001 §4 labels; row actions as icon buttons with tooltips
 * (collect is an icon with tooltip 收藏 / 取消收藏). Server-side sorting (none → asc → desc → none, one
 * column at a time, 001 §4) and paging.
 */
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  ShareAltOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { FileKind, type FileRowValue } from '@bimdrive/contracts';
import { Button, Space, Table, Tooltip, Typography, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { HTMLAttributes, ReactElement, ReactNode, TdHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionStatus } from './conversion-status.tsx';
import { FileIcon } from './file-icon.tsx';

/** Server-side sort fields of `ListQuery` (001 §7). */
export type FileSortField = 'fileName' | 'fileBytes' | 'updateTime';

/** The current sort, or null for the server default. */
export interface FileSort {
  field: FileSortField;
  order: 'asc' | 'desc';
}

/** Props of FileTable. Optional callbacks hide their action when absent. */
export interface FileTableProps {
  rows: FileRowValue[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  sort: FileSort | null;
  /** Paging or sorting changed. */
  onChange: (page: number, pageSize: number, sort: FileSort | null) => void;
  onOpenFolder?: (row: FileRowValue) => void;
  onPreview: (row: FileRowValue) => void;
  onDownload: (row: FileRowValue) => void;
  onToggleCollect: (row: FileRowValue) => void;
  onRename?: (row: FileRowValue) => void;
  onDelete?: (row: FileRowValue) => void;
  onShare?: (row: FileRowValue) => void;
  /** Show the folder path column (我的收藏). */
  showLocation?: boolean;
  /** Shown instead of the table body when there are no rows. */
  empty?: ReactNode;
}

const sortFieldOf = (key: unknown): FileSortField | null =>
  key === 'fileName' || key === 'fileBytes' || key === 'updateTime' ? key : null;

/** Table of file rows with the stable test attributes (`file-table`, `data-row-name`, `status-<name>`). */
export function FileTable(props: FileTableProps): ReactElement {
  const { t } = useTranslation('common');
  const { sort } = props;
  const sortOrderOf = (field: FileSortField) =>
    sort?.field === field ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  const isFolder = (r: FileRowValue) => r.fileType === FileKind.folder;

  const action = (label: string, icon: ReactNode, onClick: () => void, danger = false) => (
    <Tooltip title={label} mouseEnterDelay={0.3}>
      <Button type="text" size="small" icon={icon} aria-label={label} danger={danger} onClick={onClick} />
    </Tooltip>
  );

  const columns: TableProps<FileRowValue>['columns'] = [
    {
      title: t('table.fileName'),
      key: 'fileName',
      dataIndex: 'fileName',
      sorter: true,
      sortOrder: sortOrderOf('fileName'),
      ellipsis: true,
      render: (_: unknown, r) => (
        <span style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
          <FileIcon suffix={r.fileSuffix} isFolder={isFolder(r)} size={20} />
          <Typography.Link
            ellipsis
            style={{ color: 'inherit', maxWidth: '100%' }}
            className="file-name-link"
            title={r.fileName}
            onClick={() => (isFolder(r) ? props.onOpenFolder?.(r) : props.onPreview(r))}
          >
            {r.fileName}
          </Typography.Link>
        </span>
      ),
    },
    ...(props.showLocation
      ? [
          {
            title: t('table.location'),
            key: 'fullPath',
            dataIndex: 'fullPath',
            width: 200,
            ellipsis: true,
            render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text>,
          },
        ]
      : []),
    {
      title: t('table.size'),
      key: 'fileBytes',
      dataIndex: 'fileSize',
      width: 110,
      sorter: true,
      sortOrder: sortOrderOf('fileBytes'),
      render: (v: string, r) => (isFolder(r) ? <span style={{ color: '#bfbfbf' }}>-</span> : v),
    },
    {
      title: t('table.status'),
      key: 'status',
      width: 200,
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
      title: t('table.updateTime'),
      key: 'updateTime',
      dataIndex: 'updateTime',
      width: 180,
      sorter: true,
      sortOrder: sortOrderOf('updateTime'),
      render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text>,
    },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 230,
      render: (_: unknown, r) => (
        <Space size={2} className="row-actions">
          {!isFolder(r) && action(t('action.preview'), <EyeOutlined />, () => props.onPreview(r))}
          {!isFolder(r) && action(t('action.download'), <DownloadOutlined />, () => props.onDownload(r))}
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
          {props.onDelete && action(t('action.delete'), <DeleteOutlined />, () => props.onDelete?.(r), true)}
        </Space>
      ),
    },
  ];

  const handleChange: TableProps<FileRowValue>['onChange'] = (pagination, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<FileRowValue> | undefined;
    const field = sortFieldOf(s?.columnKey);
    const next: FileSort | null =
      field && s?.order ? { field, order: s.order === 'ascend' ? 'asc' : 'desc' } : null;
    const sortChanged = next?.field !== sort?.field || next?.order !== sort?.order;
    props.onChange(sortChanged ? 1 : (pagination.current ?? 1), pagination.pageSize ?? props.pageSize, next);
  };

  return (
    <Table<FileRowValue>
      data-testid="file-table"
      rowKey="iuid"
      size="middle"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      onChange={handleChange}
      onRow={(r) => ({ 'data-row-name': r.fileName }) as HTMLAttributes<HTMLElement>}
      locale={props.empty ? { emptyText: props.empty } : undefined}
      showSorterTooltip={false}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100],
        showTotal: (total) => t('table.total', { count: total }),
        hideOnSinglePage: false,
      }}
    />
  );
}
