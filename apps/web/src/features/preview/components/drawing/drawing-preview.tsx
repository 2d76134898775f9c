/**
 * The 2D drawing viewer (issue 13 "2D drawings"; spec 001 §2 preview overlay) for DWG and DXF files,
 * drawn by dxf-viewer (three.js, WebGL) from the derived ASCII DXF. Tabs under the drawing switch
 * between model space and each paper-space layout (layout-view.ts: the sheet, model space through
 * its viewports, the layout's own entities). Pan with the left button or one finger, zoom with the wheel or two fingers
 * (pinch), 适应窗口 fits the drawing; a layer list switches layers on and off (layers off in the
 * drawing start off, frozen ones are not drawn); the background switches between white and black
 * (entity colours that would vanish are inverted); 测距 measures the distance
 * between two clicked points in drawing units. Text is drawn with the CJK font served at
 * DRAWING_FONT_URL, so Chinese TEXT/MTEXT never shows as boxes. Parsing runs in a web worker.
 * Loaded lazily (its own chunk, with dxf-viewer and three.js) by preview-body.tsx.
 *
 * This module composes the parts and switches layers, background and fit on whichever viewer is
 * shown: use-drawing-viewer.ts (model space, loading), use-layout-view.ts (a layout),
 * use-measure-tool.ts and measure-overlay.tsx (测距), drawing-toolbar.tsx, drawing-layer-panel.tsx,
 * drawing-status.tsx (progress and errors), drawing-background.ts (the remembered background).
 */
import { Tabs, theme } from 'antd';
import { useCallback, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { BG, storeBackground, storedBackground, type Background } from './drawing-background.ts';
import { DrawingLayerPanel } from './drawing-layer-panel.tsx';
import { LayoutStatus, LoadStatus } from './drawing-status.tsx';
import { DrawingToolbar } from './drawing-toolbar.tsx';
import { MeasureOverlay } from './measure-overlay.tsx';
import { useDrawingViewer } from './use-drawing-viewer.ts';
import { useLayoutView } from './use-layout-view.ts';
import { useMeasureTool } from './use-measure-tool.ts';
import '../../i18n.ts';

/** Props of DrawingPreview. */
export interface DrawingPreviewProps {
  /** Signed URL of the derived ASCII DXF. */
  url: string;
  /** The drawing's paper-space layouts in tab order (PreviewInfo.drawingLayouts). */
  layouts?: readonly string[];
  /** Phone layout: icon-only toolbar, layer list closed at first and floating over the drawing. */
  compact?: boolean;
}

/** The drawing viewer of one DWG/DXF (issue 13). */
export function DrawingPreview({ url, layouts = [], compact }: DrawingPreviewProps): ReactElement {
  const { t } = useTranslation('preview');
  const { token } = theme.useToken();
  const measure = useMeasureTool();
  const { hostRef, viewerRef, load, layers, setLayers, missingChars } = useDrawingViewer(url, measure.pick);
  const ready = load.phase === 'done';
  /** The layout shown (null: model space). */
  const [space, setSpace] = useState<string | null>(null);
  const { layoutHostRef, layoutRef, layoutState } = useLayoutView(url, ready, space, viewerRef);
  const [layersOpen, setLayersOpen] = useState(!compact);
  const [background, setBackground] = useState<Background>(storedBackground);

  const fit = useCallback(() => {
    if (layoutRef.current) return layoutRef.current.fit();
    const viewer = viewerRef.current;
    const bounds = viewer?.GetBounds();
    if (!viewer || !bounds) return;
    const o = viewer.GetOrigin();
    viewer.FitView(bounds.minX - o.x, bounds.maxX - o.x, bounds.minY - o.y, bounds.maxY - o.y);
  }, [layoutRef, viewerRef]);

  const showLayer = (name: string, visible: boolean) => {
    if (layoutRef.current) layoutRef.current.showLayer(name, visible);
    else viewerRef.current?.ShowLayer(name, visible);
    setLayers((list) => list.map((l) => (l.name === name ? { ...l, visible } : l)));
  };
  const showAll = (visible: boolean) => {
    for (const l of layers)
      if (layoutRef.current) layoutRef.current.showLayer(l.name, visible);
      else viewerRef.current?.ShowLayer(l.name, visible);
    setLayers((list) => list.map((l) => ({ ...l, visible })));
  };

  const switchBackground = () => {
    const next: Background = background === 'white' ? 'black' : 'white';
    setBackground(next);
    storeBackground(next);
    viewerRef.current?.SetClearColor(BG[next]);
    layoutRef.current?.setBackground(next, BG[next]);
    const viewer = viewerRef.current;
    if (viewer)
      setLayers((list) => {
        const colors = new Map([...viewer.GetLayers()].map((l) => [l.name, l.color]));
        return list.map((l) => ({ ...l, color: colors.get(l.name) ?? l.color }));
      });
  };

  const chooseSpace = (key: string) => {
    measure.stop();
    setSpace(key || null);
  };

  return (
    <div
      data-testid="drawing-preview"
      data-state={load.phase}
      data-background={background}
      data-missing-chars={missingChars}
      style={{ height: '100%', display: 'flex', flexDirection: 'column', background: token.colorBgContainer }}
    >
      <DrawingToolbar
        ready={ready}
        compact={compact}
        space={space}
        layersOpen={layersOpen}
        measuring={measure.measuring}
        measurePoints={measure.points.length}
        length={measure.length}
        background={background}
        onFit={fit}
        onToggleLayers={() => setLayersOpen((o) => !o)}
        onToggleMeasure={measure.toggle}
        onSwitchBackground={switchBackground}
      />
      <div style={{ flex: 1, minHeight: 0, display: 'flex', position: 'relative' }}>
        <div style={{ flex: 1, minWidth: 0, position: 'relative' }}>
          {/* dxf-viewer makes its container position: relative, so the container fills a positioned box. */}
          <div style={{ position: 'absolute', inset: 0 }}>
            <div
              ref={hostRef}
              data-testid="drawing-canvas"
              style={{
                width: '100%',
                height: '100%',
                cursor: measure.measuring ? 'crosshair' : 'grab',
                // One and two fingers pan and pinch the drawing, not the page.
                touchAction: 'none',
              }}
            />
          </div>
          {/* A layout's own viewer (transparent) lies over the model's and takes the pointer. */}
          <div
            style={{ position: 'absolute', inset: 0, pointerEvents: space ? 'auto' : 'none', cursor: 'grab' }}
            hidden={!space}
          >
            <div
              ref={layoutHostRef}
              data-testid="drawing-layout"
              data-space={space ?? ''}
              data-state={space ? layoutState.phase : 'none'}
              data-viewports={layoutState.viewports}
              style={{ width: '100%', height: '100%', touchAction: 'none' }}
            />
          </div>
          {space && layoutState.phase !== 'done' && <LayoutStatus phase={layoutState.phase} />}
          <MeasureOverlay
            viewer={viewerRef.current}
            ready={ready}
            points={measure.points}
            background={background}
          />
          <LoadStatus load={load} />
        </div>
        {/* Shown while loading too, so the canvas keeps its size once the drawing is fitted. */}
        {layersOpen && (
          <DrawingLayerPanel layers={layers} compact={compact} onShow={showLayer} onShowAll={showAll} />
        )}
      </div>
      {layouts.length > 0 && (
        <Tabs
          size="small"
          tabPosition="bottom"
          activeKey={space ?? ''}
          onChange={chooseSpace}
          aria-label={t('drawing.spaces')}
          data-testid="drawing-spaces"
          tabBarStyle={{ margin: 0, padding: '0 12px' }}
          items={[
            { key: '', label: t('drawing.modelTab') },
            ...layouts.map((n) => ({ key: n, label: n })),
          ].map((i) => ({ ...i, disabled: !ready }))}
        />
      )}
    </div>
  );
}
