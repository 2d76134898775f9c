/**
 * 版本 dialog of a file row (issue 5 versions; 001 §7 FileVersionAdd, 000 §7 FileVersionInfo): the
 * file's versions newest first (version with the 当前版本 tag, name, size, uploader, time, conversion
 * status), 上传新版本 (same format; refused format or space shows the server's message), and per version 预览 (the preview overlay on that version's own converted model),
 * 下载, 设为当前版本 and 删除 (not the current one, with confirmation).
 * The list refreshes live on `FileVersionInfo` (it lives under the file listings' query root).
 * A new version is uploaded through the transfer queue (features/transfers `startVersionUpload`): it
 * shows in the panel's 上传中 tab with progress, pause and cancel, goes on when the dialog is closed,
 * and ends in 已完成; while it runs the dialog shows its progress, and when it finishes the dialog
 * says which version it became and the list refreshes.
 */
import {
  CloudUploadOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  HistoryOutlined,
} from '@ant-design/icons';
import { FileKind, SUFFIX_FAMILIES, type FileRowValue, type FileVersionRowValue } from '@bimdrive/contracts';
import { Button, Progress, Space, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { useConfirmedAction } from '../../../lib/confirmed-action.ts';
import { useFeedback } from '../../../lib/feedback.tsx';
import {
  useEffect,
  useRef,
  type ChangeEvent,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionStatus } from '../../../components/conversion-status.tsx';
import { isPreviewReady } from '../../../components/status-label.ts';
import { usePreview } from '../../../stores/preview-store.ts';
import {
  getVersionDownloadUrl,
  useDeleteVersion,
  useFileVersions,
  useSetCurrentVersion,
} from '../api/file-versions.ts';
import { DraggableModal } from '../../../components/draggable-modal.tsx';
import { saveUrl } from '../../../lib/download.ts';
import '../i18n.ts';
import { startVersionUpload } from '../../transfers/lib/tus-uploads.ts';
import { useTransfers } from '../../transfers/stores/transfer-store.ts';

/** Props of VersionsDialog. */
export interface VersionsDialogProps {
  /** The file whose versions are shown; null closes the dialog. */
  file: FileRowValue | null;
  /** Whether the caller may add versions, switch and delete them (their rights in the file's area). */
  canEdit?: boolean;
  onClose: () => void;
}

/** `accept` of the file picker: the file's suffix and its family (e.g. .doc,.docx). */
function acceptFor(suffix: string): string {
  const s = suffix.toLowerCase();
  if (!s) return '';
  const family = SUFFIX_FAMILIES.find((f) => f.includes(s)) ?? [s];
  return family.map((x) => `.${x}`).join(',');
}

/** An icon button of a version row with its tooltip `tip`; `label` (default `tip`) names it. */
function RowAction({
  tip,
  label = tip,
  icon,
  danger,
  disabled,
  onClick,
}: {
  tip: string;
  label?: string;
  icon: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}): ReactElement {
  return (
    <Tooltip title={tip} mouseEnterDelay={0.3}>
      <Button
        type="text"
        size="small"
        danger={danger}
        icon={icon}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** The versions dialog. */
export function VersionsDialog({ file, canEdit = true, onClose }: VersionsDialogProps): ReactElement {
  const { t } = useTranslation(['files', 'common']);
  const { message } = useFeedback();
  const confirm = useConfirmedAction();
  const iuid = file && file.fileType === FileKind.file ? file.iuid : null;
  const versions = useFileVersions(iuid);
  const setCurrent = useSetCurrentVersion();
  const remove = useDeleteVersion();
  const picker = useRef<HTMLInputElement>(null);
  /** Transfer records of version uploads started from this dialog, to announce how they ended. */
  const startedHere = useRef(new Set<string>());
  const uploads = useTransfers((s) => s.uploads);
  /** A version upload of this file still in the queue (from this dialog or an earlier one). */
  const pending = iuid
    ? uploads.find((u) => u.versionOf === iuid && u.phase !== 'done' && u.phase !== 'error')
    : undefined;

  // Announce the end of the uploads started here; the list itself refreshes with the file lists.
  useEffect(() => {
    for (const id of startedHere.current) {
      const r = uploads.find((u) => u.iuid === id);
      if (!r)
        startedHere.current.delete(id); // cancelled in the panel
      else if (r.phase === 'done') {
        startedHere.current.delete(id);
        void message.success(
          r.version ? t('versions.uploaded', { version: r.version }) : t('versions.uploadedPlain'),
        );
        void versions.refetch();
      } else if (r.phase === 'error') {
        startedHere.current.delete(id);
        void message.error(t('versions.uploadFailed', { msg: r.errorMsg }));
      }
    }
  }, [uploads, message, t, versions]);

  const onChosen = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen || !file || !iuid) return;
    startedHere.current.add(
      startVersionUpload(chosen, { iuid, fullPath: file.fullPath, spaceId: file.spaceId }),
    );
  };

  const download = async (v: FileVersionRowValue) => {
    if (!iuid) return;
    try {
      saveUrl(await getVersionDownloadUrl(iuid, v.version), v.fileName);
    } catch {
      /* toasted by the API client */
    }
  };

  /** Open the preview overlay on this version (its own converted model). */
  const previewVersion = (v: FileVersionRowValue) => {
    if (!file) return;
    if (!isPreviewReady(v)) {
      void message.warning(t('common:msg.notConverted'));
      return;
    }
    onClose();
    usePreview.getState().open({
      iuid: file.iuid,
      fileName: file.fileName,
      fileSuffix: v.fileSuffix,
      ...(v.isCurrent ? {} : { version: v.version }),
    });
  };

  const makeCurrent = async (v: FileVersionRowValue) => {
    if (!iuid) return;
    try {
      await setCurrent.mutateAsync({ iuid, version: v.version });
      void message.success(t('versions.madeCurrent', { version: v.version }));
    } catch {
      /* toasted */
    }
  };

  const confirmDelete = (v: FileVersionRowValue) => {
    if (!iuid) return;
    confirm({
      content: t('versions.confirmDelete', { version: v.version }),
      action: () => remove.mutateAsync({ iuid, version: v.version }),
      success: t('common:msg.deleted'),
    });
  };

  const columns: TableProps<FileVersionRowValue>['columns'] = [
    {
      title: t('versions.version'),
      key: 'version',
      width: 120,
      render: (_: unknown, v) => (
        <Space size={6}>
          <Typography.Text strong>V{v.version}</Typography.Text>
          {v.isCurrent && <Tag color="blue">{t('versions.current')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('versions.fileName'),
      key: 'fileName',
      dataIndex: 'fileName',
      ellipsis: true,
    },
    { title: t('versions.size'), key: 'fileSize', dataIndex: 'fileSize', width: 90 },
    {
      title: t('versions.uploader'),
      key: 'uploaderName',
      dataIndex: 'uploaderName',
      width: 90,
      ellipsis: true,
    },
    {
      title: t('versions.time'),
      key: 'createTime',
      dataIndex: 'createTime',
      width: 165,
      render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text>,
    },
    {
      title: t('versions.status'),
      key: 'status',
      width: 130,
      render: (_: unknown, v) => (
        <ConversionStatus
          statusType={v.statusType}
          fileType={FileKind.file}
          progress={v.progress}
          statusMsg={v.statusMsg}
        />
      ),
    },
    {
      title: t('common:table.actions'),
      key: 'actions',
      width: 140,
      render: (_: unknown, v) => (
        <Space size={2}>
          <RowAction
            tip={t('common:action.preview')}
            icon={<EyeOutlined />}
            onClick={() => previewVersion(v)}
          />
          <RowAction
            tip={t('common:action.download')}
            icon={<DownloadOutlined />}
            onClick={() => void download(v)}
          />
          {canEdit && (
            <RowAction
              tip={t('versions.setCurrent')}
              icon={<HistoryOutlined />}
              disabled={v.isCurrent}
              onClick={() => void makeCurrent(v)}
            />
          )}
          {canEdit && (
            <RowAction
              tip={v.isCurrent ? t('versions.currentNoDelete') : t('common:action.delete')}
              label={t('common:action.delete')}
              icon={<DeleteOutlined />}
              danger
              disabled={v.isCurrent}
              onClick={() => confirmDelete(v)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <DraggableModal
      resizable
      open={!!file}
      title={t('versions.title', { name: file?.fileName ?? '' })}
      width={900}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="versions-dialog">
        <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
          <Typography.Text type="secondary">{t('versions.hint')}</Typography.Text>
          {canEdit && (
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              loading={!!pending}
              onClick={() => picker.current?.click()}
            >
              {t('versions.upload')}
            </Button>
          )}
        </Space>
        {pending && (
          <Progress
            data-testid="version-upload-progress"
            percent={pending.phase === 'running' ? Math.floor(pending.progress ?? 0) : 0}
            status={pending.phase === 'running' ? 'active' : 'normal'}
            size="small"
            style={{ marginBottom: 12 }}
          />
        )}
        <input
          ref={picker}
          data-testid="version-input"
          type="file"
          hidden
          accept={acceptFor(file?.fileSuffix ?? '')}
          onChange={onChosen}
        />
        <Table<FileVersionRowValue>
          rowKey="version"
          size="small"
          columns={columns}
          dataSource={versions.data?.list ?? []}
          loading={versions.isLoading}
          pagination={false}
          onRow={(v) => ({ 'data-version': v.version }) as HTMLAttributes<HTMLElement>}
        />
      </div>
    </DraggableModal>
  );
}
