/**
 * The still first frame of an IFC model (issue 3 "first frame"; spec 001 §2 preview overlay, "an
 * embedded model viewer"): the model's preview GLB (made on the server by converters/preview-glb.ts:
 * all geometry, one mesh per colour, meshopt-compressed) drawn once with plain three.js — no fragments
 * worker, tree or picking — so a visitor sees the model while the full viewer loads. The camera is the
 * full viewer's opening view (first-view.ts), so the swap does not jump.
 *
 * A stage (downloaded, parsed, renderer created, shaders compiled, drawn) is prepared ahead by URL
 * (`prepareFirstFrame`), may be shown before the app has rendered (`showFirstFrame`, used by a public
 * share link's boot code), and is taken once by the component that keeps it on screen
 * (components/model-first-frame.tsx, `takeStage`). Nobody taking it within 30 s frees it. Errors: a
 * failed download (`HTTP <status>`), an unreadable GLB or no WebGL reject the stage's promise.
 */
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { takePrefetched } from '../../../lib/prefetch.ts';
import { firstView, VIEWER_FOV_DEG } from './first-view.ts';
import { VIEWER_BACKGROUND } from './layout.ts';

/** User-timing mark set when the still frame is on screen (read by bench/first-frame.ts). */
export const FIRST_FRAME_MARK = 'bimdrive:first-frame';
/**
 * User-timing mark set when the app's first-frame component takes over the picture a share link's boot
 * page drew before the app started (read by the main-job journey: the full viewer can replace the
 * picture too soon after for a test to see it).
 */
export const FIRST_FRAME_ADOPTED_MARK = 'bimdrive:first-frame-adopted';

/** CSS size in px. */
export interface Size {
  width: number;
  height: number;
}

/**
 * A preview ready to show: its renderer and canvas, scene and model box, the canvas size (CSS px) it
 * has drawn the picture at, whether it has been on screen, and what to clean up when its canvas moves
 * to the component that takes it (the boot page's skeleton).
 */
export interface Stage {
  renderer: THREE.WebGLRenderer;
  scene: THREE.Scene;
  box: THREE.Box3;
  drawnAt: Size | null;
  shown: boolean;
  release: (() => void) | null;
}

/** Draw the opening view at a canvas size (CSS px). */
function draw(stage: Stage, { width, height }: Size): void {
  stage.renderer.setSize(width, height);
  stage.renderer.render(stage.scene, viewCamera(stage.box, width / Math.max(1, height)));
  stage.drawnAt = { width, height };
}

/** Draw again only when the canvas size changed. */
export function drawAt(stage: Stage, size: Size): void {
  if (stage.drawnAt?.width !== size.width || stage.drawnAt.height !== size.height) draw(stage, size);
}

/** Stages being built ahead of the component, each taken once. */
const prepared = new Map<string, Promise<Stage>>();
/** A stage nobody took is freed after this long (ms). */
const UNCLAIMED_MS = 30_000;

/** Free a stage's GPU resources and remove its canvas (and the boot skeleton, if any). */
export function disposeStage(stage: Stage): void {
  const { renderer, scene } = stage;
  scene.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (!mesh.isMesh) return;
    mesh.geometry.dispose();
    for (const m of [mesh.material].flat()) m.dispose();
  });
  renderer.dispose();
  renderer.forceContextLoss();
  renderer.domElement.remove();
  stage.release?.();
  stage.release = null;
}

/** The still frame's material: Lambert (a fraction of glTF's physically based shading), flat. */
const stillMaterial = (color: THREE.Color, opacity: number, transparent: boolean) =>
  new THREE.MeshLambertMaterial({ color, opacity, transparent, side: THREE.DoubleSide, flatShading: true });

/** A scene with the still frame's background and lights (also the server's model snapshots'). */
export function stillScene(): THREE.Scene {
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(VIEWER_BACKGROUND);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8d8d8d, 2));
  const sun = new THREE.DirectionalLight(0xffffff, 1.5);
  sun.position.set(5, 10, 3);
  scene.add(sun);
  return scene;
}

function newRenderer(): THREE.WebGLRenderer {
  const renderer = new THREE.WebGLRenderer({ antialias: false });
  renderer.debug.checkShaderErrors = false;
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.domElement.style.display = 'block';
  return renderer;
}

/**
 * Download and parse the GLB, swap in the still materials, create the renderer and, with the size
 * the canvas will have, draw.
 */
async function buildStage(url: string, size?: Size): Promise<Stage> {
  const res = await (takePrefetched(url) ?? fetch(url, { credentials: 'same-origin' }));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const gltf = await new GLTFLoader()
    .setMeshoptDecoder(MeshoptDecoder)
    .parseAsync(await res.arrayBuffer(), '');
  gltf.scene.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (!mesh.isMesh) return;
    const pbr = mesh.material as THREE.MeshStandardMaterial;
    mesh.material = stillMaterial(pbr.color, pbr.opacity, pbr.transparent);
    pbr.dispose();
  });
  const scene = stillScene().add(gltf.scene);
  const renderer = newRenderer();
  const box = new THREE.Box3().setFromObject(gltf.scene);
  const stage: Stage = { renderer, scene, box, drawnAt: null, shown: false, release: null };
  // With the size the canvas will have, draw now: the GPU process works on it while the page around
  // the viewer is still rendering, and a canvas not yet shown keeps its picture.
  if (size && size.width > 0 && size.height > 0) draw(stage, size);
  return stage;
}

/**
 * Build the first frame of the preview GLB at `url` now (e.g. while the page around the viewer is
 * still rendering); with `size`, the CSS size its canvas is expected to get, it is also drawn. The
 * next `takeStage(url)` gets it. Calling again for a URL already prepared does nothing.
 */
export function prepareFirstFrame(url: string, size?: Size): void {
  if (prepared.has(url)) return;
  const stage = buildStage(url, size);
  stage.catch(() => undefined); // reported to whoever takes it
  prepared.set(url, stage);
  setTimeout(() => {
    if (prepared.get(url) !== stage) return;
    prepared.delete(url);
    void stage.then(disposeStage, () => undefined);
  }, UNCLAIMED_MS);
}

/** The stage prepared for `url` (removed from the prepared ones), or a new one. */
export function takeStage(url: string): Promise<Stage> {
  const stage = prepared.get(url);
  prepared.delete(url);
  return stage ?? buildStage(url);
}

/** The full viewer's opening camera for a model box and a canvas aspect (width / height). */
export function viewCamera(box: THREE.Box3, aspect: number): THREE.PerspectiveCamera {
  const view = firstView(box, aspect);
  const camera = new THREE.PerspectiveCamera(VIEWER_FOV_DEG, aspect, view.near, view.far);
  camera.position.copy(view.position);
  camera.lookAt(view.target);
  return camera;
}

/** Resolves after `n` animation frames (n = 2: a frame drawn before the call is on screen). */
export const nextFrames = (n: number): Promise<void> =>
  new Promise((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  });

/** Mark the first frame as on screen: `data-preview-frame="1"` on `host` and the user-timing mark. */
export function markShown(stage: Stage, host: HTMLElement): void {
  stage.shown = true;
  host.dataset.previewFrame = '1';
  performance.mark(FIRST_FRAME_MARK);
}

/**
 * Show the first frame of `url` in `host` (an element already in the page, sized as the viewer's
 * canvas will be) before any component exists, and keep it prepared for the component that takes it
 * over; `release` is called once the canvas has moved there (or the stage is freed), to remove what
 * surrounds `host`. Resolves once the picture is on screen; rejects as the stage does.
 */
export async function showFirstFrame(url: string, host: HTMLElement, release: () => void): Promise<void> {
  const size = { width: host.clientWidth, height: host.clientHeight };
  prepareFirstFrame(url, size);
  const stage = await prepared.get(url)!;
  stage.release = release;
  drawAt(stage, size);
  host.appendChild(stage.renderer.domElement);
  await nextFrames(2);
  if (stage.release === release) markShown(stage, host);
}
