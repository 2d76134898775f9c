/**
 * The 测距 marks over the 2D drawing (issue 13 "2D drawings": distance measure; spec 001 §2 preview
 * overlay): a circle at each measured point and a dashed line between two, drawn in an SVG over the
 * canvas at the points' canvas positions (drawing-geometry.ts sceneToCanvas), in an ink that shows on
 * the background. Nothing is drawn before the drawing is loaded or without points. The caller
 * re-renders it on every view change so the marks follow pan and zoom.
 */
import type { DxfViewer } from 'dxf-viewer';
import type { ReactElement } from 'react';
import type { Background } from './drawing-background.ts';
import { sceneToCanvas, type Point } from './drawing-geometry.ts';

/** Props of MeasureOverlay. */
export interface MeasureOverlayProps {
  /** The model-space viewer (its camera and canvas place the points). */
  viewer: DxfViewer | null;
  /** The drawing is loaded. */
  ready: boolean;
  /** The measured scene points. */
  points: readonly Point[];
  background: Background;
}

/** The measure marks, or nothing. */
export function MeasureOverlay({
  viewer,
  ready,
  points,
  background,
}: MeasureOverlayProps): ReactElement | null {
  const ink = background === 'black' ? '#ffd666' : '#d4380d';
  const canvas = ready ? viewer?.GetCanvas() : null;
  const screen =
    ready && viewer && canvas
      ? points.map((p) => sceneToCanvas(viewer.GetCamera(), canvas.clientWidth, canvas.clientHeight, p))
      : [];
  if (screen.length === 0) return null;
  return (
    <svg
      aria-hidden
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
    >
      {screen[1] && (
        <line
          x1={screen[0]!.x}
          y1={screen[0]!.y}
          x2={screen[1].x}
          y2={screen[1].y}
          stroke={ink}
          strokeWidth={2}
          strokeDasharray="6 4"
        />
      )}
      {screen.map((p, i) => (
        <circle key={i} cx={p.x} cy={p.y} r={4} fill="none" stroke={ink} strokeWidth={2} />
      ))}
    </svg>
  );
}
