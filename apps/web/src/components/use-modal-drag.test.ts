import { describe, expect, it } from 'vitest';
import { clampOffset } from './use-modal-drag.tsx';

describe('clampOffset (draggable dialogs, 000 §2)', () => {
  const vp = { width: 1280, height: 800 };
  it('keeps an offset inside the viewport as is', () =>
    expect(clampOffset(100, 50, vp)).toEqual({ x: 100, y: 50 }));
  it('keeps the title bar reachable', () => {
    expect(clampOffset(-5000, -5000, vp)).toEqual({ x: -580, y: -90 });
    expect(clampOffset(5000, 5000, vp)).toEqual({ x: 580, y: 640 });
  });
});
