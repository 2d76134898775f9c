/**
 * Snapping of the 测量 tool (issue 13 "snapping to vertices and edges") on a plain three.js hit (GLB
 * models; fragments models snap in @thatopen/fragments' own `raycastWithSnapping`): the hit point
 * moves to a corner of the hit triangle within `px` screen pixels, else onto the nearest triangle edge
 * within `px`, else stays on the face. Pure: the caller passes the world → screen projection.
 */
import * as THREE from 'three';

/** What a picked point snapped to. */
export type SnapKind = 'vertex' | 'edge' | 'face';

/** A picked point in world coordinates and what it snapped to. */
export interface SnapHit {
  point: THREE.Vector3;
  snap: SnapKind;
}

/** Screen pixels within which a point snaps to a vertex or an edge. */
export const SNAP_PX = 10;

/**
 * Snap `hit` (on the triangle `tri`, world coordinates) for a pointer at `pointer` (screen px).
 * @param project world → screen px (same space as `pointer`)
 */
export function snapOnTriangle(
  hit: THREE.Vector3,
  tri: readonly [THREE.Vector3, THREE.Vector3, THREE.Vector3],
  pointer: THREE.Vector2,
  project: (p: THREE.Vector3) => THREE.Vector2,
  px = SNAP_PX,
): SnapHit {
  let best: { d: number; p: THREE.Vector3 } | null = null;
  for (const corner of tri) {
    const d = project(corner).distanceTo(pointer);
    if (d <= px && (!best || d < best.d)) best = { d, p: corner };
  }
  if (best) return { point: best.p.clone(), snap: 'vertex' };
  const segment = new THREE.Line3();
  const onEdge = new THREE.Vector3();
  for (let i = 0; i < 3; i++) {
    segment.set(tri[i]!, tri[(i + 1) % 3]!);
    segment.closestPointToPoint(hit, true, onEdge);
    const d = project(onEdge).distanceTo(pointer);
    if (d <= px && (!best || d < best.d)) best = { d, p: onEdge.clone() };
  }
  if (best) return { point: best.p, snap: 'edge' };
  return { point: hit.clone(), snap: 'face' };
}
