/**
 * The 2D drawing viewer's background (issue 13 "2D drawings"; spec 001 §2 preview overlay): white or
 * black, remembered per browser in localStorage, and the CSS clear colour each one paints. Unreadable
 * or unwritable storage (private mode, blocked cookies) never fails: the choice then lasts for the view.
 */

/** A background of the drawing viewer. */
export type Background = 'white' | 'black';

/** localStorage key of the chosen background. */
export const BACKGROUND_KEY = 'bimdrive.drawing.background';

/** CSS colour painted behind the drawing for each background. */
export const BG: Record<Background, string> = { white: '#ffffff', black: '#000000' };

/**
 * The remembered background: 'black' when stored so, else 'white' (none, an unknown value, or storage
 * that throws). `storage` defaults to localStorage, read inside the guard (reading it can throw too).
 */
export function storedBackground(storage?: Pick<Storage, 'getItem'>): Background {
  try {
    return (storage ?? localStorage).getItem(BACKGROUND_KEY) === 'black' ? 'black' : 'white';
  } catch {
    return 'white';
  }
}

/** Remember `background` for the next views; storage that throws is ignored. */
export function storeBackground(background: Background, storage?: Pick<Storage, 'setItem'>): void {
  try {
    (storage ?? localStorage).setItem(BACKGROUND_KEY, background);
  } catch {
    // private mode: the choice lasts for this view only
  }
}
