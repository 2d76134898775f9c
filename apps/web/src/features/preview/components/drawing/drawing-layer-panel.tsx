/**
 * The 2D drawing viewer's layer list (issue 13 "2D drawings": layers on and off; spec 001 §2 preview
 * overlay): the layer count with 全开 / 全关, then one row per layer with its checkbox, its
 * colour swatch (as drawn on the current background) and its name. Beside the drawing on a desktop;
 * on a phone (`compact`) it floats over the drawing's right side.
 */
import { Button, Checkbox, theme } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayerRow } from './use-drawing-viewer.ts';
import '../../i18n.ts';

/** Props of DrawingLayerPanel. */
export interface DrawingLayerPanelProps {
  layers: readonly LayerRow[];
  /** Float over the drawing (phone layout). */
  compact?: boolean;
  /** Switch one layer on or off. */
  onShow: (name: string, visible: boolean) => void;
  /** Switch every layer on or off. */
  onShowAll: (visible: boolean) => void;
}

/** The layer list. */
export function DrawingLayerPanel({
  layers,
  compact,
  onShow,
  onShowAll,
}: DrawingLayerPanelProps): ReactElement {
  const { t } = useTranslation('preview');
  const { token } = theme.useToken();
  return (
    <aside
      data-testid="drawing-layers"
      data-layer-count={layers.length}
      aria-label={t('drawing.layers')}
      style={{
        width: compact ? 'min(260px, 80%)' : 260,
        borderLeft: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
        display: 'flex',
        flexDirection: 'column',
        ...(compact
          ? { position: 'absolute', right: 0, top: 0, bottom: 0, boxShadow: token.boxShadowSecondary }
          : {}),
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '8px 12px',
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <strong>{t('drawing.layerCount', { count: layers.length })}</strong>
        <span style={{ display: 'flex', gap: 4 }}>
          <Button size="small" type="link" onClick={() => onShowAll(true)}>
            {t('drawing.allOn')}
          </Button>
          <Button size="small" type="link" onClick={() => onShowAll(false)}>
            {t('drawing.allOff')}
          </Button>
        </span>
      </div>
      <div style={{ overflow: 'auto', flex: 1, padding: '4px 0' }}>
        {layers.map((l) => (
          <label
            key={l.name}
            data-testid="drawing-layer"
            data-layer={l.name}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '3px 12px',
              cursor: 'pointer',
            }}
          >
            <Checkbox checked={l.visible} onChange={(e) => onShow(l.name, e.target.checked)} />
            <span
              aria-hidden
              style={{
                width: 12,
                height: 12,
                flex: 'none',
                borderRadius: 2,
                border: `1px solid ${token.colorBorder}`,
                background: `#${l.color.toString(16).padStart(6, '0')}`,
              }}
            />
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {l.displayName || l.name}
            </span>
          </label>
        ))}
      </div>
    </aside>
  );
}
