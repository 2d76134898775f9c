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
 */
import {
  AimOutlined,
  BgColorsOutlined,
  ColumnWidthOutlined,
  ExpandOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Alert, Button, Checkbox, Progress, Spin, Tabs, Tooltip, theme } from 'antd';
import { DxfViewer, type LayerInfo } from 'dxf-viewer';
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAWING_FONT_URL } from '@bimdrive/contracts';
import { distance, formatDistance, isClick, sceneToCanvas, type Point } from './drawing-geometry.ts';
import { fetchOffLayers } from './dxf-layers.ts';
import { readLayout } from './dxf-layouts.ts';
import { showLayout, type LayoutView } from './layout-view.ts';
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

/** One row of the layer list. */
interface LayerRow {
  name: string;
  displayName: string;
  /** RGB colour of the layer (after correction against the background). */
  color: number;
  visible: boolean;
}

/** User-timing mark set when the drawing's first frame is drawn (read by bench/drawings.ts). */
export const DRAWN_MARK = 'bimdrive:drawing-drawn';

/** `Load.error` when the browser has no WebGL (the texts say so and suggest a browser). */
const NO_WEBGL = 'no-webgl';

type Background = 'white' | 'black';
const BACKGROUND_KEY = 'bimdrive.drawing.background';
const BG: Record<Background, string> = { white: '#ffffff', black: '#000000' };

interface Load {
  phase: 'font' | 'fetch' | 'parse' | 'prepare' | 'done' | 'error';
  percent: number | null;
  error?: string;
}

interface Measure {
  points: Point[];
}

function storedBackground(): Background {
  try {
    return localStorage.getItem(BACKGROUND_KEY) === 'black' ? 'black' : 'white';
  } catch {
    return 'white';
  }
}

/** dxf-viewer's pointer event detail. */
interface PointerDetail {
  domEvent: PointerEvent;
  canvasCoord: Point;
  position: Point;
}

/** The drawing viewer of one DWG/DXF (issue 13). */
export function DrawingPreview({ url, layouts = [], compact }: DrawingPreviewProps): ReactElement {
  const { t } = useTranslation('preview');
  const { token } = theme.useToken();
  const hostRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<DxfViewer | null>(null);
  const layoutHostRef = useRef<HTMLDivElement>(null);
  const layoutRef = useRef<LayoutView | null>(null);
  /** The layout shown (null: model space) and how far it is. */
  const [space, setSpace] = useState<string | null>(null);
  const [layoutState, setLayoutState] = useState<{ phase: 'loading' | 'done' | 'error'; viewports: number }>({
    phase: 'done',
    viewports: 0,
  });
  const [load, setLoad] = useState<Load>({ phase: 'fetch', percent: null });
  const [layers, setLayers] = useState<LayerRow[]>([]);
  const [layersOpen, setLayersOpen] = useState(!compact);
  const [background, setBackground] = useState<Background>(storedBackground);
  const [measuring, setMeasuring] = useState(false);
  const [measure, setMeasure] = useState<Measure>({ points: [] });
  /** dxf-viewer found characters no font has (they would show as boxes). */
  const [missingChars, setMissingChars] = useState(false);
  const measuringRef = useRef(false);
  measuringRef.current = measuring;
  /** Bumped on every view change so the measure overlay follows pan and zoom. */
  const [, setViewTick] = useState(0);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let viewer: DxfViewer;
    try {
      viewer = new DxfViewer(host, {
        autoResize: true,
        antialias: true,
        colorCorrection: true,
        sceneOptions: { suppressPaperSpace: true },
      });
    } catch (err) {
      setLoad({ phase: 'error', percent: null, error: err instanceof Error ? err.message : String(err) });
      return;
    }
    if (!viewer.HasRenderer()) {
      // dxf-viewer logs and carries on without WebGL; every later call would throw.
      setLoad({ phase: 'error', percent: null, error: NO_WEBGL });
      viewer.Destroy();
      return;
    }
    viewerRef.current = viewer;
    viewer.SetClearColor(BG[storedBackground()]);
    let down: Point | null = null;
    const onDown = (e: { detail: PointerDetail }) => {
      down = e.detail.canvasCoord;
    };
    const onUp = (e: { detail: PointerDetail }) => {
      const start = down;
      down = null;
      if (!measuringRef.current || !start || e.detail.domEvent.button !== 0) return;
      if (!isClick(start, e.detail.canvasCoord)) return;
      const p = e.detail.position;
      setMeasure((m) => ({ points: m.points.length >= 2 ? [p] : [...m.points, p] }));
    };
    const onView = () => setViewTick((n) => n + 1);
    const onMessage = (e: { detail: { message: string } }) => {
      if (/missing fonts/i.test(e.detail.message)) setMissingChars(true);
    };
    viewer.Subscribe('message', onMessage);
    viewer.Subscribe('pointerdown', onDown);
    viewer.Subscribe('pointerup', onUp);
    viewer.Subscribe('viewChanged', onView);
    let alive = true;
    setLoad({ phase: 'fetch', percent: null });
    setLayers([]);
    setMissingChars(false);
    const absolute = new URL(url, window.location.href).href;
    // Layers switched off in the drawing start hidden, as CAD programs show them.
    const off = fetchOffLayers(absolute);
    viewer
      .Load({
        url: absolute,
        fonts: [new URL(DRAWING_FONT_URL, window.location.href).href],
        progressCbk: (phase, size, total) => {
          if (!alive) return;
          setLoad({ phase, percent: total > 0 ? Math.min(100, Math.round((size / total) * 100)) : null });
        },
        workerFactory: () =>
          new Worker(new URL('./dxf-viewer-worker.ts', import.meta.url), { type: 'module' }),
      })
      .then(async () => {
        const hidden = new Set(await off);
        if (!alive) return;
        for (const name of hidden) viewer.ShowLayer(name, false);
        setLayers(
          [...viewer.GetLayers()].map((l: LayerInfo) => ({
            name: l.name,
            displayName: l.displayName,
            color: l.color,
            visible: !hidden.has(l.name),
          })),
        );
        setLoad({ phase: 'done', percent: 100 });
        performance.mark(DRAWN_MARK); // Load ends with the first frame drawn (bench/drawings.ts)
      })
      .catch((err: unknown) => {
        if (!alive) return;
        setLoad({ phase: 'error', percent: null, error: err instanceof Error ? err.message : String(err) });
      });
    return () => {
      alive = false;
      viewerRef.current = null;
      viewer.Destroy();
    };
  }, [url]);

  const ready = load.phase === 'done';

  // A layout: its own viewer stacked over the model's, drawn with model space through its viewports.
  useEffect(() => {
    const model = viewerRef.current;
    const host = layoutHostRef.current;
    if (!ready || !space || !model || !host) return;
    let alive = true;
    let view: LayoutView | null = null;
    setLayoutState({ phase: 'loading', viewports: 0 });
    const absolute = new URL(url, window.location.href).href;
    void (async () => {
      try {
        const res = await fetch(absolute);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const layout = readLayout(await res.text(), space);
        if (!layout) throw new Error(space);
        if (!alive) return;
        const dark = storedBackground() === 'black';
        view = await showLayout(model, host, layout, {
          background: dark ? 'black' : 'white',
          sheetColor: BG[dark ? 'black' : 'white'],
          fonts: [new URL(DRAWING_FONT_URL, window.location.href).href],
          workerFactory: () =>
            new Worker(new URL('./dxf-viewer-worker.ts', import.meta.url), { type: 'module' }),
        });
        if (!alive) return view.dispose();
        layoutRef.current = view;
        setLayoutState({ phase: 'done', viewports: layout.viewports.length });
      } catch {
        if (alive) setLayoutState({ phase: 'error', viewports: 0 });
      }
    })();
    return () => {
      alive = false;
      layoutRef.current = null;
      view?.dispose();
    };
  }, [ready, space, url]);

  const fit = useCallback(() => {
    if (layoutRef.current) return layoutRef.current.fit();
    const viewer = viewerRef.current;
    const bounds = viewer?.GetBounds();
    if (!viewer || !bounds) return;
    const o = viewer.GetOrigin();
    viewer.FitView(bounds.minX - o.x, bounds.maxX - o.x, bounds.minY - o.y, bounds.maxY - o.y);
  }, []);

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
    try {
      localStorage.setItem(BACKGROUND_KEY, next);
    } catch {
      // private mode: the choice lasts for this view only
    }
    viewerRef.current?.SetClearColor(BG[next]);
    layoutRef.current?.setBackground(next, BG[next]);
    const viewer = viewerRef.current;
    if (viewer)
      setLayers((list) => {
        const colors = new Map([...viewer.GetLayers()].map((l) => [l.name, l.color]));
        return list.map((l) => ({ ...l, color: colors.get(l.name) ?? l.color }));
      });
  };

  const toggleMeasure = () => {
    setMeasuring((m) => !m);
    setMeasure({ points: [] });
  };

  const chooseSpace = (key: string) => {
    setMeasuring(false);
    setMeasure({ points: [] });
    setSpace(key || null);
  };

  const dark = background === 'black';
  const ink = dark ? '#ffd666' : '#d4380d';
  const viewer = viewerRef.current;
  const canvas = ready ? viewer?.GetCanvas() : null;
  const screen =
    ready && viewer && canvas
      ? measure.points.map((p) =>
          sceneToCanvas(viewer.GetCamera(), canvas.clientWidth, canvas.clientHeight, p),
        )
      : [];
  const [a, b] = measure.points;
  const length = a && b ? distance(a, b) : null;

  const tool = (
    key: string,
    label: string,
    icon: ReactElement,
    onClick: () => void,
    active = false,
    disabled = !ready,
  ) => (
    <Tooltip title={label} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'default'}
        icon={icon}
        onClick={onClick}
        disabled={disabled}
        aria-label={label}
        aria-pressed={active}
        data-testid={`drawing-${key}-button`}
      >
        {compact ? null : label}
      </Button>
    </Tooltip>
  );

  return (
    <div
      data-testid="drawing-preview"
      data-state={load.phase}
      data-background={background}
      data-missing-chars={missingChars}
      style={{ height: '100%', display: 'flex', flexDirection: 'column', background: token.colorBgContainer }}
    >
      <div
        role="toolbar"
        aria-label={t('drawing.toolbar')}
        style={{
          display: 'flex',
          gap: 8,
          alignItems: 'center',
          flexWrap: 'wrap',
          padding: '6px 12px',
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {tool('fit', t('drawing.fit'), <ExpandOutlined />, fit)}
        {tool(
          'layers',
          t('drawing.layers'),
          <UnorderedListOutlined />,
          () => setLayersOpen((o) => !o),
          layersOpen,
        )}
        {tool(
          'measure',
          space ? t('drawing.measureModelOnly') : t('drawing.measure'),
          <ColumnWidthOutlined />,
          toggleMeasure,
          measuring,
          !ready || !!space,
        )}
        {tool(
          'background',
          dark ? t('drawing.backgroundWhite') : t('drawing.backgroundBlack'),
          <BgColorsOutlined />,
          switchBackground,
        )}
        <span style={{ color: token.colorTextSecondary, fontSize: 12 }} data-testid="drawing-model-space">
          {space ?? t('drawing.modelSpace')}
        </span>
        {measuring && (
          <span data-testid="drawing-measure-result" style={{ fontSize: 13 }}>
            <AimOutlined style={{ marginRight: 4 }} />
            {length !== null
              ? t('drawing.distance', { value: formatDistance(length) })
              : t(measure.points.length === 1 ? 'drawing.measureSecond' : 'drawing.measureFirst')}
          </span>
        )}
      </div>
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
                cursor: measuring ? 'crosshair' : 'grab',
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
          {space && layoutState.phase !== 'done' && (
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
              {layoutState.phase === 'loading' ? (
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
          )}
          {screen.length > 0 && (
            <svg
              aria-hidden
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
            >
              {screen[1] && (
                <line
                  x1={screen[0]!.x}
                  y1={screen[0]!.y}
                  x2={screen[1].x}
                  y2={screen[1].y}
                  stroke={ink}
                  strokeWidth={2}
                  strokeDasharray="6 4"
                />
              )}
              {screen.map((p, i) => (
                <circle key={i} cx={p.x} cy={p.y} r={4} fill="none" stroke={ink} strokeWidth={2} />
              ))}
            </svg>
          )}
          {!ready && load.phase !== 'error' && (
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
              {load.percent !== null && (
                <Progress percent={load.percent} size="small" style={{ width: 200 }} />
              )}
            </div>
          )}
          {load.phase === 'error' && (
            <div style={{ position: 'absolute', inset: 0, padding: 24 }}>
              <Alert
                type="error"
                showIcon
                message={load.error === NO_WEBGL ? t('noWebgl') : t('drawing.loadFailed')}
                description={load.error === NO_WEBGL ? t('noWebglHint') : load.error}
                data-testid="drawing-error"
              />
            </div>
          )}
        </div>
        {/* Shown while loading too, so the canvas keeps its size once the drawing is fitted. */}
        {layersOpen && (
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
                <Button size="small" type="link" onClick={() => showAll(true)}>
                  {t('drawing.allOn')}
                </Button>
                <Button size="small" type="link" onClick={() => showAll(false)}>
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
                  <Checkbox checked={l.visible} onChange={(e) => showLayer(l.name, e.target.checked)} />
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
