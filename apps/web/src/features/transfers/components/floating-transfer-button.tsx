/**
 * Draggable floating transfer button (spec 000 §2 Top bar): shows a dot while uploads are in progress;
 * a click (not a drag) opens the transfer panel. Visible while the panel is minimised or closed and
 * there are transfers to look at, and hidden while a preview is open. While a dialog opened over the
 * shown panel is open it stands in for the panel, above the dialog's mask (issue 17; transfer-center.tsx).
 */
import { CloudUploadOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useDraggable } from '../../../lib/use-draggable.ts';
import { usePreview } from '../../../stores/preview-store.ts';
import '../i18n.ts';
import { TRANSFER_Z_INDEX } from '../hooks/use-open-dialogs.ts';
import { isInProgress } from '../lib/transfer-logic.ts';
import { useTransfers } from '../stores/transfer-store.ts';
import { LightBadge } from '../../../components/light/light-badge.tsx';

const SIZE = 48;

/**
 * The floating transfer button; `standsIn`: the shown panel gives way to a dialog, the button shows
 * (even with no transfers, but not over a preview) so the panel can be brought over the dialog.
 */
export function FloatingTransferButton({ standsIn }: { standsIn: boolean }): ReactElement | null {
  const { t } = useTranslation('transfers');
  const panel = useTransfers((s) => s.panel);
  const hasRecords = useTransfers((s) => s.uploads.length > 0 || s.downloads.length > 0);
  const busy = useTransfers((s) => s.uploads.some(isInProgress));
  const setPanel = useTransfers((s) => s.setPanel);
  // The preview overlay covers the page; the button would sit on the viewer's properties panel.
  const previewing = usePreview((s) => s.file !== null);
  const drag = useDraggable(() => ({ x: window.innerWidth - SIZE - 28, y: window.innerHeight - SIZE - 96 }));
  if (previewing || (!standsIn && (panel === 'shown' || !hasRecords))) return null;
  return (
    <div
      data-draggable-root
      data-testid="floating-transfer-button"
      style={{
        position: 'fixed',
        left: drag.position.x,
        top: drag.position.y,
        zIndex: TRANSFER_Z_INDEX,
        touchAction: 'none',
      }}
    >
      <Tooltip title={t('title')} placement="left">
        <LightBadge dot={busy} offset={[-6, 6]} data-testid="floating-transfer-badge">
          <button
            type="button"
            aria-label={t('title')}
            onPointerDown={drag.onPointerDown}
            onClick={() => {
              if (!drag.wasDragged()) setPanel('shown');
            }}
            style={{
              width: SIZE,
              height: SIZE,
              borderRadius: '50%',
              border: 'none',
              cursor: 'grab',
              color: '#fff',
              fontSize: 22,
              background: 'linear-gradient(135deg, #4096ff, #1677ff)',
              boxShadow: '0 6px 16px rgba(22,119,255,.35)',
            }}
          >
            <CloudUploadOutlined />
          </button>
        </LightBadge>
      </Tooltip>
    </div>
  );
}
