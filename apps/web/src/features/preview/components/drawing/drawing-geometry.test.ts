import { describe, expect, it } from 'vitest';
import { distance, formatDistance, isClick, sceneToCanvas, type TopCamera } from './drawing-geometry.ts';

describe('sceneToCanvas', () => {
  // dxf-viewer's camera: frustum ±width/2 around 0, moved by position, scaled by zoom.
  const cam: TopCamera = { position: { x: 10, y: 20 }, left: -50, right: 50, top: 25, bottom: -25, zoom: 1 };
  it('puts the camera position at the canvas centre and y up on screen', () => {
    expect(sceneToCanvas(cam, 200, 100, { x: 10, y: 20 })).toEqual({ x: 100, y: 50 });
    expect(sceneToCanvas(cam, 200, 100, { x: -40, y: 45 })).toEqual({ x: 0, y: 0 });
    expect(sceneToCanvas(cam, 200, 100, { x: 60, y: -5 })).toEqual({ x: 200, y: 100 });
  });
  it('scales with zoom', () => {
    expect(sceneToCanvas({ ...cam, zoom: 2 }, 200, 100, { x: 35, y: 20 })).toEqual({ x: 200, y: 50 });
  });
});

describe('distance and clicks', () => {
  it('measures in drawing units', () => {
    expect(distance({ x: 0, y: 0 }, { x: 3000, y: 4000 })).toBe(5000);
  });
  it('tells a click from a pan', () => {
    expect(isClick({ x: 10, y: 10 }, { x: 12, y: 13 })).toBe(true);
    expect(isClick({ x: 10, y: 10 }, { x: 30, y: 10 })).toBe(false);
  });
});

describe('formatDistance', () => {
  it('keeps 3 decimals for large values and 4 significant digits for small ones', () => {
    expect(formatDistance(1234.56789)).toBe('1234.568');
    expect(formatDistance(12)).toBe('12');
    expect(formatDistance(0.000123456)).toBe('0.0001235');
    expect(formatDistance(0)).toBe('0');
    expect(formatDistance(Number.NaN)).toBe('—');
  });
});
