/**
 * The 2D drawing viewer's progress and failure overlays (issue 13 "2D drawings"; spec 001 §2 preview
 * overlay, §4 status texts), laid over the canvas: the drawing's load (a spinner with the phase and
 * its percent, or the error — with a browser hint when there is no WebGL) and a layout's (a spinner,
 * or a warning that it could not be drawn).
 */
import { Alert, Progress, Spin, theme } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_WEBGL, type DrawingLoad } from './use-drawing-viewer.ts';
import type { LayoutState } from './use-layout-view.ts';
import '../../i18n.ts';

/** The drawing's load: nothing once drawn, else its progress or its error over the canvas. */
export function LoadStatus({ load }: { load: DrawingLoad }): ReactElement | null {
  const { t } = useTranslation('preview');
  const { token } = theme.useToken();
  if (load.phase === 'done') return null;
  if (load.phase === 'error')
    return (
      <div style={{ position: 'absolute', inset: 0, padding: 24 }}>
        <Alert
          type="error"
          showIcon
          message={load.error === NO_WEBGL ? t('noWebgl') : t('drawing.loadFailed')}
          description={load.error === NO_WEBGL ? t('noWebglHint') : load.error}
          data-testid="drawing-error"
        />
      </div>
    );
  return (
    <div
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        background: token.colorBgContainer,
      }}
    >
      <Spin />
      <span style={{ color: token.colorTextSecondary }}>{t(`drawing.phase.${load.phase}`)}</span>
      {load.percent !== null && <Progress percent={load.percent} size="small" style={{ width: 200 }} />}
    </div>
  );
}

/** A layout still loading (spinner) or failed (warning); the caller shows it only then. */
export function LayoutStatus({ phase }: { phase: LayoutState['phase'] }): ReactElement {
  const { t } = useTranslation('preview');
  return (
    <div
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        pointerEvents: 'none',
      }}
    >
      {phase === 'loading' ? (
        <>
          <Spin />
          <span>{t('drawing.layoutLoading')}</span>
        </>
      ) : (
        <Alert
          type="warning"
          showIcon
          message={t('drawing.layoutFailed')}
          data-testid="drawing-layout-error"
        />
      )}
    </div>
  );
}
