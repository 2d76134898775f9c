import { describe, expect, it } from 'vitest';
import { paramsOfPickerValue, percentOf, pickerValueOf, selectionOf } from './board-view.ts';

describe('board view helpers', () => {
  it('reads the scope from the address, falling back to the personal board', () => {
    const p = (s: string) => new URLSearchParams(s);
    expect(selectionOf(p(''), true)).toEqual({ scope: 'personal' });
    expect(selectionOf(p('scope=project&id=abc'), false)).toEqual({ scope: 'project', id: 'abc' });
    expect(selectionOf(p('scope=project'), true)).toEqual({ scope: 'personal' });
    expect(selectionOf(p('scope=company'), true)).toEqual({ scope: 'company' });
    expect(selectionOf(p('scope=company'), false)).toEqual({ scope: 'personal' });
    expect(selectionOf(p('scope=nonsense&id=x'), true)).toEqual({ scope: 'personal' });
  });

  it('maps selections to picker values and back', () => {
    for (const s of [{ scope: 'personal' }, { scope: 'company' }, { scope: 'project', id: 'p-1' }] as const) {
      const params = new URLSearchParams(paramsOfPickerValue(pickerValueOf(s)));
      expect(selectionOf(params, true)).toEqual(s);
    }
  });

  it('gives bar percentages with a visible minimum for small parts', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(0, 10)).toBe(0);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(1, 100000)).toBe(1);
    expect(percentOf(10, 10)).toBe(100);
  });
});
