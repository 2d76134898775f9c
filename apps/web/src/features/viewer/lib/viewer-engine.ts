/**
 * Viewer engine (spec 001 §2 preview overlay, "Model and iBIM types: an embedded model viewer"):
 * a framework-free wrapper around `@thatopen/components` (Components → Worlds → SimpleScene +
 * SimpleRenderer + SimpleCamera with camera-controls orbit/pan/zoom) and its `FragmentsManager`.
 *
 * Shapes: `load('fragments' | 'glb', bytes)` puts one model in the world; elements are addressed by
 * string keys — `f:<localId>` for fragments items, `g:<object uuid>` for GLB nodes. `fit()` frames
 * the model, `focus(key)` one element, `select(key)` highlights it, `pick(x, y)` returns the key
 * under a client point, `hide(key)` / `isolate(key)` / `showAll()` toggle visibility, `snapPick(x, y)`
 * answers the snapped model point under a client point (the 测量 tool, which takes clicks over through
 * `clickHandler`). `onPick` fires on a canvas
 * click (not a drag); `onFirstFrame` fires once after the first render that contains geometry.
 *
 * Frames are drawn on demand (`requestRender()`), not on every animation frame: the renderer is in
 * MANUAL mode and draws while something changes — camera moves (and their damping), pointer input,
 * the fragments worker's tile updates, a resize, this engine's own changes (selection, visibility,
 * framing), the tools' (measure, section) — and for ACTIVE_MS after. A still model costs no CPU: a
 * shared model left open had Chromium drawing 60 frames a second, a whole CPU core under software
 * WebGL, and on a phone the battery.
 *
 * The fragments worker is our own bundled asset (`@thatopen/fragments/worker?url`, same origin, a
 * module worker) — never the unpkg copy of `FragmentsManager.getWorker()`. No web-ifc wasm is used:
 * the browser loads `.frag` produced on the server, not IFC.
 *
 * Errors: `load` rejects when the bytes are not a fragments / GLB model; every method is a no-op
 * after `dispose()`, and an in-flight load that finishes after it resolves without touching the world.
 */
import * as OBC from '@thatopen/components';
import * as FRAGS from '@thatopen/fragments';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import workerUrl from '@thatopen/fragments/worker?url';
import { firstView } from './first-view.ts';
import { fullGeometryModels, MODEL_ID } from './fragments-preload.ts';
import { VIEWER_BACKGROUND } from './layout.ts';
import { snapOnTriangle, type SnapHit, type SnapKind } from './snap.ts';

/** Kind of model file the viewer shows. */
export type ModelKind = 'fragments' | 'glb';

const HIGHLIGHT = new THREE.Color('#1677ff');
const CLICK_SLOP_PX = 5;
/**
 * How long (ms) frames keep being drawn after the last change or input: covers what follows without
 * an event of its own (a worker answer just after, a gizmo's hover colour, the browser's next frame).
 */
const ACTIVE_MS = 600;
/**
 * For this long (ms) after a change, the end of each of the fragments worker's update cycles is drawn
 * too (a tile updated in place — a highlight, a visibility, a level of detail — has no event of its
 * own). Not later: the worker ends a cycle about once a second with nothing changed, and drawing each
 * kept software WebGL busy (a 20-house model: half a second of CPU a frame).
 */
const SETTLE_MS = 3000;

/** Element key of a fragments item. */
export const fragKey = (localId: number): string => `f:${localId}`;
/** Element key of a GLB node. */
export const glbKey = (uuid: string): string => `g:${uuid}`;

/** Wraps one 3D world in a container element; see the module docstring. */
export class ViewerEngine {
  readonly components = new OBC.Components();
  readonly world: OBC.SimpleWorld<OBC.SimpleScene, OBC.SimpleCamera, OBC.SimpleRenderer>;
  readonly fragments: OBC.FragmentsManager;
  /** Called with the element key under a canvas click (null: empty space). */
  onPick: ((key: string | null) => void) | null = null;
  /** Called once after the first render containing the model's geometry. */
  onFirstFrame: (() => void) | null = null;
  /**
   * While set, a canvas click (not a drag) goes here instead of picking an element (the 测量 tool);
   * client CSS px.
   */
  clickHandler: ((clientX: number, clientY: number) => void) | null = null;

  private model: FRAGS.FragmentsModel | null = null;
  private glb: THREE.Object3D | null = null;
  private disposed = false;
  private firstFrameDone = false;
  private selected: string | null = null;
  private readonly glbOriginals = new Map<THREE.Mesh, THREE.Material | THREE.Material[]>();
  private readonly glbHighlight = new THREE.MeshStandardMaterial({
    color: HIGHLIGHT,
    side: THREE.DoubleSide,
  });
  private down: { x: number; y: number } | null = null;
  private snapQueue: Promise<unknown> = Promise.resolve();
  /** Frames are drawn until this time (performance.now() ms); see requestRender. */
  private activeUntil = 0;
  /** When requestRender was last called (performance.now() ms). */
  private changedAt = 0;
  private frameRequest = 0;

  constructor(container: HTMLElement) {
    const worlds = this.components.get(OBC.Worlds);
    this.world = worlds.create<OBC.SimpleScene, OBC.SimpleCamera, OBC.SimpleRenderer>();
    this.world.scene = new OBC.SimpleScene(this.components);
    this.world.scene.setup();
    this.world.scene.three.background = new THREE.Color(VIEWER_BACKGROUND);
    this.world.renderer = new OBC.SimpleRenderer(this.components, container);
    this.world.renderer.showLogo = false; // the product's own chrome frames the viewer
    this.world.renderer.mode = OBC.RendererMode.MANUAL; // frames on demand (module docstring)
    this.world.renderer.onResize.add(this.requestRender);
    this.world.camera = new OBC.SimpleCamera(this.components);
    this.world.camera.controls.dollyToCursor = true;
    this.canvas.style.display = 'block';
    this.canvas.style.touchAction = 'none';
    this.components.init();

    this.fragments = this.components.get(OBC.FragmentsManager);
    this.fragments.init(workerUrl);
    // Culling / LOD follow the camera: refresh tiles while moving and fully when it rests.
    this.world.camera.controls.addEventListener('update', this.onCameraUpdate);
    this.world.camera.controls.addEventListener('rest', this.onCameraRest);
    // No polygon offset on the fragments materials (the @thatopen examples give each one
    // `polygonOffsetFactor = Math.random()`): the offset is factor × the face's depth slope, so from
    // afar, and at a grazing angle, a random factor per material moved whole surfaces by far more than
    // the few centimetres between them — the rafters under the roof drew through its tiles as stripes.
    // The still preview draws without an offset, and so does the viewer.
    this.world.renderer.onAfterUpdate.add(this.afterRender);
    const canvas = this.canvas;
    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointerup', this.onPointerUp);
    for (const type of INPUT_EVENTS) canvas.addEventListener(type, this.requestRender, { passive: true });
    canvas.addEventListener('webglcontextrestored', this.requestRender);
    this.requestRender();
  }

  /**
   * Draw frames from the next animation frame on, for ACTIVE_MS (extended by each call). Call it after
   * changing anything drawn; camera moves, pointer input, tile updates and this engine's own methods
   * call it already.
   */
  readonly requestRender = (): void => {
    this.changedAt = performance.now();
    this.draw();
  };

  /** Draw frames for ACTIVE_MS from the next animation frame on. */
  private draw(): void {
    if (this.disposed) return;
    this.activeUntil = performance.now() + ACTIVE_MS;
    this.world.renderer!.needsUpdate = true;
    this.frameRequest ||= requestAnimationFrame(this.keepDrawing);
  }

  /** The end of a worker update cycle: drawn while a change may still be arriving (SETTLE_MS). */
  private readonly onViewUpdated = (): void => {
    if (performance.now() - this.changedAt < SETTLE_MS) this.draw();
  };

  private readonly keepDrawing = (): void => {
    this.frameRequest = 0;
    if (this.disposed || performance.now() >= this.activeUntil) return;
    this.world.renderer!.needsUpdate = true;
    this.frameRequest = requestAnimationFrame(this.keepDrawing);
  };

  /** The WebGL canvas. */
  get canvas(): HTMLCanvasElement {
    return this.world.renderer!.three.domElement;
  }

  /** The loaded fragments model, if any. */
  get fragmentsModel(): FRAGS.FragmentsModel | null {
    return this.model;
  }

  /** The loaded GLB scene root, if any. */
  get glbRoot(): THREE.Object3D | null {
    return this.glb;
  }

  /** Whether dispose() was called. */
  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Load a model's bytes into the world and frame it. Rejects on unreadable data. */
  async load(kind: ModelKind, bytes: ArrayBuffer): Promise<void> {
    if (kind === 'glb') await this.loadGlb(bytes);
    else await this.loadFragments(bytes);
    if (this.disposed) return;
    await this.fit(false);
    performance.mark('bimdrive:viewer-framed');
  }

  /**
   * Put a fragments model loaded ahead by lib/fragments-preload.ts in the world and frame it. The
   * engine takes `core` (the manager with the model's worker) over and disposes it with itself.
   */
  async adopt(core: FRAGS.FragmentsModels, model: FRAGS.FragmentsModel): Promise<void> {
    if (this.disposed) {
      void core.dispose();
      return;
    }
    // FragmentsManager has no public way to take a manager made elsewhere: swap its `_core` (the one
    // init() made has no worker yet, since workers start with a first model) and set the coordination
    // model init()'s listener would have set.
    const manager = this.fragments as unknown as { _core: FRAGS.FragmentsModels };
    const unused = manager._core;
    manager._core = core;
    void unused.dispose();
    this.fragments.baseCoordinationModel = model.modelId;
    this.fragments.baseCoordinationMatrix = await model.getCoordinationMatrix();
    await this.placeFragments(model);
    if (this.disposed) return;
    await this.fit(false);
    performance.mark('bimdrive:viewer-framed');
  }

  private async loadFragments(bytes: ArrayBuffer): Promise<void> {
    const model = await this.fragments.core.load(bytes, { modelId: MODEL_ID, camera: this.camera });
    performance.mark('bimdrive:viewer-model');
    if (this.disposed) return;
    await this.placeFragments(model);
  }

  private async placeFragments(model: FRAGS.FragmentsModel): Promise<void> {
    if (this.disposed) return;
    this.model = model;
    model.useCamera(this.camera);
    // Full geometry for every item that is drawn (hidden items and items a few px big are still
    // culled). The default LOD mode drew small items under ~32 px on screen — every window and door
    // of the 20-house fzk-haus-x20 at its opening view — as "wires": thick screen-space lines in the
    // item's colour, which painted orange and red-brown blotches over the walls around each window
    // where the still preview draws clean walls and windows (issue 13 "Rendering fidelity").
    // (Already so for a model whose opening view fragments-preload.ts built.)
    if (!fullGeometryModels.has(model)) await model.setLodMode(FRAGS.LodMode.ALL_GEOMETRY);
    if (this.disposed) return;
    this.world.scene.three.add(model.object);
    // The worker's answers change the tiles drawn: new and removed tiles have events; tiles updated
    // in place show at the end of the update cycle.
    model.onViewUpdated.add(this.onViewUpdated);
    model.tiles.onItemSet.add(this.requestRender);
    model.tiles.onItemDeleted.add(this.requestRender);
    this.requestRender();
    // No update here: load() frames the model next, and that update fetches the tiles for the
    // camera the visitor will actually see (one worker round instead of two).
  }

  private async loadGlb(bytes: ArrayBuffer): Promise<void> {
    const loader = new GLTFLoader();
    loader.setMeshoptDecoder(MeshoptDecoder);
    const gltf = await loader.parseAsync(bytes, '');
    if (this.disposed) return;
    this.glb = gltf.scene;
    this.world.scene.three.add(gltf.scene);
    this.requestRender();
  }

  private get camera(): THREE.PerspectiveCamera | THREE.OrthographicCamera {
    return this.world.camera.three;
  }

  /**
   * The point of the model under a client (CSS px) point, snapped to a vertex or an edge within a few
   * pixels (fragments: the library's snapping raycast; GLB: snap.ts on the hit triangle), or null.
   */
  snapPick(clientX: number, clientY: number): Promise<SnapHit | null> {
    // One at a time: overlapping snapping raycasts of a fragments model lose answers.
    const run = this.snapQueue.then(() => this.snapPickNow(clientX, clientY));
    this.snapQueue = run.catch(() => null);
    return run;
  }

  private async snapPickNow(clientX: number, clientY: number): Promise<SnapHit | null> {
    if (this.disposed) return null;
    if (this.model) {
      const hits = await this.model.raycastWithSnapping({
        camera: this.camera,
        mouse: new THREE.Vector2(clientX, clientY),
        dom: this.canvas,
        snappingClasses: [FRAGS.SnappingClass.POINT, FRAGS.SnappingClass.LINE, FRAGS.SnappingClass.FACE],
      });
      if (!hits?.length) return null;
      const order: [FRAGS.SnappingClass, SnapKind][] = [
        [FRAGS.SnappingClass.POINT, 'vertex'],
        [FRAGS.SnappingClass.LINE, 'edge'],
        [FRAGS.SnappingClass.FACE, 'face'],
      ];
      for (const [cls, snap] of order) {
        const hit = hits.find((h) => h.snappingClass === cls);
        if (hit) return { point: hit.point.clone(), snap };
      }
      return { point: hits[0]!.point.clone(), snap: 'face' };
    }
    if (!this.glb) return null;
    const rect = this.canvas.getBoundingClientRect();
    const ray = new THREE.Raycaster();
    ray.setFromCamera(
      new THREE.Vector2(
        ((clientX - rect.left) / rect.width) * 2 - 1,
        -((clientY - rect.top) / rect.height) * 2 + 1,
      ),
      this.camera,
    );
    const planes = this.world.renderer?.three.clippingPlanes ?? [];
    const hit = ray
      .intersectObject(this.glb, true)
      .find((h) => isShown(h.object) && planes.every((p) => p.distanceToPoint(h.point) >= 0));
    if (!hit?.face || !(hit.object instanceof THREE.Mesh))
      return hit ? { point: hit.point, snap: 'face' } : null;
    const position = (hit.object.geometry as THREE.BufferGeometry).getAttribute('position');
    const corner = (i: number) =>
      new THREE.Vector3().fromBufferAttribute(position, i).applyMatrix4(hit.object.matrixWorld);
    return snapOnTriangle(
      hit.point,
      [corner(hit.face.a), corner(hit.face.b), corner(hit.face.c)],
      new THREE.Vector2(clientX - rect.left, clientY - rect.top),
      (p) => this.toScreen(p),
    );
  }

  /** A world point in CSS px relative to the canvas' top-left corner. */
  toScreen(point: THREE.Vector3): THREE.Vector2 {
    const p = point.clone().project(this.camera);
    return new THREE.Vector2(
      ((p.x + 1) / 2) * this.canvas.clientWidth,
      ((1 - p.y) / 2) * this.canvas.clientHeight,
    );
  }

  /** Whether a world point is in front of the camera. */
  inFront(point: THREE.Vector3): boolean {
    const p = point.clone().project(this.camera);
    return p.z > -1 && p.z < 1;
  }

  /** Bounding box of the whole model (empty before one is loaded). */
  modelBox(): Promise<THREE.Box3> {
    return this.box();
  }

  /** Bounding box of the model, or of one element. */
  private async box(key?: string): Promise<THREE.Box3> {
    if (key?.startsWith('f:') && this.model) return this.model.getMergedBox([Number(key.slice(2))]);
    if (key?.startsWith('g:') && this.glb) {
      const node = this.glb.getObjectByProperty('uuid', key.slice(2));
      if (node) return new THREE.Box3().setFromObject(node);
    }
    if (this.model) return this.model.box.clone();
    if (this.glb) return new THREE.Box3().setFromObject(this.glb);
    return new THREE.Box3();
  }

  /** Frame the whole model (fit-to-model). */
  async fit(animate = true): Promise<void> {
    await this.frame(await this.box(), animate);
  }

  /** Frame one element. */
  async focus(key: string): Promise<void> {
    await this.frame(await this.box(key), true);
  }

  private async frame(box: THREE.Box3, animate: boolean): Promise<void> {
    if (this.disposed || box.isEmpty()) return;
    const sphere = box.getBoundingSphere(new THREE.Sphere());
    const radius = Math.max(sphere.radius, 1e-3);
    // Whole model stays inside the clip range whatever its scale (mm-sized parts to city blocks).
    const total = await this.box();
    const modelRadius = Math.max(
      total.isEmpty() ? radius : total.getBoundingSphere(new THREE.Sphere()).radius,
      radius,
    );
    const camera = this.camera;
    const controls = this.world.camera.controls;
    if (!animate && camera instanceof THREE.PerspectiveCamera) {
      // The opening view, computed as the first-frame preview computes it (same picture at the swap).
      const view = firstView(box, camera.aspect, camera.fov);
      camera.near = view.near;
      camera.far = Math.max(view.far, modelRadius * 400);
      camera.updateProjectionMatrix();
      await controls.setLookAt(...view.position.toArray(), ...view.target.toArray(), false);
    } else {
      camera.near = Math.max(radius / 200, 1e-3);
      camera.far = modelRadius * 400;
      camera.updateProjectionMatrix();
      await controls.fitToSphere(sphere, animate);
    }
    if (this.model) await this.fragments.core.update(true);
    this.requestRender();
  }

  /** Key of the element under a client (CSS px) point, or null. */
  async pick(clientX: number, clientY: number): Promise<string | null> {
    if (this.disposed) return null;
    if (this.model) {
      const hit = await this.model.raycast({
        camera: this.camera,
        mouse: new THREE.Vector2(clientX, clientY),
        dom: this.canvas,
      });
      return hit ? fragKey(hit.localId) : null;
    }
    if (this.glb) {
      const rect = this.canvas.getBoundingClientRect();
      const ndc = new THREE.Vector2(
        ((clientX - rect.left) / rect.width) * 2 - 1,
        -((clientY - rect.top) / rect.height) * 2 + 1,
      );
      const ray = new THREE.Raycaster();
      ray.setFromCamera(ndc, this.camera);
      const hit = ray.intersectObject(this.glb, true).find((h) => h.object.visible);
      return hit ? glbKey(hit.object.uuid) : null;
    }
    return null;
  }

  /**
   * Highlight one element (null clears the highlight); for fragments, `localIds` may widen the
   * highlight to what the element contains (a storey's elements).
   */
  async select(key: string | null, localIds?: number[]): Promise<void> {
    if (this.disposed || key === this.selected) return;
    this.selected = key;
    if (this.model) {
      await this.model.resetHighlight();
      if (key?.startsWith('f:')) {
        await this.model.highlight(localIds?.length ? localIds : [Number(key.slice(2))], {
          color: HIGHLIGHT,
          renderedFaces: FRAGS.RenderedFaces.TWO,
          opacity: 1,
          transparent: false,
        });
      }
      await this.fragments.core.update(true);
      return this.requestRender();
    }
    for (const [mesh, material] of this.glbOriginals) mesh.material = material;
    this.glbOriginals.clear();
    const node = key?.startsWith('g:') ? this.glb?.getObjectByProperty('uuid', key.slice(2)) : undefined;
    node?.traverse((o) => {
      if (!(o instanceof THREE.Mesh)) return;
      this.glbOriginals.set(o, o.material);
      o.material = this.glbHighlight;
    });
    this.requestRender();
  }

  /** Hide one element. */
  async hide(key: string): Promise<void> {
    if (this.disposed) return;
    if (this.model && key.startsWith('f:')) {
      await this.model.setVisible([Number(key.slice(2))], false);
      await this.fragments.core.update(true);
    } else if (key.startsWith('g:')) {
      const node = this.glb?.getObjectByProperty('uuid', key.slice(2));
      if (node) node.visible = false;
    }
    this.requestRender();
  }

  /**
   * Show only one element (or, for fragments, `localIds`: a storey's elements) and hide the rest
   * (隔离); 全部显示 ends it.
   */
  async isolate(key: string, localIds?: number[]): Promise<void> {
    if (this.disposed) return;
    if (this.model && key.startsWith('f:')) {
      await this.model.setVisible(undefined, false);
      await this.model.setVisible(localIds?.length ? localIds : [Number(key.slice(2))], true);
      await this.fragments.core.update(true);
    } else if (this.glb && key.startsWith('g:')) {
      const node = this.glb.getObjectByProperty('uuid', key.slice(2));
      if (!node) return;
      const keep = new Set<THREE.Object3D>();
      node.traverse((o) => keep.add(o));
      for (let up: THREE.Object3D | null = node; up; up = up.parent) keep.add(up);
      this.glb.traverse((o) => {
        o.visible = keep.has(o);
      });
    }
    this.requestRender();
  }

  /** Show every element again (全部显示). */
  async showAll(): Promise<void> {
    if (this.disposed) return;
    if (this.model) {
      await this.model.resetVisible();
      await this.fragments.core.update(true);
    }
    this.glb?.traverse((o) => {
      o.visible = true;
    });
    this.requestRender();
  }

  /** Free the GPU context, workers and listeners. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.onPick = null;
    this.onFirstFrame = null;
    this.clickHandler = null;
    const canvas = this.canvas;
    canvas.removeEventListener('pointerdown', this.onPointerDown);
    canvas.removeEventListener('pointerup', this.onPointerUp);
    for (const type of INPUT_EVENTS) canvas.removeEventListener(type, this.requestRender);
    canvas.removeEventListener('webglcontextrestored', this.requestRender);
    cancelAnimationFrame(this.frameRequest);
    this.world.camera.controls.removeEventListener('update', this.onCameraUpdate);
    this.world.camera.controls.removeEventListener('rest', this.onCameraRest);
    for (const [mesh, material] of this.glbOriginals) mesh.material = material;
    this.glbOriginals.clear();
    this.glbHighlight.dispose();
    this.model = null;
    this.glb = null;
    this.components.dispose();
  }

  private readonly onCameraUpdate = (): void => {
    this.requestRender();
    if (this.model) void this.fragments.core.update();
  };

  private readonly onCameraRest = (): void => {
    this.requestRender();
    if (this.model) void this.fragments.core.update(true);
  };

  private readonly afterRender = (): void => {
    if (this.firstFrameDone || !this.onFirstFrame) return;
    const root = this.model?.object ?? this.glb;
    if (!root || !hasGeometry(root)) return;
    this.firstFrameDone = true;
    this.onFirstFrame();
  };

  private readonly onPointerDown = (e: PointerEvent): void => {
    this.down = e.isPrimary && e.button === 0 ? { x: e.clientX, y: e.clientY } : null;
  };

  private readonly onPointerUp = (e: PointerEvent): void => {
    const down = this.down;
    this.down = null;
    if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > CLICK_SLOP_PX) return;
    if (this.clickHandler) return this.clickHandler(e.clientX, e.clientY);
    void this.pick(e.clientX, e.clientY).then((key) => {
      if (!this.disposed) this.onPick?.(key);
    });
  };
}

/** Canvas input after which frames are drawn (gizmo drags, hover colours, the controls' own moves). */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'pointerup', 'wheel', 'touchstart', 'touchmove'] as const;

/** Whether an object and all its parents are visible. */
function isShown(o: THREE.Object3D): boolean {
  for (let up: THREE.Object3D | null = o; up; up = up.parent) if (!up.visible) return false;
  return true;
}

/** Whether an object (sub)tree holds a visible mesh with vertices. */
function hasGeometry(root: THREE.Object3D): boolean {
  let found = false;
  root.traverseVisible((o) => {
    if (found) return;
    const geometry = (o as THREE.Mesh).geometry as THREE.BufferGeometry | undefined;
    if ((o as THREE.Mesh).isMesh && geometry && (geometry.getAttribute('position')?.count ?? 0) > 0)
      found = true;
  });
  return found;
}
