/**
 * The one pointer-drag primitive of the app (issue 17 "one drag implementation"): floating windows and
 * buttons (use-draggable.ts), dialog titles (use-modal-drag.tsx) and the dialog resize grip
 * (draggable-modal.tsx) all follow a gesture through it.
 */

/** The fields of a pointer press that a drag needs (a React or DOM PointerEvent). */
export interface PointerPress {
  button: number;
  clientX: number;
  clientY: number;
}

/**
 * Follow the gesture that starts with `press`: `onMove(dx, dy)` gets the distance in CSS px from the
 * press on every pointer move, until the pointer is released. A press of any button but the primary
 * one is ignored.
 * @returns whether the gesture is followed.
 */
export function followPointer(press: PointerPress, onMove: (dx: number, dy: number) => void): boolean {
  if (press.button !== 0) return false;
  const move = (ev: PointerEvent) => onMove(ev.clientX - press.clientX, ev.clientY - press.clientY);
  const up = () => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
  return true;
}
