/**
 * The viewer's opening view of a model (spec 001 §2 preview overlay): looking from the south-east
 * and above (direction (1, 0.8, 1)) at the centre of the model's bounding sphere, from the distance
 * at which the sphere fills the narrower field of view — what camera-controls' `fitToSphere` does in
 * viewer-engine.ts, so the first-frame preview and the full viewer open on the same picture.
 *
 * Shape: `firstView(box, aspect, fovDeg)` → `{ position, target, near, far }` in the box's units;
 * `aspect` is width / height (> 0). An empty box gives a unit view at the origin.
 */
import * as THREE from 'three';

/** The vertical field of view of the viewer's camera (degrees; @thatopen/components' SimpleCamera). */
export const VIEWER_FOV_DEG = 60;

/** Direction from the target to the camera in the opening view. */
const FROM = new THREE.Vector3(1, 0.8, 1).normalize();

export function firstView(
  box: THREE.Box3,
  aspect: number,
  fovDeg = VIEWER_FOV_DEG,
): { position: THREE.Vector3; target: THREE.Vector3; near: number; far: number } {
  const sphere = box.isEmpty()
    ? new THREE.Sphere(new THREE.Vector3(), 1)
    : box.getBoundingSphere(new THREE.Sphere());
  const radius = Math.max(sphere.radius, 1e-3);
  const vFov = THREE.MathUtils.degToRad(fovDeg);
  const hFov = Math.atan(Math.tan(vFov / 2) * aspect) * 2;
  const distance = radius / Math.sin((aspect > 1 ? vFov : hFov) / 2);
  return {
    position: sphere.center.clone().addScaledVector(FROM, distance),
    target: sphere.center.clone(),
    near: Math.max(radius / 200, 1e-3),
    far: radius * 400,
  };
}
