import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { firstView } from './first-view.ts';

describe('firstView', () => {
  const box = new THREE.Box3(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1)); // radius √3

  it('looks at the centre from the south-east, above, far enough for the sphere to fit the height', () => {
    const v = firstView(box, 2, 60);
    expect(v.target.toArray()).toEqual([0, 0, 0]);
    const dir = v.position.clone().normalize();
    expect(dir.x).toBeCloseTo(dir.z, 6);
    expect(dir.y / dir.x).toBeCloseTo(0.8, 6);
    // Wide view: the vertical 60° decides, distance = r / sin(30°) = 2r.
    expect(v.position.length()).toBeCloseTo(2 * Math.sqrt(3), 6);
  });

  it('uses the horizontal field of view on a tall (phone) screen', () => {
    const wide = firstView(box, 2).position.length();
    const tall = firstView(box, 0.5).position.length();
    expect(tall).toBeGreaterThan(wide);
    const hFov = Math.atan(Math.tan(Math.PI / 6) * 0.5) * 2;
    expect(tall).toBeCloseTo(Math.sqrt(3) / Math.sin(hFov / 2), 6);
  });

  it('keeps the model inside the clip range and survives an empty box', () => {
    const v = firstView(box, 1.5);
    expect(v.near).toBeLessThan(v.position.length() - Math.sqrt(3));
    expect(v.far).toBeGreaterThan(v.position.length() + Math.sqrt(3));
    expect(firstView(new THREE.Box3(), 1).position.length()).toBeGreaterThan(0);
  });
});
