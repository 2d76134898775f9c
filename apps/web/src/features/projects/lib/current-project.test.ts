import { afterEach, describe, expect, it } from 'vitest';
import {
  PROJECT_INFO_KEY,
  clearStoredProject,
  pickProject,
  readStoredProject,
  storeProject,
} from './current-project.ts';

const a = { iuid: 'a', projectName: '甲' };
const b = { iuid: 'b', projectName: '乙' };

describe('pickProject (000 §4 current project)', () => {
  it('takes the requested project when listed, with its listed name', () => {
    expect(pickProject([a, b], 'b', a)).toEqual(b);
  });
  it('keeps a requested id that is not listed (the server decides)', () => {
    expect(pickProject([a], 'zz', null)).toEqual({ iuid: 'zz', projectName: '' });
  });
  it('uses the stored project when still listed', () => {
    expect(pickProject([a, b], '', b)).toEqual(b);
  });
  it('resets to the first when the stored one is no longer listed', () => {
    expect(pickProject([a, b], '', { iuid: 'gone', projectName: 'x' })).toEqual(a);
  });
  it('answers null without projects', () => {
    expect(pickProject([], '', b)).toBeNull();
  });
});

describe('stored projectInfo (001 §3)', () => {
  const store = new Map<string, string>();
  globalThis.localStorage ??= {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: () => null,
    length: 0,
  } as Storage;
  afterEach(() => clearStoredProject());

  it('round-trips and clears', () => {
    storeProject(b);
    expect(readStoredProject()).toEqual(b);
    clearStoredProject();
    expect(readStoredProject()).toBeNull();
  });
  it('ignores unreadable values', () => {
    localStorage.setItem(PROJECT_INFO_KEY, '{not json');
    expect(readStoredProject()).toBeNull();
    localStorage.setItem(PROJECT_INFO_KEY, '{"projectName":"x"}');
    expect(readStoredProject()).toBeNull();
  });
});
