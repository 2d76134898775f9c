/**
 * The 下载中 tab of the transfer panel (spec 000 §2 File-transfer panel, §4 Cancel download): 文件名,
 * 大小, 路径, 下载时间, 状态 and 取消 (移除 once finished or failed). Rows carry `data-transfer-name`.
 *
 * Shape: `<DownloadingTable downloads />`.
 */
import { formatFileSize } from '@bimdrive/contracts';
import { Table } from 'antd';
import type { HTMLAttributes, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelDownload } from '../lib/downloads.ts';
import type { DownloadRecord } from '../stores/transfer-store.ts';
import { DownloadStatusCell } from './transfer-cells.tsx';
import {
  CancelOrRemove,
  TRANSFER_TABLE,
  TRANSFER_TABLE_SCROLL,
  useTransferColumns,
} from './transfer-columns.tsx';

const sizeOf = (n: number | null) => (n === null ? '-' : formatFileSize(n));

/** See the module docstring. */
export function DownloadingTable({ downloads }: { downloads: DownloadRecord[] }): ReactElement {
  const { t } = useTranslation('transfers');
  const { nameAndSize, pathColumn, statusColumn, emptyText } = useTransferColumns();
  return (
    <Table<DownloadRecord>
      {...TRANSFER_TABLE}
      dataSource={downloads}
      scroll={TRANSFER_TABLE_SCROLL}
      locale={emptyText('emptyDownloading')}
      onRow={(r) => ({ 'data-transfer-name': r.fileName }) as HTMLAttributes<HTMLElement>}
      columns={[
        ...nameAndSize<DownloadRecord>((r) => sizeOf(r.fileSize ?? (r.loaded || null)), 84),
        pathColumn<DownloadRecord>(),
        { title: t('col.downloadTime'), key: 'time', dataIndex: 'downloadTime', width: 150 },
        statusColumn<DownloadRecord>('download', (r) => <DownloadStatusCell record={r} />),
        {
          title: t('col.action'),
          key: 'action',
          width: 70,
          // A finished or failed download has nothing to cancel: 移除 takes its row off.
          render: (_: unknown, r) => (
            <CancelOrRemove running={r.phase === 'running'} onClick={() => cancelDownload(r.iuid)} />
          ),
        },
      ]}
    />
  );
}
