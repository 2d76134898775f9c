/** Unit tests of the 测量 tool's arithmetic (issue 13 "measure"). */
import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { angleAt, distance, formatLength, measureLabel, polygonArea } from './measure.ts';

const v = (x: number, y: number, z: number) => new THREE.Vector3(x, y, z);

describe('measure', () => {
  it('measures distances in metres and labels short ones in millimetres', () => {
    expect(distance(v(0, 0, 0), v(3, 4, 0))).toBe(5);
    expect(formatLength(0.85)).toBe('850 mm');
    expect(formatLength(12.3456)).toBe('12.346 m');
    expect(measureLabel('distance', [v(1, 1, 1), v(1, 1, 3.5)])).toBe('2.500 m');
  });

  it('measures the angle at the middle point', () => {
    expect(angleAt(v(1, 0, 0), v(0, 0, 0), v(0, 0, 1))).toBeCloseTo(90);
    expect(angleAt(v(1, 0, 0), v(0, 0, 0), v(1, 1, 0))).toBeCloseTo(45);
    expect(angleAt(v(1, 0, 0), v(0, 0, 0), v(-1, 0, 0))).toBeCloseTo(180);
    expect(angleAt(v(0, 0, 0), v(0, 0, 0), v(1, 0, 0))).toBe(0);
    expect(measureLabel('angle', [v(2, 0, 0), v(0, 0, 0), v(0, 5, 0)])).toBe('90.0°');
  });

  it('measures the area of a polygon in any plane', () => {
    // A 4 m × 2.5 m floor (y up) and the same rectangle standing in a wall plane.
    const floor = [v(0, 3, 0), v(4, 3, 0), v(4, 3, 2.5), v(0, 3, 2.5)];
    expect(polygonArea(floor)).toBeCloseTo(10);
    const wall = [v(0, 0, 1), v(0, 4, 1), v(2.5, 4, 1), v(2.5, 0, 1)];
    expect(polygonArea(wall)).toBeCloseTo(10);
    // An L-shape: 3×3 minus 2×2 = 5, tilted 30° about x.
    const tilt = new THREE.Matrix4().makeRotationX(Math.PI / 6);
    const l = [v(0, 0, 0), v(3, 0, 0), v(3, 1, 0), v(1, 1, 0), v(1, 3, 0), v(0, 3, 0)].map((p) =>
      p.applyMatrix4(tilt),
    );
    expect(polygonArea(l)).toBeCloseTo(5);
    expect(polygonArea([v(0, 0, 0), v(1, 0, 0)])).toBe(0);
    expect(measureLabel('area', floor)).toBe('10.000 m²');
  });
});
