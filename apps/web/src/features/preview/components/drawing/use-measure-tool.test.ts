// @vitest-environment jsdom
/**
 * The 测距 tool of the drawing viewer (issue 13 "2D drawings"): clicks count only while it is on, two
 * points give the distance, a third starts over, and switching it on or off clears the points.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nextMeasurePoints, useMeasureTool } from './use-measure-tool.ts';

describe('nextMeasurePoints', () => {
  it('adds up to two points, then starts a new measure', () => {
    const p = { x: 1, y: 2 };
    const q = { x: 4, y: 6 };
    const r = { x: 9, y: 9 };
    expect(nextMeasurePoints([], p)).toEqual([p]);
    expect(nextMeasurePoints([p], q)).toEqual([p, q]);
    expect(nextMeasurePoints([p, q], r)).toEqual([r]);
  });
});

describe('useMeasureTool', () => {
  it('ignores clicks while off, measures two points while on, and clears on toggle and stop', () => {
    const { result } = renderHook(() => useMeasureTool());
    act(() => result.current.pick({ x: 0, y: 0 }));
    expect(result.current.points).toEqual([]);

    act(() => result.current.toggle());
    expect(result.current.measuring).toBe(true);
    act(() => result.current.pick({ x: 0, y: 0 }));
    expect(result.current.length).toBeNull();
    act(() => result.current.pick({ x: 3, y: 4 }));
    expect(result.current.length).toBe(5);
    act(() => result.current.pick({ x: 1, y: 1 }));
    expect(result.current.points).toEqual([{ x: 1, y: 1 }]);
    expect(result.current.length).toBeNull();

    act(() => result.current.toggle());
    expect(result.current).toMatchObject({ measuring: false, points: [] });
    act(() => result.current.toggle());
    act(() => result.current.pick({ x: 2, y: 2 }));
    act(() => result.current.stop());
    expect(result.current).toMatchObject({ measuring: false, points: [] });
  });
});
