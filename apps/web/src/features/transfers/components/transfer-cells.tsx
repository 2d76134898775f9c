/** The cells of the transfer panel's tables (spec 000 §2 File-transfer panel): name and status. */
import { formatFileSize, suffixOf } from '@bimdrive/contracts';
import { Progress, Tooltip, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../../components/file-icon.tsx';
import '../i18n.ts';
import { uploadStatus } from '../lib/transfer-logic.ts';
import type { DownloadRecord, UploadRecord } from '../stores/transfer-store.ts';

/** File name with its type icon, ellipsis with a tooltip. */
export function NameCell({ name }: { name: string }): ReactElement {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, maxWidth: '100%', minWidth: 0 }}>
      <FileIcon suffix={suffixOf(name)} size={16} />
      <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: '100%' }}>
        {name}
      </Typography.Text>
    </span>
  );
}

/** A small progress bar and the percent with one decimal. */
function Percent({ percent }: { percent: number }): ReactElement {
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Progress percent={percent} size="small" showInfo={false} style={{ width: 60, margin: 0 }} />
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{percent.toFixed(1)}%</span>
    </span>
  );
}

/** 状态 of an upload (000 §2): percent, 等待中..., 已暂停 n%, 完成 or 错误: msg. */
export function UploadStatusCell({ record }: { record: UploadRecord }): ReactElement {
  const { t } = useTranslation('transfers');
  const s = uploadStatus(record);
  switch (s.kind) {
    case 'error':
      return (
        <Typography.Text type="danger" ellipsis={{ tooltip: t('error', { msg: s.msg }) }}>
          {t('error', { msg: s.msg })}
        </Typography.Text>
      );
    case 'waiting':
      return <Typography.Text type="secondary">{t('waiting')}</Typography.Text>;
    case 'done':
      return <Typography.Text type="success">{t('done')}</Typography.Text>;
    case 'paused':
      return (
        <Tooltip title={record.needsFile ? t('needsFileHint') : undefined}>
          <Typography.Text
            type="warning"
            style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          >
            {t('paused')} {s.percent.toFixed(1)}%
          </Typography.Text>
        </Tooltip>
      );
    default:
      return <Percent percent={s.percent} />;
  }
}

/**
 * 状态 of a download (000 §2): 错误: msg, handed to the browser, 完成, percent, bytes so far, or
 * 等待中....
 */
export function DownloadStatusCell({ record }: { record: DownloadRecord }): ReactElement {
  const { t } = useTranslation('transfers');
  if (record.errorMsg)
    return (
      <Typography.Text type="danger" ellipsis={{ tooltip: t('error', { msg: record.errorMsg }) }}>
        {t('error', { msg: record.errorMsg })}
      </Typography.Text>
    );
  if (record.native) return <Typography.Text type="secondary">{t('nativeDownload')}</Typography.Text>;
  if (record.phase === 'done') return <Typography.Text type="success">{t('done')}</Typography.Text>;
  if (record.progress !== null) return <Percent percent={Math.floor(record.progress * 10) / 10} />;
  if (record.loaded > 0) return <span>{formatFileSize(record.loaded)}</span>;
  return <Typography.Text type="secondary">{t('waiting')}</Typography.Text>;
}
