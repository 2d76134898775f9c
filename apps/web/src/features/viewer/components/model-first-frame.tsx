/**
 * The first frame of an IFC model (issue 3 "first frame"; spec 001 §2 preview overlay, "an embedded
 * model viewer"): draws the model's preview GLB (made on the server by converters/preview-glb.ts:
 * all geometry, one mesh per colour, meshopt-compressed) with plain three.js — no fragments worker,
 * tree or picking — so a visitor sees the model while the full viewer loads beneath it. The camera
 * is the full viewer's opening view (lib/first-view.ts), so the swap does not jump.
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
    const renderer = new THREE.WebGLRenderer({ antialias: false });
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    renderer.setSize(host.clientWidth, host.clientHeight);
    renderer.domElement.style.display = 'block';
    host.appendChild(renderer.domElement);
    const scene = new THREE.Scene();
    scene.background = new THREE.Color(BACKGROUND);
    scene.add(new THREE.HemisphereLight(0xffffff, 0x8d8d8d, 2));
    const sun = new THREE.DirectionalLight(0xffffff, 1.5);
    sun.position.set(5, 10, 3);
    scene.add(sun);

    void (async () => {
      try {
        const res = await (takePrefetched(url) ?? fetch(url, { credentials: 'same-origin' }));
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
        const gltf = await loader.parseAsync(await res.arrayBuffer(), '');
        if (!live) return;
        scene.add(gltf.scene);
        const aspect = host.clientWidth / Math.max(1, host.clientHeight);
        const view = firstView(new THREE.Box3().setFromObject(gltf.scene), aspect);
        const camera = new THREE.PerspectiveCamera(VIEWER_FOV_DEG, aspect, view.near, view.far);
        camera.position.copy(view.position);
        camera.lookAt(view.target);
        renderer.render(scene, camera);
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
      scene.traverse((o) => {
        const mesh = o as THREE.Mesh;
        if (!mesh.isMesh) return;
        mesh.geometry.dispose();
        for (const m of [mesh.material].flat()) m.dispose();
      });
      renderer.dispose();
      renderer.forceContextLoss();
      renderer.domElement.remove();
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
