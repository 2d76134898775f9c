/** Unit tests of the remembered file-browser view (issue 14). */
import { describe, expect, it } from 'vitest';
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
});
