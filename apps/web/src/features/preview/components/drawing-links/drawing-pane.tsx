/**
 * A linked drawing beside the 3D model (issue 13 split view): its name and 关闭 on top, then the drawing
 * viewer (dxf-viewer, lazily loaded) of its derived DXF, or its conversion state (001 §4).
 */
import { CloseOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusType, type DrawingLinkValue } from '@bimdrive/contracts';
import { getPreviewInfo, previewQueryKeys } from '../../api/get-preview-info.ts';
import { POLL_INTERVAL_MS, shouldPoll } from '../../lib/preview-rules.ts';
import { LoadedDrawingPreview, viewerLoading } from '../loaded-viewers.tsx';
import { FailedState, PendingState } from '../conversion-state.tsx';
import '../../i18n.ts';

/** Props of DrawingPane. */
export interface DrawingPaneProps {
  drawing: DrawingLinkValue;
  compact?: boolean;
  onClose: () => void;
}

/** One linked drawing in the split view. */
export function DrawingPane({ drawing, compact, onClose }: DrawingPaneProps): ReactElement {
  const { t } = useTranslation('preview');
  const info = useQuery({
    queryKey: previewQueryKeys.owner(drawing.iuid),
    queryFn: ({ signal }) => getPreviewInfo(drawing.iuid, signal),
    refetchInterval: (q) => (shouldPoll(q.state.data) ? POLL_INTERVAL_MS : false),
  });
  const data = info.data;
  return (
    <div
      data-testid="drawing-pane"
      style={{ height: '100%', display: 'flex', flexDirection: 'column', background: '#fff' }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '4px 8px',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Typography.Text strong ellipsis style={{ flex: 1, minWidth: 0 }}>
          {drawing.fileName}
        </Typography.Text>
        <Button
          size="small"
          type="text"
          icon={<CloseOutlined />}
          aria-label={t('links.closePane')}
          onClick={onClose}
        />
      </div>
      <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>
        {!data ? (
          viewerLoading
        ) : data.statusType === StatusType.failed ? (
          <FailedState reason={data.statusMsg} fileName={data.fileName} downloadUrl={null} />
        ) : data.statusType !== StatusType.done || !data.viewUrl ? (
          <PendingState statusType={data.statusType} progress={data.progress} />
        ) : (
          <LoadedDrawingPreview url={data.viewUrl} layouts={data.drawingLayouts} compact={compact} />
        )}
      </div>
    </div>
  );
}
