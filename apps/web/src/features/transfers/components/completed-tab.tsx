/**
 * The 已完成 tab of the transfer panel (spec 000 §2 File-transfer panel, §7 GetTransmissionData, §9
 * page size 6): the server's completed uploads, 6 a page (previous, pager, next), with the file's
 * icon and name, 大小, the location tag (企业空间 / 我的空间 / 知识库 by source type), 上传完成 and a
 * delete button per row. Rows carry `data-transfer-name`; the tab is `data-testid="completed-tab"`.
 *
 * Shape: `<CompletedTab rows count loading page onPage onDelete />`; `onDelete(record)` asks and
 * deletes (the panel's confirmation).
 */
import { DeleteOutlined } from '@ant-design/icons';
import { SourceType, TRANSMISSION_PAGE_SIZE, formatFileSize } from '@bimdrive/contracts';
import type { TransmissionRecordValue } from '@bimdrive/contracts';
import { Button, Pagination, Table, Tag, Tooltip, Typography } from 'antd';
import type { HTMLAttributes, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSFER_TABLE, useTransferColumns } from './transfer-columns.tsx';

/** Tag colour of each location (source type). */
const LOCATION_COLOR: Record<number, string> = {
  [SourceType.enterprise]: 'purple',
  [SourceType.personal]: 'blue',
};

/** Props of CompletedTab. */
export interface CompletedTabProps {
  rows: TransmissionRecordValue[];
  /** All completed records, over every page. */
  count: number;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  onDelete: (r: TransmissionRecordValue) => void;
}

/** See the module docstring. */
export function CompletedTab({
  rows,
  count,
  loading,
  page,
  onPage,
  onDelete,
}: CompletedTabProps): ReactElement {
  const { t } = useTranslation('transfers');
  const { nameAndSize, emptyText } = useTransferColumns();
  const locationLabel = (sourceType: number) =>
    sourceType === SourceType.enterprise
      ? t('location.enterprise')
      : sourceType === SourceType.personal
        ? t('location.personal')
        : t('location.knowledgeBase');
  return (
    <div data-testid="completed-tab">
      <Table<TransmissionRecordValue>
        {...TRANSFER_TABLE}
        dataSource={rows}
        loading={loading}
        onRow={(r) => ({ 'data-transfer-name': r.fileName }) as HTMLAttributes<HTMLElement>}
        locale={emptyText('emptyCompleted')}
        columns={[
          ...nameAndSize<TransmissionRecordValue>((r) => formatFileSize(r.fileSize), 100),
          {
            title: t('col.location'),
            key: 'location',
            width: 110,
            render: (_: unknown, r) => (
              <Tag color={LOCATION_COLOR[r.sourceType] ?? 'green'}>{locationLabel(r.sourceType)}</Tag>
            ),
          },
          {
            title: t('col.status'),
            key: 'status',
            width: 100,
            render: () => <Typography.Text type="success">{t('uploadDone')}</Typography.Text>,
          },
          {
            title: t('col.action'),
            key: 'action',
            width: 64,
            render: (_: unknown, r) => (
              <Tooltip title={t('delete')}>
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('delete')}
                  onClick={() => onDelete(r)}
                />
              </Tooltip>
            ),
          },
        ]}
      />
      {count > 0 && (
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 10 }}>
          <Pagination
            size="small"
            current={page}
            pageSize={TRANSMISSION_PAGE_SIZE}
            total={count}
            showSizeChanger={false}
            showTotal={(n) => t('total', { count: n })}
            onChange={onPage}
          />
        </div>
      )}
    </div>
  );
}
