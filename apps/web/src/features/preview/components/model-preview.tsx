/**
 * Model preview (spec 001 §2 "Model and iBIM types: an embedded model viewer, when 3D graphics are
 * supported"; 001 §4 "A model file is previewable only when status is 3; otherwise the warning
 * 文件未转换完毕，请稍后查看 appears" — while queued or converting; a failed one shows 转换失败 with its
 * reason and a download button). The 3D viewer bundle is loaded lazily.
 */
import { Alert, Button, Result, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useEffect, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawingLinkValue, PreviewInfoValue } from '@bimdrive/contracts';
import { modelState } from '../lib/preview-rules.ts';
import { hasWebGL } from '../lib/webgl.ts';
import { modelCanvasRect } from '../lib/layout.ts';
import { saveUrl } from '../../../lib/download.ts';
import { prefetch } from '../../../lib/prefetch.ts';
import { firstFrameModule } from '../lib/preload-model.ts';
import { moduleLoader, useLoadedModule, useRequiredModule } from '../../../lib/module-loader.ts';
import { ViewerBoundary } from './viewer-boundary.tsx';
import { FailedState, PendingState } from './conversion-state.tsx';
import { toolbarBandStyle, VIEWER_BACKGROUND, VIEWER_TOOLBAR_HEIGHT } from '../../viewer/lib/layout.ts';
import { DrawingPane } from './drawing-links/drawing-pane.tsx';
import { LinkedDrawings } from './drawing-links/linked-drawings.tsx';
import '../i18n.ts';

/** Narrower than this (CSS px), a linked drawing opens below the model instead of beside it. */
const NARROW_SPLIT_PX = 768;

/** Props of the viewer feature's ModelViewer (its documented interface). */
interface ModelViewerProps {
  kind: 'fragments' | 'glb';
  url: string;
  compact?: boolean;
  onFirstFrame?: () => void;
  onError?: (message: string) => void;
}

// The one deliberate cross-feature import: the shared 3D rendering component of the viewer feature,
// loaded lazily so the 3D bundle is fetched only for models. (Through a glob while the viewer is being
// written, so this feature compiles on its own.)
const viewerModules = import.meta.glob<{ ModelViewer: ComponentType<ModelViewerProps> }>(
  '../../viewer/components/model-viewer.tsx',
);
const modelViewer = moduleLoader(async () => {
  const load = Object.values(viewerModules)[0];
  if (!load) throw new Error('3D viewer is not available');
  return (await load()).ModelViewer;
});

/** The full viewer once its code is there (a spinner meanwhile); a failed load throws to ViewerBoundary. */
function LoadedModelViewer(props: ModelViewerProps): ReactElement {
  const { t } = useTranslation('preview');
  const ModelViewer = useRequiredModule(modelViewer);
  return ModelViewer ? (
    <ModelViewer {...props} />
  ) : (
    <div style={fill}>
      <Spin size="large" description={t('loading')} />
    </div>
  );
}

/** Props of ModelPreview. */
export interface ModelPreviewProps {
  info: PreviewInfoValue;
  /** Use the viewer's compact chrome (phones, share visitors). */
  compact?: boolean;
  /** The signed-in user's preview: linked drawings (001 §2 link-drawing dialog) can be listed and linked. */
  drawingLinks?: boolean;
  /** The overlay's name and buttons, at the right end of the viewer's toolbar (no header bar, 001 §2). */
  headerActions?: ReactNode;
}

const fill = {
  height: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 16,
} as const;

/**
 * The 3D model of a converted file, or why it cannot be shown yet (001 §2, §4). An IFC model with a
 * preview GLB is first drawn still (ModelFirstFrame); the full viewer starts once that picture is up
 * (the two would otherwise share the CPU) and replaces it when it has drawn the model itself.
 */
export function ModelPreview({
  info,
  compact,
  drawingLinks,
  headerActions,
}: ModelPreviewProps): ReactElement {
  const { t } = useTranslation('preview');
  const [drawing, setDrawing] = useState<DrawingLinkValue | null>(null);
  const narrow = !!compact || (typeof window !== 'undefined' && window.innerWidth < NARROW_SPLIT_PX);
  const [viewerError, setViewerError] = useState<{ url: string; message: string } | null>(null);
  const state = modelState(info);
  const readyUrl = state.kind === 'ready' ? state.url : null;
  const quickUrl = readyUrl && hasWebGL() ? info.previewGlbUrl : null;
  // Per URL, so a different file starts over: 'drawing' → 'drawn' → 'replaced', or 'failed'.
  const [quick, setQuick] = useState<{ url: string; phase: 'drawn' | 'replaced' | 'failed' } | null>(null);
  const quickPhase = !quickUrl ? 'failed' : quick?.url === quickUrl ? quick.phase : 'drawing';
  // The still frame's code (plain three.js, much smaller than the full viewer's), shown once there.
  const loaded = useLoadedModule(firstFrameModule, quickPhase === 'drawing');
  const firstFrame = loaded instanceof Error ? null : loaded;
  // When the still frame's code cannot load, the full viewer shows alone.
  const fullStarts = quickPhase !== 'drawing' || loaded instanceof Error;
  // Download the preview, then the model once the still frame is up, while the viewers' code loads.
  useEffect(() => {
    if (quickUrl) prefetch(quickUrl);
  }, [quickUrl]);
  // A fragments model also starts loading in its worker now, while the viewer's code downloads and
  // starts (the viewer takes the load over; issue 17).
  const fragmentsModel = info.previewKind !== 'glb';
  useEffect(() => {
    if (!readyUrl || !fullStarts || !hasWebGL()) return;
    if (!fragmentsModel) return prefetch(readyUrl);
    prefetch(readyUrl);
    let live = true;
    const preload = import('../../viewer/lib/fragments-preload.ts');
    const size = modelCanvasRect(); // the viewer's canvas, as the still frame's
    void preload.then((m) => live && m.startFragmentsLoad(readyUrl, size));
    return () => {
      live = false;
      // Unless the viewer took it over, the worker goes with the preview.
      void preload.then((m) => m.dropFragmentsLoad(readyUrl));
    };
  }, [readyUrl, fullStarts, fragmentsModel]);
  const originalUrl = info.canDownload ? info.originalUrl : null;
  const download = originalUrl && (
    <Button key="dl" icon={<DownloadOutlined />} onClick={() => saveUrl(originalUrl, info.fileName)}>
      {t('download')}
    </Button>
  );

  if (state.kind === 'pending')
    return <PendingState statusType={info.statusType} progress={info.progress} testId="model-pending" />;
  if (state.kind === 'failed')
    return (
      <FailedState
        reason={state.reason}
        fileName={info.fileName}
        downloadUrl={originalUrl}
        testId="model-failed"
      />
    );
  if (state.kind === 'missing')
    return (
      <div style={fill}>
        <Result status="error" title={t('modelMissing')} extra={download || undefined} />
      </div>
    );
  if (!hasWebGL())
    return (
      <div style={fill} data-testid="model-no-webgl">
        <Result
          status="warning"
          title={t('noWebgl')}
          subTitle={t('noWebglHint')}
          extra={download || undefined}
        />
      </div>
    );
  if (viewerError?.url === state.url)
    return (
      <div style={fill}>
        <Alert type="error" showIcon title={t('modelError', { message: viewerError.message })} />
      </div>
    );
  const fullViewer = fullStarts && (
    <ViewerBoundary
      key={state.url}
      fallback={(message) => (
        <div style={fill}>
          <Alert type="error" showIcon title={t('modelError', { message })} />
        </div>
      )}
    >
      <LoadedModelViewer
        key={state.url}
        kind={info.previewKind === 'glb' ? 'glb' : 'fragments'}
        url={state.url}
        compact={compact}
        onFirstFrame={() => quickUrl && setQuick({ url: quickUrl, phase: 'replaced' })}
        onError={(message) => setViewerError({ url: state.url, message })}
      />
    </ViewerBoundary>
  );
  const showQuick =
    quickUrl && !(loaded instanceof Error) && (quickPhase === 'drawing' || quickPhase === 'drawn');
  // One stable tree, so the full viewer is not remounted when the still frame goes away (or a drawing
  // opens beside it: the model keeps its place as the first child).
  return (
    <div style={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', height: '100%' }}>
      <div style={{ position: 'relative', flex: 1, minWidth: 0, minHeight: 0 }}>
        {fullViewer}
        {(drawingLinks || headerActions) && (
          <div
            style={{
              position: 'absolute',
              top: 0,
              right: 8,
              height: VIEWER_TOOLBAR_HEIGHT - 1,
              zIndex: 3,
              display: 'flex',
              alignItems: 'center',
              gap: 4,
              maxWidth: 'calc(100% - 16px)',
            }}
          >
            {drawingLinks && <LinkedDrawings modelIuid={info.iuid} canLink onOpen={setDrawing} />}
            {headerActions}
          </div>
        )}
        {showQuick && (
          // The picture sits where the full viewer's canvas will be (below its toolbar, shown here as an
          // empty bar), so nothing moves at the swap.
          <div style={{ position: 'absolute', inset: 0, zIndex: 2, background: VIEWER_BACKGROUND }}>
            <div style={toolbarBandStyle} />
            <div style={{ position: 'absolute', inset: `${VIEWER_TOOLBAR_HEIGHT}px 0 0 0` }}>
              {firstFrame ? (
                <firstFrame.ModelFirstFrame
                  url={quickUrl}
                  onDrawn={() => setQuick({ url: quickUrl, phase: 'drawn' })}
                  onError={() => setQuick({ url: quickUrl, phase: 'failed' })}
                />
              ) : (
                <div style={fill}>
                  <Spin size="large" description={t('loading')} />
                </div>
              )}
              {quickPhase === 'drawn' && (
                <div style={{ position: 'absolute', left: 0, right: 0, bottom: 16, textAlign: 'center' }}>
                  <Spin size="small" />{' '}
                  <span style={{ marginLeft: 8, color: '#595959' }}>{t('loadingFull')}</span>
                </div>
              )}
            </div>
          </div>
        )}
      </div>
      {drawing && (
        <div
          style={{
            flex: 1,
            minWidth: 0,
            minHeight: 0,
            borderLeft: narrow ? undefined : '1px solid #f0f0f0',
            borderTop: narrow ? '1px solid #f0f0f0' : undefined,
          }}
        >
          <DrawingPane
            key={drawing.iuid}
            drawing={drawing}
            compact={narrow}
            onClose={() => setDrawing(null)}
          />
        </div>
      )}
    </div>
  );
}
