/**
 * The 3D model viewer (spec 001 §2 preview overlay, "Model and iBIM types: an embedded model
 * viewer"): orbit / pan / zoom, fit-to-model, the spatial element tree and the selected element's
 * properties, for a `.frag` (converted on the server by @thatopen/fragments IfcImporter) or a GLB;
 * isolate (隔离), 剖切 (section planes and box, lib/section-tool.ts) and 测量 (distance, angle, area
 * with snapping, lib/measure-tool.ts; its hint bar is `viewer-measure-hint`).
 *
 * Shape: `<ModelViewer kind url compact onFirstFrame onError />` fills its parent (height 100 %).
 * `url` is same-origin. After the first render with the model's geometry the root gets
 * `data-first-frame="1"` (and the user-timing mark `bimdrive:viewer-first-frame`) and onFirstFrame is
 * called once; the canvas is inside
 * `data-testid="viewer-canvas"`, the tree is `viewer-tree`, the properties `viewer-properties`.
 * Layout: toolbar on top; tree on the left and properties floating on the right; when `compact` or
 * narrower than 768 px, the tree and the properties open as drawers instead.
 *
 * Errors: a failed download or an unreadable file calls onError with a Chinese message (and shows
 * it). Everything is disposed on unmount (StrictMode's double mount creates a fresh engine).
 */
import { Alert, Button, Drawer, Spin } from 'antd';
import { MeasureTool, type MeasureState } from '../lib/measure-tool.ts';
import { SectionTool, type SectionState } from '../lib/section-tool.ts';
import {
  emitViewerSelection,
  setActiveViewer,
  type ViewerHandle,
  type ViewerSelection,
} from '../lib/viewer-registry.ts';
import { CloseOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import * as THREE from 'three';
import '../i18n.ts';
import { VIEWER_NS } from '../i18n.ts';
import { ViewerEngine, type ModelKind } from '../lib/viewer-engine.ts';
import { buildObjectTree, itemIdsUnder, type ViewerTreeNode } from '../lib/spatial-tree.ts';
import { glbGroups } from '../lib/properties.ts';
import { glbNodeInfo, loadFragmentsProperties, loadFragmentsTree } from '../lib/model-data.ts';
import { fetchModelBytes, takeFragmentsLoad, type FragmentsLoad } from '../lib/fragments-preload.ts';
import { ViewerToolbar } from './viewer-toolbar.tsx';
import { ElementTree } from './element-tree.tsx';
import { PropertiesPanel, type PropertiesState } from './properties-panel.tsx';
import { serverText } from '../../../lib/server-messages.ts';
import { VIEWER_FIRST_FRAME_MARK } from '../../../lib/frame-marks.ts';

/** A layer over the canvas with its content centred (loading spinner, error). */
const CENTRED_LAYER = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

/** Props of ModelViewer. */
export interface ModelViewerProps {
  kind: ModelKind;
  url: string;
  /** Phone / share-visitor chrome: tree and properties as drawers, tree closed. */
  compact?: boolean;
  onFirstFrame?: () => void;
  onError?: (message: string) => void;
}

const NARROW_PX = 768;

/** Width of an element, followed with a ResizeObserver. */
function useWidth(): [(el: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    observer.current = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.current.observe(el);
    setWidth(el.clientWidth);
  }, []);
  return [ref, width];
}

/** Keys of the elements named by IFC GlobalIds (fragments) or node names (GLB); unknown ids are left out. */
async function keysOf(
  engine: ViewerEngine,
  ids: string[],
): Promise<{ key: string; localIds?: number[] } | null> {
  const model = engine.fragmentsModel;
  if (model) {
    const localIds = (await model.getLocalIdsByGuids(ids)).filter((n): n is number => n !== null);
    return localIds.length ? { key: `f:${localIds[0]}`, localIds } : null;
  }
  const wanted = new Set(ids);
  let found: THREE.Object3D | undefined;
  engine.glbRoot?.traverse((o) => {
    if (!found && wanted.has(o.name)) found = o;
  });
  return found ? { key: `g:${found.uuid}` } : null;
}

/** What the registry reports of a pick: the element's GlobalId (or node name) and its name. */
async function elementId(engine: ViewerEngine, key: string | null): Promise<ViewerSelection> {
  if (!key) return { id: null, name: null };
  const model = engine.fragmentsModel;
  if (key.startsWith('f:') && model) {
    const [guid] = await model.getGuidsByLocalIds([Number(key.slice(2))]);
    return { id: guid ?? null, name: null };
  }
  const node = engine.glbRoot?.getObjectByProperty('uuid', key.slice(2));
  return { id: node?.name || null, name: node?.name || null };
}

/** The handle other features drive this viewer with (lib/viewer-registry.ts). */
function viewerHandle(
  engine: ViewerEngine,
  select: (key: string | null, highlight?: number[]) => Promise<void>,
): ViewerHandle {
  return {
    select: async (ids) => {
      const found = await keysOf(engine, ids);
      if (!found) return 0;
      await select(found.key, found.localIds && found.localIds.length > 1 ? found.localIds : undefined);
      await engine.focus(found.key);
      return found.localIds?.length ?? 1;
    },
    isolate: async (ids) => {
      const found = await keysOf(engine, ids);
      if (!found) return 0;
      await engine.isolate(found.key, found.localIds);
      return found.localIds?.length ?? 1;
    },
    showAll: () => engine.showAll(),
    fit: () => engine.fit(),
  };
}

/** The embedded 3D viewer; see the module docstring. */
export function ModelViewer({ kind, url, compact, onFirstFrame, onError }: ModelViewerProps): ReactElement {
  const { t } = useTranslation(VIEWER_NS);
  const hostRef = useRef<HTMLDivElement | null>(null);
  const engineRef = useRef<ViewerEngine | null>(null);
  const [rootRef, width] = useWidth();
  const narrow = !!compact || (width > 0 && width < NARROW_PX);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [firstFrame, setFirstFrame] = useState(false);
  const [tree, setTree] = useState<ViewerTreeNode[] | null>(null);
  const [treeOpen, setTreeOpen] = useState<boolean | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [props, setProps] = useState<PropertiesState>({ status: 'none' });
  const [propsOpen, setPropsOpen] = useState(false);
  const selectSeq = useRef(0);
  const overlayRef = useRef<HTMLDivElement | null>(null);
  const sectionRef = useRef<SectionTool | null>(null);
  const measureRef = useRef<MeasureTool | null>(null);
  const [section, setSection] = useState<SectionState>({ planes: 0, box: false });
  const [measure, setMeasure] = useState<MeasureState>({ mode: null, placed: 0, results: 0 });
  const treeRef = useRef<ViewerTreeNode[] | null>(null);
  useEffect(() => {
    treeRef.current = tree;
  }, [tree]);
  const callbacks = useRef({ onFirstFrame, onError, t });
  useEffect(() => {
    callbacks.current = { onFirstFrame, onError, t };
  });

  /** Select an element (null: none); `highlight` widens the highlight (default: what the tree holds under it). */
  const select = useCallback(async (key: string | null, highlight?: number[]) => {
    const engine = engineRef.current;
    if (!engine || engine.isDisposed) return;
    const seq = ++selectSeq.current;
    setSelected(key);
    void engine.select(
      key,
      highlight ?? (key && treeRef.current ? itemIdsUnder(treeRef.current, key) : undefined),
    );
    void elementId(engine, key).then((id) => emitViewerSelection(id));
    if (!key) {
      setProps({ status: 'none' });
      return;
    }
    setPropsOpen(true);
    const { t: tr } = callbacks.current;
    const model = engine.fragmentsModel;
    if (key.startsWith('f:') && model) {
      setProps({ status: 'loading' });
      try {
        const { attributes: rows, groups } = await loadFragmentsProperties(model, Number(key.slice(2)));
        if (seq !== selectSeq.current) return;
        const name = rows.find((r) => r.key === 'Name')?.value;
        const cat = rows.find((r) => r.key === 'Category')?.value ?? '';
        const catText = tr(`categories.${cat}`, { defaultValue: cat });
        // 类别: "楼板 (IFCSLAB)" — the Chinese class name next to the IFC one.
        const attributes = rows.map((r) =>
          r.key === 'Category' && catText !== cat ? { ...r, value: `${catText} (${cat})` } : r,
        );
        setProps({ status: 'ready', title: name && name !== '—' ? name : catText, attributes, groups });
      } catch (e) {
        if (seq === selectSeq.current)
          setProps({ status: 'error', message: e instanceof Error ? e.message : String(e) });
      }
      return;
    }
    const node = key.startsWith('g:') ? engine.glbRoot?.getObjectByProperty('uuid', key.slice(2)) : undefined;
    if (!node) return setProps({ status: 'none' });
    const info = glbNodeInfo(node);
    const typeLabel = tr(`objectTypes.${info.type}`, { defaultValue: info.type });
    const labels = {
      mesh: tr('groups.mesh'),
      userData: tr('groups.userData'),
      name: tr('fields.name'),
      type: tr('fields.type'),
      vertices: tr('fields.vertices'),
      triangles: tr('fields.triangles'),
      materials: tr('fields.materials'),
    };
    setProps({
      status: 'ready',
      title: info.name || typeLabel,
      attributes: [],
      groups: glbGroups({ ...info, type: typeLabel }, labels),
    });
  }, []);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    performance.mark('bimdrive:viewer-mount');
    const engine = new ViewerEngine(host);
    engineRef.current = engine;
    const abort = new AbortController();
    const tr = (key: string, opts?: Record<string, unknown>) => callbacks.current.t(key, opts ?? {});
    let firstDrawn = () => {};
    const drawn = new Promise<void>((resolve) => (firstDrawn = resolve));
    engine.onFirstFrame = () => {
      performance.mark(VIEWER_FIRST_FRAME_MARK); // read by bench/first-frame.ts
      firstDrawn();
      setFirstFrame(true);
      callbacks.current.onFirstFrame?.();
    };
    engine.onPick = (key) => void select(key);
    const sectionTool = new SectionTool(engine);
    sectionTool.onChange = setSection;
    sectionRef.current = sectionTool;
    const measureTool = new MeasureTool(engine, overlayRef.current ?? host);
    measureTool.onChange = setMeasure;
    measureRef.current = measureTool;
    const fail = (message: string) => {
      if (engine.isDisposed) return;
      setStatus('error');
      setError(message);
      callbacks.current.onError?.(message);
    };
    // A `.frag` whose load the preview already started (lib/fragments-preload.ts) is taken over.
    const preloaded = kind === 'fragments' ? takeFragmentsLoad(url) : null;
    const failWith = (r: Exclude<FragmentsLoad, { ok: true }>) =>
      fail(
        r.reason === 'fetch'
          ? tr('errors.fetch', { status: typeof r.status === 'string' ? serverText(r.status) : r.status })
          : tr(`errors.${r.reason}`),
      );
    void (async () => {
      if (preloaded) {
        const r = await preloaded;
        if (engine.isDisposed) {
          if (r.ok) void r.core.dispose();
          return;
        }
        if (!r.ok) return failWith(r);
        try {
          await engine.adopt(r.core, r.model);
        } catch {
          return fail(tr('errors.parse'));
        }
      } else {
        const got = await fetchModelBytes(url, abort.signal);
        if (engine.isDisposed || abort.signal.aborted) return;
        if (!got.ok) return failWith(got);
        performance.mark('bimdrive:viewer-bytes');
        try {
          await engine.load(kind, got.bytes);
        } catch {
          return fail(tr('errors.parse'));
        }
      }
      if (engine.isDisposed) return;
      setStatus('ready');
      setActiveViewer(viewerHandle(engine, select));
      // The element tree asks the worker for every item's name: after the first frame, not before it
      // (a model with nothing to draw has no first frame: then after a few seconds).
      await Promise.race([drawn, new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (engine.isDisposed) return;
      try {
        const model = engine.fragmentsModel;
        const categoryLabel = (c: string) => tr(`categories.${c}`, { defaultValue: c });
        const nodes = model
          ? await loadFragmentsTree(model, categoryLabel)
          : buildObjectTree(engine.glbRoot ?? new THREE.Object3D(), (type) =>
              tr(`objectTypes.${type}`, { defaultValue: type }),
            );
        if (!engine.isDisposed) setTree(nodes);
      } catch {
        if (!engine.isDisposed) setTree([]);
      }
    })();
    return () => {
      abort.abort();
      setActiveViewer(null);
      measureTool.dispose();
      sectionRef.current = measureRef.current = null;
      setSection({ planes: 0, box: false });
      setMeasure({ mode: null, placed: 0, results: 0 });
      engine.dispose();
      if (engineRef.current === engine) engineRef.current = null;
      setStatus('loading');
      setFirstFrame(false);
      setTree(null);
      setSelected(null);
      setProps({ status: 'none' });
    };
  }, [kind, url, select]);

  const engine = () => engineRef.current;
  const showTree = treeOpen ?? !narrow;
  const ready = status === 'ready';
  const treePanel = (
    <ElementTree
      nodes={tree}
      selectedKey={selected}
      onSelect={(key) => {
        if (narrow) setTreeOpen(false);
        void select(key);
      }}
    />
  );
  const propsPanel = <PropertiesPanel state={props} />;

  return (
    <div
      ref={rootRef}
      data-testid="model-viewer"
      data-first-frame={firstFrame ? '1' : undefined}
      style={{
        height: '100%',
        width: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        overflow: 'hidden',
        background: '#fff',
      }}
    >
      <ViewerToolbar
        treeOpen={showTree}
        touch={narrow}
        hasSelection={selected !== null}
        disabled={!ready}
        onToggleTree={() => setTreeOpen(!showTree)}
        onFit={() => void engine()?.fit()}
        onShowAll={() => void engine()?.showAll()}
        onFocusSelected={() => selected && void engine()?.focus(selected)}
        onHideSelected={() => {
          if (!selected) return;
          void engine()?.hide(selected);
          void select(null);
        }}
        onIsolateSelected={() => {
          if (!selected) return;
          const ids = treeRef.current ? itemIdsUnder(treeRef.current, selected) : undefined;
          void engine()?.isolate(selected, ids);
        }}
        section={section}
        onSectionPlane={(axis) => void sectionRef.current?.addPlane(axis)}
        onSectionBox={(on) => void sectionRef.current?.setBox(on)}
        onSectionClear={() => sectionRef.current?.clear()}
        measureMode={measure.mode}
        measureResults={measure.results}
        onMeasure={(mode) => {
          if (mode) void select(null);
          measureRef.current?.setMode(mode);
        }}
        onMeasureClear={() => measureRef.current?.clear()}
      />
      <div style={{ flex: 1, minHeight: 0, display: 'flex', position: 'relative' }}>
        {showTree && !narrow && (
          <div
            style={{
              width: 280,
              flex: 'none',
              borderRight: '1px solid #f0f0f0',
              padding: '8px 0 8px 4px',
              background: '#fff',
            }}
          >
            {treePanel}
          </div>
        )}
        <div style={{ flex: 1, minWidth: 0, position: 'relative' }}>
          <div
            ref={hostRef}
            data-testid="viewer-canvas"
            style={{ position: 'absolute', inset: 0, overflow: 'hidden' }}
          />
          <div
            ref={overlayRef}
            data-testid="viewer-overlay"
            style={{ position: 'absolute', inset: 0, overflow: 'hidden', pointerEvents: 'none' }}
          />
          {measure.mode && (
            <div
              data-testid="viewer-measure-hint"
              data-placed={measure.placed}
              style={{
                position: 'absolute',
                top: 8,
                left: '50%',
                transform: 'translateX(-50%)',
                maxWidth: 'calc(100% - 16px)',
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                padding: '4px 8px 4px 12px',
                borderRadius: 6,
                background: 'rgba(255,255,255,0.95)',
                boxShadow: '0 2px 8px rgba(0,0,0,0.15)',
                fontSize: 13,
              }}
            >
              <span>{t(`measure.hint.${measure.mode}`)}</span>
              {measure.mode === 'area' && (
                <Button
                  size="small"
                  type="primary"
                  disabled={measure.placed < 3}
                  onClick={() => measureRef.current?.finish()}
                >
                  {t('measure.finish')}
                </Button>
              )}
              <Button size="small" onClick={() => measureRef.current?.setMode(null)}>
                {t('measure.exit')}
              </Button>
            </div>
          )}
          {status === 'loading' && (
            <div style={{ ...CENTRED_LAYER, pointerEvents: 'none' }}>
              <Spin size="large" description={t('loading')} />
            </div>
          )}
          {status === 'error' && error && (
            <div style={{ ...CENTRED_LAYER, padding: 16 }}>
              <Alert type="error" showIcon title={error} />
            </div>
          )}
          {!narrow && selected && (
            <div
              style={{
                position: 'absolute',
                top: 12,
                right: 12,
                bottom: 12,
                width: 340,
                maxWidth: 'calc(100% - 24px)',
                background: '#fff',
                borderRadius: 8,
                boxShadow: '0 6px 16px rgba(0,0,0,0.12)',
                overflow: 'hidden',
                display: 'flex',
                flexDirection: 'column',
              }}
            >
              <div
                style={{ display: 'flex', alignItems: 'center', padding: '8px 8px 0 12px', fontWeight: 600 }}
              >
                <span style={{ flex: 1 }}>{t('properties')}</span>
                <Button
                  type="text"
                  size="small"
                  aria-label={t('closeProperties')}
                  icon={<CloseOutlined />}
                  onClick={() => void select(null)}
                />
              </div>
              <div style={{ flex: 1, minHeight: 0 }}>{propsPanel}</div>
            </div>
          )}
        </div>
      </div>
      {narrow && (
        <>
          <Drawer
            title={t('tree')}
            placement="left"
            open={showTree}
            onClose={() => setTreeOpen(false)}
            getContainer={false}
            size={Math.min(320, Math.max(width - 48, 200))}
            styles={{ body: { padding: 8 } }}
          >
            {treePanel}
          </Drawer>
          <Drawer
            title={t('properties')}
            placement="bottom"
            open={propsOpen && selected !== null}
            onClose={() => setPropsOpen(false)}
            getContainer={false}
            size="55%"
            styles={{ body: { padding: 0 } }}
          >
            {propsPanel}
          </Drawer>
        </>
      )}
    </div>
  );
}
