/** Unit tests of the remembered file-browser view (issue 14). */
import { afterEach, describe, expect, it } from 'vitest';
import { FILE_VIEW_KEY, readFileView } from './file-view.ts';

const store = (v: string | null) => ({ getItem: (k: string) => (k === FILE_VIEW_KEY ? v : null) });

describe('readFileView', () => {
  it('answers the remembered grid, else the list', () => {
    expect(readFileView(store('grid'))).toBe('grid');
    expect(readFileView(store('list'))).toBe('list');
    expect(readFileView(store(null))).toBe('list');
    expect(readFileView(store('cards'))).toBe('list');
    expect(readFileView(undefined)).toBe('list');
  });

  it('answers the list when storage throws (blocked cookies)', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readFileView(blocked)).toBe('list');
  });

  describe('with the browser’s own storage', () => {
    const own = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    afterEach(() => {
      if (own) Object.defineProperty(globalThis, 'localStorage', own);
      else delete (globalThis as { localStorage?: Storage }).localStorage;
    });

    it('answers the list when merely reading localStorage throws (storage blocked)', () => {
      Object.defineProperty(globalThis, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
      expect(readFileView()).toBe('list');
    });

    it('reads the remembered view from localStorage when none is passed', () => {
      Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: store('grid') });
      expect(readFileView()).toBe('grid');
    });
  });
});
