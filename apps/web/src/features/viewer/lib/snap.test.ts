/** Unit tests of the 测量 tool's snapping on GLB triangles (issue 13). */
import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { snapOnTriangle } from './snap.ts';

// A screen that shows the z = 0 plane 100 px per metre (x right, y down).
const project = (p: THREE.Vector3) => new THREE.Vector2(p.x * 100, -p.y * 100);
const tri = [new THREE.Vector3(0, 0, 0), new THREE.Vector3(2, 0, 0), new THREE.Vector3(0, 2, 0)] as const;
const at = (x: number, y: number) => ({
  hit: new THREE.Vector3(x, y, 0),
  pointer: project(new THREE.Vector3(x, y, 0)),
});

describe('snapOnTriangle', () => {
  it('snaps to a corner within the pixel radius', () => {
    const { hit, pointer } = at(1.95, 0.04);
    const s = snapOnTriangle(hit, tri, pointer, project);
    expect(s.snap).toBe('vertex');
    expect(s.point.toArray()).toEqual([2, 0, 0]);
  });

  it('snaps onto the nearest edge when no corner is near', () => {
    const { hit, pointer } = at(1, 0.06);
    const s = snapOnTriangle(hit, tri, pointer, project);
    expect(s.snap).toBe('edge');
    expect(s.point.x).toBeCloseTo(1);
    expect(s.point.y).toBeCloseTo(0);
    // The hypotenuse x + y = 2.
    const near = at(0.97, 0.97);
    const h = snapOnTriangle(near.hit, tri, near.pointer, project);
    expect(h.snap).toBe('edge');
    expect(h.point.x + h.point.y).toBeCloseTo(2);
  });

  it('stays on the face away from corners and edges', () => {
    const { hit, pointer } = at(0.5, 0.5);
    const s = snapOnTriangle(hit, tri, pointer, project);
    expect(s).toEqual({ point: hit, snap: 'face' });
  });
});
