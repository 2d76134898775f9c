/**
 * How many of a horizontal menu's items fit its width (issue 17, NavMenu; antd Menu's overflow): the
 * items are measured as rendered (the ones that do not fit stay rendered, invisible, so they keep their
 * widths), and when not all fit, as many as leave room for the "…" item that lists the rest (itself
 * shown only when it fits).
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

/** What to show of a horizontal menu. */
export interface OverflowState {
  /** Count of leading items shown. */
  shown: number;
  /** Show the "…" item. */
  rest: boolean;
}

/** The items and "…" to show; `enabled` false shows all items. */
export function useOverflowCount(
  list: RefObject<HTMLElement | null>,
  itemSelector: string,
  restSelector: string,
  count: number,
  enabled: boolean,
): OverflowState {
  const [state, setState] = useState<OverflowState>({ shown: count, rest: false });

  useLayoutEffect(() => {
    const el = list.current;
    if (!enabled || !el) {
      setState({ shown: count, rest: false });
      return;
    }
    const measure = () => {
      const widths = [...el.querySelectorAll<HTMLElement>(itemSelector)].map(
        (e) => e.getBoundingClientRect().width,
      );
      const rest = el.querySelector<HTMLElement>(restSelector)?.getBoundingClientRect().width ?? 0;
      const room = el.clientWidth;
      let fit = widths.length;
      if (widths.reduce((a, b) => a + b, 0) > room + 0.5) {
        let used = rest;
        fit = 0;
        while (fit < widths.length && used + widths[fit]! <= room + 0.5) used += widths[fit++]!;
      }
      const next = { shown: fit, rest: fit < widths.length && rest <= room + 0.5 };
      setState((s) => (s.shown === next.shown && s.rest === next.rest ? s : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, [list, itemSelector, restSelector, count, enabled]);

  return enabled ? state : { shown: count, rest: false };
}
