/**
 * The measurements of the 3D viewer's 测量 tool (issue 13 "measure (distance, angle, area)"), as pure
 * functions of world points (three.js vectors, model units = metres: IFC fragments and glTF are both
 * in metres) so they are tested without WebGL. `distance(a, b)` in m; `angleAt(a, vertex, c)` in
 * degrees (0–180) at the middle point; `polygonArea(points)` in m² of a planar polygon in 3D (Newell's
 * normal; a non-planar one gives the area of its projection on the best-fit plane); the format helpers
 * give the texts the labels show.
 */
import * as THREE from 'three';

/** What a measurement collects: two points, three (the vertex in the middle) or a polygon. */
export type MeasureMode = 'distance' | 'angle' | 'area';

/** Points a mode needs before it has a result (area: at least 3, finished by the user). */
export const POINTS_NEEDED: Record<MeasureMode, number> = { distance: 2, angle: 3, area: 3 };

/** Distance between two points, in model units (m). */
export const distance = (a: THREE.Vector3, b: THREE.Vector3): number => a.distanceTo(b);

/** Angle a–vertex–c in degrees (0–180); 0 when a leg has no length. */
export function angleAt(a: THREE.Vector3, vertex: THREE.Vector3, c: THREE.Vector3): number {
  const u = a.clone().sub(vertex);
  const v = c.clone().sub(vertex);
  if (u.lengthSq() === 0 || v.lengthSq() === 0) return 0;
  return THREE.MathUtils.radToDeg(u.angleTo(v));
}

/** Area of the polygon through `points` (closed implicitly), in m²; 0 for fewer than 3 points. */
export function polygonArea(points: readonly THREE.Vector3[]): number {
  if (points.length < 3) return 0;
  const normal = new THREE.Vector3();
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const q = points[(i + 1) % points.length]!;
    normal.x += (p.y - q.y) * (p.z + q.z);
    normal.y += (p.z - q.z) * (p.x + q.x);
    normal.z += (p.x - q.x) * (p.y + q.y);
  }
  return normal.length() / 2;
}

/** A length for a label: millimetres below 1 m ("850 mm"), metres with 3 decimals above ("12.345 m"). */
export function formatLength(m: number): string {
  return Math.abs(m) < 1 ? `${Math.round(m * 1000)} mm` : `${m.toFixed(3)} m`;
}

/** An area for a label, in m² with 3 decimals ("24.500 m²"). */
export const formatArea = (m2: number): string => `${m2.toFixed(3)} m²`;

/** An angle for a label, in degrees with 1 decimal ("90.0°"). */
export const formatAngle = (deg: number): string => `${deg.toFixed(1)}°`;

/** The label of a finished measurement of `mode` over `points`. */
export function measureLabel(mode: MeasureMode, points: readonly THREE.Vector3[]): string {
  if (mode === 'distance') return formatLength(distance(points[0]!, points[1]!));
  if (mode === 'angle') return formatAngle(angleAt(points[0]!, points[1]!, points[2]!));
  return formatArea(polygonArea(points));
}
