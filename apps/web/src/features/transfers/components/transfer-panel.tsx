/**
 * The file-transfer panel (spec 000 §2 File-transfer panel, §4 Panel / Cancel upload, §9): a draggable
 * floating window, shown / minimised / cleared; tabs 已完成 (index 0) and 上传中 (index 1), the
 * downloading tab hidden. Uploading: 文件名, 大小, 路径, 上传时间, 状态 (percent, 等待中..., 完成, 错误: msg),
 * 取消. Completed: name with icon, size, location tag, 上传完成, delete; 全部清空; 6 rows a page.
 */
import { CloseOutlined, DeleteOutlined, MinusOutlined } from '@ant-design/icons';
import { SourceType, formatFileSize, suffixOf } from '@bimdrive/contracts';
import {
  App,
  Badge,
  Button,
  Empty,
  Progress,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMemo, type HTMLAttributes, type ReactElement, type TdHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../../components/file-icon.tsx';
import { useDraggable } from '../../../lib/use-draggable.ts';
import '../i18n.ts';
import { BADGE_CAP, COMPLETED_PAGE_SIZE, pendingCount, uploadStatus } from '../lib/transfer-logic.ts';
import { cancelUpload } from '../lib/tus-uploads.ts';
import { useTransfers, type CompletedRecord, type UploadRecord } from '../stores/transfer-store.ts';

/** The 文件名 (with icon) and 大小 columns both tabs start with; `sizeWidth` in px. */
function fileColumns<T extends { fileName: string; fileSize: number }>(
  t: (key: string) => string,
  sizeWidth: number,
): TableColumnsType<T> {
  return [
    {
      title: t('col.fileName'),
      key: 'name',
      ellipsis: true,
      render: (_: unknown, r) => <NameCell name={r.fileName} />,
    },
    {
      title: t('col.size'),
      key: 'size',
      width: sizeWidth,
      render: (_: unknown, r) => formatFileSize(r.fileSize),
    },
  ];
}

const WIDTH = 820;
const HEIGHT = 400;

function NameCell({ name }: { name: string }): ReactElement {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, maxWidth: '100%', minWidth: 0 }}>
      <FileIcon suffix={suffixOf(name)} size={16} />
      <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: '100%' }}>
        {name}
      </Typography.Text>
    </span>
  );
}

function UploadStatusCell({ record }: { record: UploadRecord }): ReactElement {
  const { t } = useTranslation('transfers');
  const s = uploadStatus(record);
  switch (s.kind) {
    case 'error':
      return (
        <Typography.Text type="danger" ellipsis={{ tooltip: s.msg }}>
          {t('error', { msg: s.msg })}
        </Typography.Text>
      );
    case 'waiting':
      return <Typography.Text type="secondary">{t('waiting')}</Typography.Text>;
    case 'done':
      return <Typography.Text type="success">{t('done')}</Typography.Text>;
    default:
      return (
        <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Progress percent={s.percent} size="small" showInfo={false} style={{ width: 70, margin: 0 }} />
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>{s.percent.toFixed(1)}%</span>
        </span>
      );
  }
}

/** The floating transfer window. */
export function TransferPanel(): ReactElement | null {
  const { t } = useTranslation(['transfers', 'common']);
  const { modal, message } = App.useApp();
  const panel = useTransfers((s) => s.panel);
  const activeTab = useTransfers((s) => s.activeTab);
  const uploads = useTransfers((s) => s.uploads);
  const allCompleted = useTransfers((s) => s.completed);
  const completed = useMemo(() => allCompleted.filter((c) => c.fileType === 2), [allCompleted]);
  const store = useTransfers.getState;
  const drag = useDraggable(() => ({
    x: Math.max(16, window.innerWidth - WIDTH - 24),
    y: Math.max(64, window.innerHeight - HEIGHT - 24),
  }));
  if (panel !== 'shown') return null;

  const locationLabel = (sourceType: number) =>
    sourceType === SourceType.enterprise
      ? t('location.enterprise')
      : sourceType === SourceType.personal
        ? t('location.personal')
        : t('location.knowledgeBase');

  const confirmRemove = (r: CompletedRecord) =>
    modal.confirm({
      title: t('common:tip'),
      content: t('confirmDelete'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: () => {
        store().removeCompleted(r.iuid);
        void message.success(t('deleted'));
      },
    });

  const confirmClear = () =>
    modal.confirm({
      title: t('common:tip'),
      content: t('confirmDeleteAll'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: () => {
        store().clearCompleted();
        void message.success(t('deleted'));
      },
    });

  const cancel = (r: UploadRecord) => {
    if ((r.progress ?? 0) >= 100) store().removeUpload(r.iuid);
    else void cancelUpload(r.iuid);
  };

  const pending = pendingCount(uploads);

  const uploadingTable = (
    <Table<UploadRecord>
      rowKey="iuid"
      size="small"
      dataSource={uploads}
      pagination={false}
      scroll={{ y: HEIGHT - 170 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyUploading')} /> }}
      onRow={(r) => ({ 'data-row-name': r.fileName }) as HTMLAttributes<HTMLElement>}
      columns={[
        ...fileColumns<UploadRecord>(t, 90),
        {
          title: t('col.path'),
          key: 'path',
          width: 150,
          ellipsis: { showTitle: false },
          render: (_: unknown, r) => (
            <Tooltip title={r.fullPath}>
              <Typography.Text type="secondary">{r.fullPath}</Typography.Text>
            </Tooltip>
          ),
        },
        { title: t('col.uploadTime'), key: 'time', dataIndex: 'uploadTime', width: 160 },
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
          width: 70,
          render: (_: unknown, r) => (
            <Button
              type="link"
              size="small"
              danger={(r.progress ?? 0) < 100}
              onClick={() => cancel(r)}
              aria-label={t('cancel')}
            >
              {t('cancel')}
            </Button>
          ),
        },
      ]}
    />
  );

  const completedTable = (
    <>
      <Table<CompletedRecord>
        rowKey="iuid"
        size="small"
        dataSource={completed}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyCompleted')} />,
        }}
        pagination={
          completed.length > COMPLETED_PAGE_SIZE
            ? { pageSize: COMPLETED_PAGE_SIZE, size: 'small', showSizeChanger: false }
            : false
        }
        columns={[
          ...fileColumns<CompletedRecord>(t, 100),
          {
            title: t('col.location'),
            key: 'location',
            width: 110,
            render: (_: unknown, r) => <Tag color="blue">{locationLabel(r.sourceType)}</Tag>,
          },
          {
            title: t('col.status'),
            key: 'status',
            width: 110,
            render: () => <Typography.Text type="success">{t('uploadDone')}</Typography.Text>,
          },
          {
            title: t('col.action'),
            key: 'action',
            width: 70,
            render: (_: unknown, r) => (
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('delete')}
                onClick={() => confirmRemove(r)}
              />
            ),
          },
        ]}
      />
    </>
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
        // Above the page, below dialogs and the preview overlay (Ant Design's modals start at 1000).
        zIndex: 990,
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
      <div style={{ flex: 1, minHeight: 0, padding: '0 16px 12px', overflow: 'auto' }}>
        <Tabs
          activeKey={String(activeTab)}
          onChange={(k) => store().setActiveTab(k === '0' ? 0 : 1)}
          tabBarExtraContent={
            activeTab === 0 && completed.length > 0 ? (
              <Button size="small" onClick={confirmClear}>
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
          ]}
        />
      </div>
    </div>
  );
}
