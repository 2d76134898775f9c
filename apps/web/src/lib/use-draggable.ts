/**
 * Pointer-drag for floating windows and buttons (spec 000 §2: the file-transfer panel is a draggable
 * floating window; a draggable floating transfer button). Position is kept inside the viewport.
 */
import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { followPointer } from './pointer-drag.ts';

/** A point in viewport pixels (top-left corner of the element). */
export interface Point {
  x: number;
  y: number;
}

/** Clamp a top-left position so an element of the given size stays inside the viewport. */
export function clampToViewport(
  p: Point,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): Point {
  return {
    x: Math.min(Math.max(0, p.x), Math.max(0, viewport.width - size.width)),
    y: Math.min(Math.max(0, p.y), Math.max(0, viewport.height - size.height)),
  };
}

/** What useDraggable gives back. */
export interface Draggable {
  position: Point;
  /** Spread on the drag handle. */
  onPointerDown: (e: ReactPointerEvent<HTMLElement>) => void;
  /** True when the last pointer gesture moved more than a few pixels (to ignore the click after a drag). */
  wasDragged: () => boolean;
}

/**
 * Make an element draggable by a handle.
 * @param initial initial top-left position, computed lazily from the viewport
 */
export function useDraggable(initial: () => Point): Draggable {
  const [position, setPosition] = useState<Point>(initial);
  const moved = useRef(false);

  const onPointerDown = useCallback((e: ReactPointerEvent<HTMLElement>) => {
    const target =
      (e.currentTarget.closest('[data-draggable-root]') as HTMLElement | null) ?? e.currentTarget;
    const rect = target.getBoundingClientRect();
    moved.current = false;
    followPointer(e, (dx, dy) => {
      if (!moved.current && Math.abs(dx) + Math.abs(dy) < 4) return;
      moved.current = true;
      setPosition(
        clampToViewport(
          { x: rect.left + dx, y: rect.top + dy },
          { width: rect.width, height: rect.height },
          { width: window.innerWidth, height: window.innerHeight },
        ),
      );
    });
  }, []);

  return { position, onPointerDown, wasDragged: () => moved.current };
}
