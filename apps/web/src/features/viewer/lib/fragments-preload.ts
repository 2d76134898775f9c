/**
 * Early start of a fragments model (issue 17 "Weight and speed"; spec 001 §2 "Model and iBIM types: an
 * embedded model viewer"): downloads a `.frag` and loads it in the fragments worker while the 3D
 * viewer's own code (three.js, @thatopen/components, the React panels) still downloads and starts.
 * Before, the worker was spawned and the model parsed only once the viewer was mounted and had the
 * bytes — after its chunk had been fetched, compiled and run — which put the worker's model load (the
 * largest single part of the time to the first interactive frame) in sequence with all of that.
 *
 * Given the size of the viewer's canvas (CSS px), the load also has the worker build the geometry the
 * opening view shows (lib/first-view.ts, the view the viewer frames first): the largest step between
 * the model's load and its first frame, which then runs while the viewer's code still starts instead
 * of after it (the viewer's own update for its camera then only adds what differs).
 *
 * Shape: `startFragmentsLoad(url, size?)` starts once per URL (no-op when already started);
 * `takeFragmentsLoad(url)` hands the result to the viewer once (null when none was started, e.g. after
 * a remount: the viewer loads the model itself and a later start is a no-op), which then owns the
 * `FragmentsModels` (its worker) and disposes it; `dropFragmentsLoad(url)` (the preview closing)
 * frees a load nobody took and forgets the URL. Imports only @thatopen/fragments (and three.js,
 * which the still first frame has already loaded), not the viewer.
 *
 * Errors are answers, not rejections: `{ ok: false, reason }` with `reason` the viewer's error key —
 * `fetch` (HTTP status, or the API envelope's message), `network`, `empty` or `parse`.
 */
import { FragmentsModels, LodMode, type FragmentsModel } from '@thatopen/fragments';
import workerUrl from '@thatopen/fragments/worker?url';
import * as THREE from 'three';
import { takePrefetched } from '../../../lib/prefetch.ts';
import { firstView, VIEWER_FOV_DEG } from './first-view.ts';

/** Id of the one model a viewer shows (viewer-engine.ts uses the same). */
export const MODEL_ID = 'model';

/** A started load: the fragments manager with its worker and the model, or why it failed. */
export type FragmentsLoad =
  | { ok: true; core: FragmentsModels; model: FragmentsModel }
  | { ok: false; reason: 'fetch'; status: number | string }
  | { ok: false; reason: 'network' | 'empty' | 'parse' };

/** Loads by URL; null marks a URL a viewer already loads itself (a later start is then a no-op). */
const started = new Map<string, Promise<FragmentsLoad> | null>();

/** The bytes of a same-origin `.frag` URL, or why not (an API error envelope is not a model). */
export async function fetchModelBytes(
  url: string,
  signal?: AbortSignal,
): Promise<{ ok: true; bytes: ArrayBuffer } | Exclude<FragmentsLoad, { ok: true }>> {
  try {
    const res = await (takePrefetched(url) ?? fetch(url, { signal, credentials: 'same-origin' }));
    if (!res.ok) return { ok: false, reason: 'fetch', status: res.status };
    const type = res.headers.get('content-type') ?? '';
    if (/json|html/.test(type)) {
      const body = (await res.json().catch(() => null)) as { msg?: unknown } | null;
      return { ok: false, reason: 'fetch', status: typeof body?.msg === 'string' ? body.msg : res.status };
    }
    const bytes = await res.arrayBuffer();
    return bytes.byteLength ? { ok: true, bytes } : { ok: false, reason: 'empty' };
  } catch {
    return { ok: false, reason: 'network' };
  }
}

/**
 * Models whose LOD mode this module already set to the viewer's (full geometry): the viewer does not
 * set it again, which would restart the worker's tile updates from scratch.
 */
export const fullGeometryModels = new WeakSet<FragmentsModel>();

/** Size of the viewer's canvas, CSS px. */
export interface CanvasSize {
  width: number;
  height: number;
}

/**
 * Have the worker build the tiles of the opening view for a canvas of `size`, with the viewer's LOD
 * mode (viewer-engine.ts `placeFragments`: full geometry for every drawn item).
 */
async function buildOpeningView(core: FragmentsModels, model: FragmentsModel, size: CanvasSize) {
  const aspect = size.width / size.height;
  const view = firstView(model.box, aspect);
  const camera = new THREE.PerspectiveCamera(VIEWER_FOV_DEG, aspect, view.near, view.far);
  camera.position.copy(view.position);
  camera.lookAt(view.target);
  camera.updateMatrixWorld();
  model.useCamera(camera);
  await model.setLodMode(LodMode.ALL_GEOMETRY);
  fullGeometryModels.add(model);
  await core.update(true);
}

async function load(url: string, size?: CanvasSize): Promise<FragmentsLoad> {
  performance.mark('bimdrive:viewer-fetch');
  const core = new FragmentsModels(workerUrl);
  const got = await fetchModelBytes(url);
  if (!got.ok) {
    void core.dispose();
    return got;
  }
  performance.mark('bimdrive:viewer-bytes');
  try {
    const model = await core.load(got.bytes, { modelId: MODEL_ID });
    performance.mark('bimdrive:viewer-model');
    // Only a head start: the viewer builds whatever this did not.
    if (size && size.width > 0 && size.height > 0)
      await buildOpeningView(core, model, size).catch(() => undefined);
    return { ok: true, core, model };
  } catch {
    void core.dispose();
    return { ok: false, reason: 'parse' };
  }
}

/**
 * Start downloading and loading the `.frag` at `url` (once per URL); with `size`, the viewer canvas'
 * size, also building the geometry of its opening view.
 */
export function startFragmentsLoad(url: string, size?: CanvasSize): void {
  if (!started.has(url)) started.set(url, load(url, size));
}

/**
 * The load started for `url`, handed over once (the taker disposes its `core`); null when none was
 * started — the caller then loads the model itself, and a start that comes later does nothing.
 */
export function takeFragmentsLoad(url: string): Promise<FragmentsLoad> | null {
  const p = started.get(url) ?? null;
  started.set(url, null);
  return p;
}

/** Forget `url`, freeing its load when nobody took it (the preview closed first). */
export function dropFragmentsLoad(url: string): void {
  const p = started.get(url);
  started.delete(url);
  void p?.then((r) => {
    if (r.ok) void r.core.dispose();
  });
}
