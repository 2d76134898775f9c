/**
 * What a preview shows while its file is not viewable yet (spec 001 §4 statuses; 001 §8
 * 文件未转换完毕，请稍后查看): queued or converting with live progress, or failed with the server's reason
 * and a download button (issue 13/14: a failed file never says it will finish one day).
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Progress, Result, Spin } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { saveUrl } from '../../../lib/download.ts';
import '../i18n.ts';
import { serverText } from '../../../lib/server-messages.ts';

const fill = {
  height: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 16,
} as const;

/** Props of PendingState. */
export interface PendingStateProps {
  /** 1 queued, 2 converting (001 §4); other values show no status line. */
  statusType: number;
  /** Progress 0–100 while converting. */
  progress: number;
  /** Test id of the card (default `conversion-pending`). */
  testId?: string;
}

/** Queued or converting: spinner, 文件未转换完毕，请稍后查看, status and progress (001 §4, §8). */
export function PendingState({ statusType, progress, testId }: PendingStateProps): ReactElement {
  const { t } = useTranslation('preview');
  const status = statusType === 1 ? 'queued' : statusType === 2 ? 'converting' : null;
  return (
    <div style={fill} data-testid={testId ?? 'conversion-pending'}>
      <Result
        status="info"
        icon={<Spin size="large" />}
        title={t('notConverted')}
        subTitle={
          <>
            {status && `${t(`status.${status}`)} · ${t('publishing')}`}
            {status === 'converting' && progress > 0 && (
              <Progress percent={progress} size="small" style={{ maxWidth: 280, margin: '8px auto 0' }} />
            )}
          </>
        }
      />
    </div>
  );
}

/** Props of FailedState. */
export interface FailedStateProps {
  /** The server's reason (statusMsg), '' when unknown. */
  reason: string;
  fileName: string;
  /** Signed download URL of the original; null when downloads are not allowed. */
  downloadUrl: string | null;
  /** Test id of the card (default `conversion-failed`). */
  testId?: string;
}

/** 转换失败 with the reason and, when allowed, a 下载 button for the original. */
export function FailedState({ reason, fileName, downloadUrl, testId }: FailedStateProps): ReactElement {
  const { t } = useTranslation('preview');
  return (
    <div style={fill} data-testid={testId ?? 'conversion-failed'}>
      <Result
        status="warning"
        title={t('status.failed')}
        subTitle={reason ? t('failedReason', { reason: serverText(reason) }) : t('failedUnknown')}
        extra={
          downloadUrl ? (
            <Button type="primary" icon={<DownloadOutlined />} onClick={() => saveUrl(downloadUrl, fileName)}>
              {t('download')}
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
