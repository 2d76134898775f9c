/**
 * Layout checks the journeys share (issue 17 "Phone and languages": no sideways overflow at 390 px),
 * by computed style rather than a component library's class names.
 */
import type { Page } from 'playwright-core';

/**
 * Elements inside `rootSelector` that reach past the window's right edge (by more than 1 px), leaving
 * out those inside a scroll container of their own below the root (an ancestor whose `overflow-x` is
 * auto or scroll: a wide table or tab bar that scrolls in its own box is not page overflow).
 * @returns up to 5 descriptions `TAG.class right-px`; [] when nothing overflows.
 */
export function overflowingElements(page: Page, rootSelector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const root = document.querySelector(selector);
    if (!root) throw new Error(`no element ${selector}`);
    const clipped = (e: Element): boolean => {
      for (let a = e.parentElement; a && a !== root; a = a.parentElement)
        if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return true;
      return false;
    };
    return [...root.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > width + 1 && !clipped(e))
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName}.${String(e.className).slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}`,
      );
  }, rootSelector);
}

/**
 * The computed `max-height` of the first element inside `rootSelector` that scrolls vertically
 * (`overflow-y` auto or scroll): a table's scrolling body. @throws when there is none.
 */
export function scrollBodyMaxHeight(page: Page, rootSelector: string): Promise<string> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    const body = [...(root?.querySelectorAll('*') ?? [])].find((e) =>
      /auto|scroll/.test(getComputedStyle(e).overflowY),
    );
    if (!body) throw new Error(`nothing scrolls vertically in ${selector}`);
    return getComputedStyle(body).maxHeight;
  }, rootSelector);
}
