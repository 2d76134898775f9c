/**
 * A model's snapshot: its GLB drawn once from the full viewer's opening view (first-view.ts), on the
 * viewer's background, with the still frame's lights and flat Lambert shading (preview GLBs carry no
 * normals). Base colours, vertex colours, textures and opacity of the GLB's materials are kept.
 * Errors: HTTP failures (`HTTP <status>`), unreadable GLBs, a model with nothing to draw, no WebGL.
 */
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { stillScene, viewCamera } from '../features/viewer/lib/still-frame.ts';
import type { RenderRequest } from './render-request.ts';

/** The snapshot material of one glTF material. */
function snapshotMaterial(from: THREE.MeshStandardMaterial, vertexColors: boolean): THREE.Material {
  return new THREE.MeshLambertMaterial({
    color: from.color,
    map: from.map,
    opacity: from.opacity,
    transparent: from.transparent,
    vertexColors,
    side: THREE.DoubleSide,
    flatShading: true,
  });
}

/** Draw the GLB at `request.url`; answers a PNG data URL of `width × height`. */
export async function renderModel({ url, width, height }: RenderRequest): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const gltf = await new GLTFLoader()
    .setMeshoptDecoder(MeshoptDecoder)
    .parseAsync(await res.arrayBuffer(), '');
  gltf.scene.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (!mesh.isMesh) return;
    const materials = [mesh.material].flat() as THREE.MeshStandardMaterial[];
    const swapped = materials.map((m) => snapshotMaterial(m, !!mesh.geometry.getAttribute('color')));
    mesh.material = Array.isArray(mesh.material) ? swapped : swapped[0]!;
  });
  const box = new THREE.Box3().setFromObject(gltf.scene);
  if (box.isEmpty()) throw new Error('the model has no geometry');
  const scene = stillScene().add(gltf.scene);
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  try {
    renderer.setPixelRatio(1);
    renderer.setSize(width, height);
    renderer.render(scene, viewCamera(box, width / height));
    return renderer.domElement.toDataURL('image/png');
  } finally {
    renderer.dispose();
    renderer.forceContextLoss();
  }
}
