/**
 * The file-transfer panel (spec 000 §2 File-transfer panel, §4 Panel / Cancel upload / Cancel
 * download, §7 GetTransmissionData, §8 confirmations and 删除成功, §9 page size 6 and badge cap 99): a
 * draggable floating window, shown / minimised / cleared.
 * - 已完成 (index 0): the server's completed uploads, 6 a page (previous, pager, next): name with icon,
 *   size, location tag (企业空间 / 我的空间 / 知识库 by source type), 上传完成, delete one (确定要删除这条记录吗？)
 *   and 清空 (确定要删除所有上传记录吗？), 删除成功 and the list reloads. It reloads when the panel is shown
 *   on that tab and when switching to it; a non-1 answer is ignored silently.
 * - 上传中 (index 1): 文件名, 大小, 路径, 上传时间, 状态 (percent, 等待中..., 已暂停, 完成, 错误: msg), 暂停 /
 *   继续 and 取消 (移除 once finished); badge of uploads below 100 (capped at 99). An upload restored
 *   after a reload asks for its file again on 继续. Finished rows leave for 已完成 once the queue has
 *   drained (tus-uploads.ts).
 * - 下载中 (index 2, hidden until a download runs): 文件名, 大小, 路径, 下载时间, 状态, 取消 (移除 once
 *   finished or failed).
 * - Over dialogs (issue 17): the panel sits above modal masks and its confirmations above it
 *   (hooks/use-open-dialogs.ts), so it can be used while a dialog is open; it is not rendered while it
 *   gives way to a dialog opened over it (`givingWay`, transfer-center.tsx).
 * - Its rows carry `data-transfer-name` (not the file tables' `data-row-name`, so a file's row and its
 *   upload's row are never confused) and upload rows `data-phase`.
 */
import {
  CaretRightOutlined,
  CloseOutlined,
  DeleteOutlined,
  MinusOutlined,
  PauseOutlined,
} from '@ant-design/icons';
import { SourceType, TRANSMISSION_PAGE_SIZE, formatFileSize } from '@bimdrive/contracts';
import type { TransmissionRecordValue } from '@bimdrive/contracts';
import {
  Badge,
  Button,
  Empty,
  Pagination,
  Space,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type HTMLAttributes,
  type ReactElement,
  type TdHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useDraggable } from '../../../lib/use-draggable.ts';
import { deleteAllTransmissions, deleteTransmission, useTransmissionPage } from '../api/transmission.ts';
import '../i18n.ts';
import {
  TRANSFER_CONFIRM_Z_INDEX,
  TRANSFER_DIALOG_CLASS,
  TRANSFER_Z_INDEX,
} from '../hooks/use-open-dialogs.ts';
import { cancelDownload } from '../lib/downloads.ts';
import { BADGE_CAP, pauseAction, pendingCount } from '../lib/transfer-logic.ts';
import {
  cancelUpload,
  dismissUpload,
  pauseUpload,
  resumeUpload,
  resumeWithFile,
} from '../lib/tus-uploads.ts';
import { useTransfers, type DownloadRecord, type UploadRecord } from '../stores/transfer-store.ts';
import { DownloadStatusCell, NameCell, UploadStatusCell } from './transfer-cells.tsx';

const WIDTH = 860;
const HEIGHT = 460;

const sizeOf = (n: number | null) => (n === null ? '-' : formatFileSize(n));

/**
 * The floating transfer window, rendered while shown (the store's `panel`) unless `givingWay` (to a
 * dialog opened over it; transfer-center.tsx).
 */
export function TransferPanel({ givingWay = false }: { givingWay?: boolean }): ReactElement | null {
  const { t } = useTranslation(['transfers', 'common']);
  const { modal, message } = useFeedback();
  const shown = useTransfers((s) => s.panel === 'shown') && !givingWay;
  const activeTab = useTransfers((s) => s.activeTab);
  const uploads = useTransfers((s) => s.uploads);
  const downloads = useTransfers((s) => s.downloads);
  const downloadsVisible = useTransfers((s) => s.downloadsVisible);
  const store = useTransfers.getState;
  const [page, setPage] = useState(1);
  const completedOpen = shown && activeTab === 0;
  const completed = useTransmissionPage(page, completedOpen);
  const refetchCompleted = completed.refetch;
  const repick = useRef<HTMLInputElement>(null);
  const repickFor = useRef<string | null>(null);
  const drag = useDraggable(() => ({
    x: Math.max(16, window.innerWidth - WIDTH - 24),
    y: Math.max(64, window.innerHeight - HEIGHT - 24),
  }));

  // 000 §4: the completed tab reloads when the panel is shown on it and when switching to it.
  useEffect(() => {
    if (completedOpen) void refetchCompleted();
  }, [completedOpen, refetchCompleted]);

  // A page emptied by deletes falls back to the last page that has rows.
  const count = completed.data?.count ?? 0;
  useEffect(() => {
    const last = Math.max(1, Math.ceil(count / TRANSMISSION_PAGE_SIZE));
    if (completed.data && page > last) setPage(last);
  }, [count, page, completed.data]);

  if (!shown) return null;

  const locationLabel = (sourceType: number) =>
    sourceType === SourceType.enterprise
      ? t('location.enterprise')
      : sourceType === SourceType.personal
        ? t('location.personal')
        : t('location.knowledgeBase');
  const locationColor = (sourceType: number) =>
    sourceType === SourceType.enterprise ? 'purple' : sourceType === SourceType.personal ? 'blue' : 'green';

  const confirmRemove = (r: TransmissionRecordValue) =>
    modal.confirm({
      zIndex: TRANSFER_CONFIRM_Z_INDEX,
      wrapClassName: TRANSFER_DIALOG_CLASS,
      title: t('common:tip'),
      content: t('confirmDelete'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        if (!(await deleteTransmission(r.iuid))) return;
        void message.success(t('deleted'));
        void refetchCompleted();
      },
    });

  const confirmClear = () =>
    modal.confirm({
      zIndex: TRANSFER_CONFIRM_Z_INDEX,
      wrapClassName: TRANSFER_DIALOG_CLASS,
      title: t('common:tip'),
      content: t('confirmDeleteAll'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        if (!(await deleteAllTransmissions())) return;
        void message.success(t('deleted'));
        setPage(1);
        void refetchCompleted();
      },
    });

  const cancel = (r: UploadRecord) => {
    if (r.phase === 'done') dismissUpload(r.iuid);
    else void cancelUpload(r.iuid);
  };

  const resume = (r: UploadRecord) => {
    if (resumeUpload(r.iuid) === 'needsFile') {
      repickFor.current = r.iuid;
      repick.current?.click();
    }
  };
  const onRepicked = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    const id = repickFor.current;
    repickFor.current = null;
    if (!file || !id) return;
    if (!resumeWithFile(id, file)) void message.warning(t('pickSameFile'));
  };

  const pending = pendingCount(uploads);

  const nameAndSize = <T extends { fileName: string }>(
    size: (r: T) => string,
    sizeWidth: number,
  ): TableColumnsType<T> => [
    {
      title: t('col.fileName'),
      key: 'name',
      ellipsis: true,
      render: (_: unknown, r) => <NameCell name={r.fileName} />,
    },
    { title: t('col.size'), key: 'size', width: sizeWidth, render: (_: unknown, r) => size(r) },
  ];
  const pathColumn = <T extends { fullPath: string }>(): TableColumnsType<T>[number] => ({
    title: t('col.path'),
    key: 'path',
    width: 140,
    ellipsis: { showTitle: false },
    render: (_: unknown, r) => (
      <Tooltip title={r.fullPath}>
        <Typography.Text type="secondary">{r.fullPath || '-'}</Typography.Text>
      </Tooltip>
    ),
  });

  const uploadingTable = (
    <Table<UploadRecord>
      rowKey="iuid"
      size="small"
      dataSource={uploads}
      pagination={false}
      scroll={{ y: HEIGHT - 170 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyUploading')} /> }}
      onRow={(r) =>
        ({ 'data-transfer-name': r.fileName, 'data-phase': r.phase }) as HTMLAttributes<HTMLElement>
      }
      columns={[
        ...nameAndSize<UploadRecord>((r) => formatFileSize(r.fileSize), 84),
        pathColumn<UploadRecord>(),
        { title: t('col.uploadTime'), key: 'time', dataIndex: 'uploadTime', width: 150 },
        {
          title: t('col.status'),
          key: 'status',
          width: 150,
          onCell: (r) =>
            ({ 'data-testid': `upload-status-${r.fileName}` }) as TdHTMLAttributes<HTMLTableCellElement>,
          render: (_: unknown, r) => <UploadStatusCell record={r} />,
        },
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
                      onClick={() => resume(r)}
                    />
                  </Tooltip>
                )}
                {/* A finished upload has nothing to cancel: 移除 takes its row off (it is in 已完成). */}
                <Button
                  type="link"
                  size="small"
                  danger={r.phase !== 'done'}
                  onClick={() => cancel(r)}
                  aria-label={r.phase === 'done' ? t('removeDone') : t('cancel')}
                >
                  {r.phase === 'done' ? t('removeDone') : t('cancel')}
                </Button>
              </Space>
            );
          },
        },
      ]}
    />
  );

  const downloadingTable = (
    <Table<DownloadRecord>
      rowKey="iuid"
      size="small"
      dataSource={downloads}
      pagination={false}
      scroll={{ y: HEIGHT - 170 }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyDownloading')} />,
      }}
      onRow={(r) => ({ 'data-transfer-name': r.fileName }) as HTMLAttributes<HTMLElement>}
      columns={[
        ...nameAndSize<DownloadRecord>((r) => sizeOf(r.fileSize ?? (r.loaded || null)), 84),
        pathColumn<DownloadRecord>(),
        { title: t('col.downloadTime'), key: 'time', dataIndex: 'downloadTime', width: 150 },
        {
          title: t('col.status'),
          key: 'status',
          width: 150,
          onCell: (r) =>
            ({ 'data-testid': `download-status-${r.fileName}` }) as TdHTMLAttributes<HTMLTableCellElement>,
          render: (_: unknown, r) => <DownloadStatusCell record={r} />,
        },
        {
          title: t('col.action'),
          key: 'action',
          width: 70,
          render: (_: unknown, r) => (
            // A finished or failed download has nothing to cancel: 移除 takes its row off.
            <Button
              type="link"
              size="small"
              danger={r.phase === 'running'}
              onClick={() => cancelDownload(r.iuid)}
              aria-label={r.phase === 'running' ? t('cancel') : t('removeDone')}
            >
              {r.phase === 'running' ? t('cancel') : t('removeDone')}
            </Button>
          ),
        },
      ]}
    />
  );

  const rows = completed.data?.list ?? [];
  const completedTable = (
    <div data-testid="completed-tab">
      <Table<TransmissionRecordValue>
        rowKey="iuid"
        size="small"
        dataSource={rows}
        loading={completed.isFetching && !completed.data}
        pagination={false}
        onRow={(r) => ({ 'data-transfer-name': r.fileName }) as HTMLAttributes<HTMLElement>}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyCompleted')} />,
        }}
        columns={[
          ...nameAndSize<TransmissionRecordValue>((r) => formatFileSize(r.fileSize), 100),
          {
            title: t('col.location'),
            key: 'location',
            width: 110,
            render: (_: unknown, r) => (
              <Tag color={locationColor(r.sourceType)}>{locationLabel(r.sourceType)}</Tag>
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
                  onClick={() => confirmRemove(r)}
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
            onChange={setPage}
          />
        </div>
      )}
    </div>
  );

  return (
    <div
      data-draggable-root
      data-testid="transfer-panel"
      role="region"
      aria-label={t('title')}
      style={{
        position: 'fixed',
        left: drag.position.x,
        top: drag.position.y,
        width: WIDTH,
        maxWidth: 'calc(100vw - 16px)',
        height: HEIGHT,
        // Above dialogs' masks, below popups (use-open-dialogs.ts).
        zIndex: TRANSFER_Z_INDEX,
        background: '#fff',
        borderRadius: 10,
        boxShadow: '0 12px 48px rgba(0,0,0,.18), 0 0 0 1px rgba(0,0,0,.04)',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <div
        onPointerDown={drag.onPointerDown}
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '10px 12px 10px 18px',
          borderBottom: '1px solid #f0f0f0',
          cursor: 'move',
          userSelect: 'none',
          background: '#fafcff',
          touchAction: 'none',
        }}
      >
        <Typography.Text strong>{t('title')}</Typography.Text>
        <span onPointerDown={(e) => e.stopPropagation()}>
          <Tooltip title={t('minimise')}>
            <Button
              type="text"
              size="small"
              icon={<MinusOutlined />}
              aria-label={t('minimise')}
              onClick={() => store().setPanel('hidden')}
            />
          </Tooltip>
          <Tooltip title={t('close')}>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('close')}
              onClick={() => store().setPanel('cleared')}
            />
          </Tooltip>
        </span>
      </div>
      <input ref={repick} type="file" hidden data-testid="transfer-repick-input" onChange={onRepicked} />
      <div style={{ flex: 1, minHeight: 0, padding: '0 16px 12px', overflow: 'auto' }}>
        <Tabs
          activeKey={String(activeTab)}
          onChange={(k) => store().setActiveTab(k === '0' ? 0 : k === '2' ? 2 : 1)}
          tabBarExtraContent={
            activeTab === 0 && count > 0 ? (
              <Button size="small" danger onClick={confirmClear}>
                {t('clearAll')}
              </Button>
            ) : null
          }
          items={[
            { key: '0', label: t('tabCompleted'), children: completedTable },
            {
              key: '1',
              label: (
                <Badge count={pending} overflowCount={BADGE_CAP} size="small" offset={[10, -2]}>
                  <span>{t('tabUploading')}</span>
                </Badge>
              ),
              children: uploadingTable,
            },
            ...(downloadsVisible
              ? [
                  {
                    key: '2',
                    label: (
                      <Badge
                        count={downloads.filter((d) => d.phase === 'running').length}
                        overflowCount={BADGE_CAP}
                        size="small"
                        offset={[10, -2]}
                      >
                        <span>{t('tabDownloading')}</span>
                      </Badge>
                    ),
                    children: downloadingTable,
                  },
                ]
              : []),
          ]}
        />
      </div>
    </div>
  );
}
