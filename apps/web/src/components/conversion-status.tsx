/**
 * Status cell of a file row (spec 001 §4): 排队中, 转换中 with its percent, 转换完成, 转换失败 with the
 * reason in a tooltip; folders '-', files without conversion 无需转换.
 */
import { Badge, Progress, Tooltip } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { statusDisplay } from './status-label.ts';
import { serverText } from '../lib/server-messages.ts';

/** Props of ConversionStatus. */
export interface ConversionStatusProps {
  statusType: number;
  fileType: number;
  progress: number;
  statusMsg: string;
}

/** Live conversion status of one row. */
export function ConversionStatus({
  statusType,
  fileType,
  progress,
  statusMsg,
}: ConversionStatusProps): ReactElement {
  const { t } = useTranslation('common');
  const d = statusDisplay(statusType, fileType, progress);
  if (d.key === 'none') return <span style={{ color: '#bfbfbf' }}>{t('status.none')}</span>;
  const label = t(`status.${d.key}`);
  if (d.key === 'converting')
    return (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, whiteSpace: 'nowrap' }}>
        <Badge status="processing" text={`${label} ${d.percent ?? 0}%`} />
        <Progress
          percent={d.percent ?? 0}
          size={[48, 4]}
          showInfo={false}
          style={{ margin: 0, lineHeight: 1 }}
        />
      </span>
    );
  const badge = (
    <Badge
      status={d.tone}
      text={<span style={d.key === 'notNeeded' ? { color: '#8c8c8c' } : undefined}>{label}</span>}
    />
  );
  if (d.key === 'failed' && statusMsg)
    return (
      <Tooltip title={serverText(statusMsg)}>
        <span style={{ cursor: 'help' }}>{badge}</span>
      </Tooltip>
    );
  return badge;
}
