/**
 * The 上传中 tab of the transfer panel (spec 000 §2 File-transfer panel, §4 Cancel upload): 文件名, 大小,
 * 路径, 上传时间, 状态 (percent, 等待中..., 已暂停, 完成, 错误: msg) and 暂停 / 继续 and 取消 (移除 once
 * finished). Rows carry `data-transfer-name` and `data-phase`.
 *
 * Shape: `<UploadingTable uploads onResume />`; `onResume(record)` continues a paused upload (the
 * panel asks for the file again when a reload lost it).
 */
import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { formatFileSize } from '@bimdrive/contracts';
import { Button, Space, Table, Tooltip } from 'antd';
import type { HTMLAttributes, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { pauseAction } from '../lib/transfer-logic.ts';
import { cancelUpload, dismissUpload, pauseUpload } from '../lib/tus-uploads.ts';
import type { UploadRecord } from '../stores/transfer-store.ts';
import { UploadStatusCell } from './transfer-cells.tsx';
import {
  CancelOrRemove,
  TRANSFER_TABLE,
  TRANSFER_TABLE_SCROLL,
  useTransferColumns,
} from './transfer-columns.tsx';

/** See the module docstring. */
export function UploadingTable({
  uploads,
  onResume,
}: {
  uploads: UploadRecord[];
  onResume: (r: UploadRecord) => void;
}): ReactElement {
  const { t } = useTranslation('transfers');
  const { nameAndSize, pathColumn, statusColumn, emptyText } = useTransferColumns();
  return (
    <Table<UploadRecord>
      {...TRANSFER_TABLE}
      dataSource={uploads}
      scroll={TRANSFER_TABLE_SCROLL}
      locale={emptyText('emptyUploading')}
      onRow={(r) =>
        ({ 'data-transfer-name': r.fileName, 'data-phase': r.phase }) as HTMLAttributes<HTMLElement>
      }
      columns={[
        ...nameAndSize<UploadRecord>((r) => formatFileSize(r.fileSize), 84),
        pathColumn<UploadRecord>(),
        { title: t('col.uploadTime'), key: 'time', dataIndex: 'uploadTime', width: 150 },
        statusColumn<UploadRecord>('upload', (r) => <UploadStatusCell record={r} />),
        {
          title: t('col.action'),
          key: 'action',
          width: 96,
          render: (_: unknown, r) => {
            const act = pauseAction(r);
            return (
              <Space size={0}>
                {act === 'pause' && (
                  <Tooltip title={t('pause')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<PauseOutlined />}
                      aria-label={t('pause')}
                      onClick={() => void pauseUpload(r.iuid)}
                    />
                  </Tooltip>
                )}
                {act === 'resume' && (
                  <Tooltip title={r.needsFile ? t('needsFileHint') : t('resume')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<CaretRightOutlined />}
                      aria-label={t('resume')}
                      onClick={() => onResume(r)}
                    />
                  </Tooltip>
                )}
                {/* A finished upload has nothing to cancel: 移除 takes its row off (it is in 已完成). */}
                <CancelOrRemove
                  running={r.phase !== 'done'}
                  onClick={() => (r.phase === 'done' ? dismissUpload(r.iuid) : void cancelUpload(r.iuid))}
                />
              </Space>
            );
          },
        },
      ]}
    />
  );
}
