/**
 * Status cell of a file row (spec 001 §4): 排队中, 转换中 with its percent, 转换完成, 转换失败 with the
 * reason in a tooltip; folders '-', files without conversion 无需转换. The percent bar is drawn like
 * antd's small line Progress (48 × 4 px) without loading it (issue 17 "Weight and speed").
 */
import { Tooltip } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { statusDisplay } from './status-label.ts';
import { serverText } from '../lib/server-messages.ts';
import './conversion-status.css';
import { LightBadge } from './light/light-badge.tsx';

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
        <LightBadge status="processing" text={`${label} ${d.percent ?? 0}%`} />
        <span
          className="conversion-bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={d.percent ?? 0}
        >
          <span style={{ width: `${Math.min(100, Math.max(0, d.percent ?? 0))}%` }} />
        </span>
      </span>
    );
  const badge = (
    <LightBadge
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
