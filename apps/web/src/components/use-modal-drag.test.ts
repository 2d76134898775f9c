import { describe, expect, it } from 'vitest';
import { clampOffset, DIALOG_MIN, resizeBox } from './use-modal-drag.tsx';

describe('clampOffset (draggable dialogs, 000 §2)', () => {
  const vp = { width: 1280, height: 800 };
  it('keeps an offset inside the viewport as is', () =>
    expect(clampOffset(100, 50, vp)).toEqual({ x: 100, y: 50 }));
  it('keeps the title bar reachable', () => {
    expect(clampOffset(-5000, -5000, vp)).toEqual({ x: -580, y: -90 });
    expect(clampOffset(5000, 5000, vp)).toEqual({ x: 580, y: 640 });
  });
});

describe('resizeBox (resizable dialogs, 000 §2, §9 minimum 400 × 300)', () => {
  const max = { width: 1200, height: 700 };
  it('follows the grip', () =>
    expect(resizeBox({ width: 800, height: 500 }, 120, -40, max)).toEqual({ width: 920, height: 460 }));
  it('never goes below 400 × 300', () =>
    expect(resizeBox({ width: 800, height: 500 }, -2000, -2000, max)).toEqual(DIALOG_MIN));
  it('stops at the room left in the viewport', () =>
    expect(resizeBox({ width: 800, height: 500 }, 5000, 5000, max)).toEqual(max));
});
