/**
 * Drag a dialog by its title (spec 000 §2 Dialogs: "Dialogs can be dragged"). Use the answer's
 * `title(text)` as the Modal's `title`, `modalRender` as its `modalRender` and `reset` as its
 * `afterClose`, so a dialog opens centred again. The title bar stays reachable (the offset is
 * clamped to the viewport).
 */
import { useCallback, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { followPointer } from '../lib/pointer-drag.ts';

/** What useModalDrag gives back. */
export interface ModalDrag {
  /** The draggable title bar. */
  title: (text: ReactNode) => ReactNode;
  /** Wraps the dialog so it follows the drag. */
  modalRender: (node: ReactNode) => ReactNode;
  /** Back to the centre (call after close). */
  reset: () => void;
  /** The current offset (px from the centred position). */
  offset: () => { x: number; y: number };
  /** Move the dialog (clamped like a drag). */
  setOffset: (o: { x: number; y: number }) => void;
}

/** A dialog's size in CSS px. */
export interface Box {
  width: number;
  height: number;
}

/** Smallest size a resizable dialog takes (spec 000 §9: 400 × 300). */
export const DIALOG_MIN: Box = { width: 400, height: 300 };

/**
 * The size after dragging the corner grip by (dx, dy) px from `start`: at least DIALOG_MIN, at most
 * `max` (the room left in the viewport).
 */
export function resizeBox(start: Box, dx: number, dy: number, max: Box): Box {
  const clamp = (v: number, lo: number, hi: number) =>
    Math.round(Math.min(Math.max(v, lo), Math.max(lo, hi)));
  return {
    width: clamp(start.width + dx, DIALOG_MIN.width, max.width),
    height: clamp(start.height + dy, DIALOG_MIN.height, max.height),
  };
}

/**
 * Clamp a drag offset (px from the centred position) so a dialog shown ~100 px from the top keeps its
 * title bar on screen.
 */
export function clampOffset(
  x: number,
  y: number,
  viewport: { width: number; height: number },
): { x: number; y: number } {
  const maxX = Math.max(0, viewport.width / 2 - 60);
  return {
    x: Math.min(Math.max(x, -maxX), maxX),
    y: Math.min(Math.max(y, -90), Math.max(0, viewport.height - 160)),
  };
}

/** Title-bar drag for one antd Modal. */
export function useModalDrag(): ModalDrag {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const current = useRef(offset);
  current.current = offset;

  const onPointerDown = useCallback((e: PointerEvent<HTMLDivElement>) => {
    const start = { ...current.current };
    followPointer(e, (dx, dy) =>
      setOffset(
        clampOffset(start.x + dx, start.y + dy, { width: window.innerWidth, height: window.innerHeight }),
      ),
    );
  }, []);

  return {
    title: (text) => (
      <div onPointerDown={onPointerDown} style={{ cursor: 'move', userSelect: 'none' }} data-drag-handle>
        {text}
      </div>
    ),
    modalRender: (node) => <div style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}>{node}</div>,
    reset: () => setOffset({ x: 0, y: 0 }),
    offset: () => current.current,
    setOffset: (o) =>
      setOffset(clampOffset(o.x, o.y, { width: window.innerWidth, height: window.innerHeight })),
  };
}
