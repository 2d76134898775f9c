/**
 * The 测距 tool of the 2D drawing viewer (issue 13 "2D drawings": distance measure in drawing units;
 * spec 001 §2 preview overlay): switched on and off, it collects the clicked scene points — a first,
 * a second (then the distance is known), and a third click starts a new measure.
 */
import { useState } from 'react';
import { distance, type Point } from './drawing-geometry.ts';

/** The measure's points after a click at `p`: added, or a new measure after two. */
export function nextMeasurePoints(points: readonly Point[], p: Point): Point[] {
  return points.length >= 2 ? [p] : [...points, p];
}

/** The measure tool's state and actions. */
export interface MeasureTool {
  /** The tool is on (clicks measure). */
  measuring: boolean;
  /** The clicked scene points (0, 1 or 2). */
  points: Point[];
  /** Distance between the two points in drawing units, null until there are two. */
  length: number | null;
  /** Switch the tool on or off; either way the points are cleared. */
  toggle: () => void;
  /** Switch the tool off and clear the points (e.g. when leaving model space). */
  stop: () => void;
  /** A click at scene point `p`; ignored while the tool is off. */
  pick: (p: Point) => void;
}

/** The measure tool, off at first. */
export function useMeasureTool(): MeasureTool {
  const [measuring, setMeasuring] = useState(false);
  const [points, setPoints] = useState<Point[]>([]);
  const [a, b] = points;
  return {
    measuring,
    points,
    length: a && b ? distance(a, b) : null,
    toggle: () => {
      setMeasuring((m) => !m);
      setPoints([]);
    },
    stop: () => {
      setMeasuring(false);
      setPoints([]);
    },
    pick: (p) => {
      if (measuring) setPoints((list) => nextMeasurePoints(list, p));
    },
  };
}
