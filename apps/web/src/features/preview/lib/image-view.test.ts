import { describe, expect, it } from 'vitest';
import { fitScale, MAX_SCALE, MIN_SCALE, turnedBox, zoomStep } from './image-view.ts';

describe('image viewer geometry (001 §2 images at most 50%)', () => {
  it('fits a large image into half the viewer, and never enlarges a small one', () => {
    expect(fitScale(4000, 2000, 1000, 800, 0)).toBeCloseTo(0.125); // width-bound: 500 / 4000
    expect(fitScale(1000, 4000, 1000, 800, 0)).toBeCloseTo(0.1); // height-bound: 400 / 4000
    expect(fitScale(100, 50, 1000, 800, 0)).toBe(1);
  });
  it('fits a turned image by its turned size', () => {
    expect(fitScale(4000, 1000, 1000, 800, 90)).toBeCloseTo(0.1); // 4000 tall now: 400 / 4000
    expect(turnedBox(400, 100, 0.5, 270)).toEqual({ width: 50, height: 200 });
    expect(turnedBox(400, 100, 0.5, 180)).toEqual({ width: 200, height: 50 });
  });
  it('zooms in steps within bounds', () => {
    expect(zoomStep(1, 1)).toBeCloseTo(1.25);
    expect(zoomStep(1, -1)).toBeCloseTo(0.8);
    expect(zoomStep(MAX_SCALE, 1)).toBe(MAX_SCALE);
    expect(zoomStep(MIN_SCALE, -1)).toBe(MIN_SCALE);
  });
});
