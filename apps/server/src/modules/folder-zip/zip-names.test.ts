import { describe, expect, it } from 'vitest';
import { EntryNamer, safeSegment } from './zip-names.ts';

describe('zip entry names (issue 5 folder zips)', () => {
  it('never yields an empty, dot-only, absolute or drive-letter segment', () => {
    for (const bad of ['', '.', '..', '...', ' .. ', '. .']) expect(safeSegment(bad)).toBe('_');
    expect(safeSegment('/etc/passwd')).toBe('_etc_passwd');
    expect(safeSegment('C:\\Windows')).toBe('C__Windows');
    expect(safeSegment('../x')).toBe('.._x');
  });

  it('drops control characters, replaces reserved ones, trims trailing dots and spaces', () => {
    expect(safeSegment('a\u0000b\u001fc\u007fd\u0085e')).toBe('abcde');
    expect(safeSegment('a*b?c"d<e>f|g')).toBe('a_b_c_d_e_f_g');
    expect(safeSegment('  报告. . ')).toBe('报告');
  });

  it('prefixes Windows device names and keeps Chinese names as they are', () => {
    expect(safeSegment('CON')).toBe('_CON');
    expect(safeSegment('nul.txt')).toBe('_nul.txt');
    expect(safeSegment('com10')).toBe('com10');
    expect(safeSegment('项目资料')).toBe('项目资料');
  });

  it('cuts long names to 200 characters and keeps the extension', () => {
    const s = safeSegment(`${'长'.repeat(300)}.ifc`);
    expect(s.length).toBe(200);
    expect(s.endsWith('.ifc')).toBe(true);
  });

  it('numbers duplicates per folder, case-insensitively, before the extension', () => {
    const n = new EntryNamer();
    expect(n.next('', 'a', true)).toBe('a');
    expect(n.next('a', 'x.ifc', false)).toBe('a/x.ifc');
    expect(n.next('a', 'X.IFC', false)).toBe('a/X (2).IFC');
    expect(n.next('a', 'x:.ifc', false)).toBe('a/x_.ifc');
    expect(n.next('a', 'x.ifc', false)).toBe('a/x (3).ifc');
    expect(n.next('a', 'v1.0', true)).toBe('a/v1.0');
    expect(n.next('a', 'v1.0', true)).toBe('a/v1.0 (2)');
    expect(n.next('b', 'x.ifc', false)).toBe('b/x.ifc');
  });
});
