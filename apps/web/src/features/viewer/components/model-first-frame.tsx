/**
 * The first frame of an IFC model (issue 3 "first frame"; spec 001 §2 preview overlay, "an embedded
 * model viewer"): draws the model's preview GLB (made on the server by converters/preview-glb.ts:
 * all geometry, one mesh per colour, meshopt-compressed) with plain three.js — no fragments worker,
 * tree or picking — so a visitor sees the model while the full viewer loads beneath it. The camera
 * is the full viewer's opening view (lib/first-view.ts), so the swap does not jump. Downloading,
 * parsing, the renderer and the shaders can be prepared before the component mounts
 * (`prepareFirstFrame(url)`, started as soon as a share link is known to hold a model).
 *
 * Shape: `<ModelFirstFrame url onDrawn onError />` fills its parent. After the first render the root
 * gets `data-preview-frame="1"`, the user-timing mark `bimdrive:first-frame` is set, and onDrawn is
 * called once. The picture is still: it is replaced as
 * soon as the full viewer has drawn. Errors: a failed download or an unreadable GLB calls onError
 * with the message (the caller then shows the full viewer alone). Unmounting frees the GL context.
 */
import { useEffect, useRef, type ReactElement } from 'react';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { takePrefetched } from '../../../lib/prefetch.ts';
import { firstView, VIEWER_FOV_DEG } from '../lib/first-view.ts';

/** Props of ModelFirstFrame. */
export interface ModelFirstFrameProps {
  /** Same-origin URL of the preview GLB. */
  url: string;
  onDrawn: () => void;
  onError: (message: string) => void;
}

const BACKGROUND = 0xf3f5f9; // the full viewer's background
/** User-timing mark set when the still frame is on screen (read by bench/first-frame.ts). */
export const FIRST_FRAME_MARK = 'bimdrive:first-frame';

/**
 * A preview ready to show: its renderer (canvas not yet in the page), scene and model box, and the
 * canvas size (CSS px) it has already drawn the picture at, if any.
 */
interface Stage {
  renderer: THREE.WebGLRenderer;
  scene: THREE.Scene;
  box: THREE.Box3;
  drawnAt: { width: number; height: number } | null;
}

/** Draw the opening view at a canvas size (CSS px). */
function draw(stage: Stage, width: number, height: number): void {
  stage.renderer.setSize(width, height);
  stage.renderer.render(stage.scene, viewCamera(stage.box, width / Math.max(1, height)));
  stage.drawnAt = { width, height };
}

/** Stages being built ahead of the component (prepareFirstFrame), each taken once. */
const prepared = new Map<string, Promise<Stage>>();
/** A stage nobody took is freed after this long (ms). */
const UNCLAIMED_MS = 30_000;

function disposeStage({ renderer, scene }: Stage): void {
  scene.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (!mesh.isMesh) return;
    mesh.geometry.dispose();
    for (const m of [mesh.material].flat()) m.dispose();
  });
  renderer.dispose();
  renderer.forceContextLoss();
  renderer.domElement.remove();
}

/**
 * Download and parse the GLB, swap in Lambert materials (a fraction of glTF's physically based
 * shading on a software GPU), create the renderer and compile the shaders: everything but the draw.
 */
async function buildStage(url: string, size?: { width: number; height: number }): Promise<Stage> {
  const res = await (takePrefetched(url) ?? fetch(url, { credentials: 'same-origin' }));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const gltf = await new GLTFLoader()
    .setMeshoptDecoder(MeshoptDecoder)
    .parseAsync(await res.arrayBuffer(), '');
  gltf.scene.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (!mesh.isMesh) return;
    const pbr = mesh.material as THREE.MeshStandardMaterial;
    mesh.material = new THREE.MeshLambertMaterial({
      color: pbr.color,
      opacity: pbr.opacity,
      transparent: pbr.transparent,
      side: THREE.DoubleSide,
      flatShading: true,
    });
    pbr.dispose();
  });
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(BACKGROUND);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8d8d8d, 2));
  const sun = new THREE.DirectionalLight(0xffffff, 1.5);
  sun.position.set(5, 10, 3);
  scene.add(sun, gltf.scene);
  const renderer = new THREE.WebGLRenderer({ antialias: false });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.domElement.style.display = 'block';
  const stage: Stage = { renderer, scene, box: new THREE.Box3().setFromObject(gltf.scene), drawnAt: null };
  // With the size the canvas will have, draw now: the GPU process works on it while the page around
  // the viewer is still rendering, and a canvas not yet shown keeps its picture.
  if (size && size.width > 0 && size.height > 0) draw(stage, size.width, size.height);
  return stage;
}

/**
 * Build the first frame of the preview GLB at `url` now (e.g. while the page around the viewer is
 * still rendering); with `size`, the CSS size its canvas is expected to get, it is also drawn. The
 * next ModelFirstFrame for that URL only has to show it (or draw it at its real size).
 */
export function prepareFirstFrame(url: string, size?: { width: number; height: number }): void {
  if (prepared.has(url)) return;
  const stage = buildStage(url, size);
  stage.catch(() => undefined); // reported to the component that takes it
  prepared.set(url, stage);
  setTimeout(() => {
    if (prepared.get(url) !== stage) return;
    prepared.delete(url);
    void stage.then(disposeStage, () => undefined);
  }, UNCLAIMED_MS);
}

function takeStage(url: string): Promise<Stage> {
  const stage = prepared.get(url);
  prepared.delete(url);
  return stage ?? buildStage(url);
}

/** The full viewer's opening camera for a model box and a canvas aspect (width / height). */
function viewCamera(box: THREE.Box3, aspect: number): THREE.PerspectiveCamera {
  const view = firstView(box, aspect);
  const camera = new THREE.PerspectiveCamera(VIEWER_FOV_DEG, aspect, view.near, view.far);
  camera.position.copy(view.position);
  camera.lookAt(view.target);
  return camera;
}

const nextFrames = (n: number): Promise<void> =>
  new Promise((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  });

/** The still first frame of a model; see the module docstring. */
export function ModelFirstFrame({ url, onDrawn, onError }: ModelFirstFrameProps): ReactElement {
  const hostRef = useRef<HTMLDivElement | null>(null);
  const callbacks = useRef({ onDrawn, onError });
  useEffect(() => {
    callbacks.current = { onDrawn, onError };
  });

  useEffect(() => {
    const host = hostRef.current!;
    let live = true;
    const stage = takeStage(url);
    void (async () => {
      try {
        const ready = await stage;
        if (!live) return;
        const { clientWidth: width, clientHeight: height } = host;
        if (ready.drawnAt?.width !== width || ready.drawnAt.height !== height) draw(ready, width, height);
        host.appendChild(ready.renderer.domElement);
        // Mark the frame once it is on screen (two animation frames later), then let what comes next
        // (the full viewer's code, which holds the main thread for a while) start a frame after that.
        await nextFrames(2);
        if (!live) return;
        host.dataset.previewFrame = '1';
        performance.mark(FIRST_FRAME_MARK);
        await nextFrames(1);
        if (live) callbacks.current.onDrawn();
      } catch (e) {
        if (live) callbacks.current.onError(e instanceof Error ? e.message : String(e));
      }
    })();
    return () => {
      live = false;
      void stage.then(disposeStage, () => undefined);
    };
  }, [url]);

  return (
    <div
      ref={hostRef}
      data-testid="viewer-preview-frame"
      style={{ position: 'absolute', inset: 0, overflow: 'hidden', background: '#f3f5f9' }}
    />
  );
}
