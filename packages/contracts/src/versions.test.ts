import { describe, expect, it } from 'vitest';
import { sameSuffixFamily } from './versions.ts';

describe('sameSuffixFamily (issue 5: a new version keeps the file format)', () => {
  it('accepts the same suffix, case-insensitively', () => {
    expect(sameSuffixFamily('ifc', 'ifc')).toBe(true);
    expect(sameSuffixFamily('IFC', 'ifc')).toBe(true);
  });
  it('accepts a suffix of the same family', () => {
    expect(sameSuffixFamily('doc', 'docx')).toBe(true);
    expect(sameSuffixFamily('dxf', 'dwg')).toBe(true);
    expect(sameSuffixFamily('jpeg', 'JPG')).toBe(true);
  });
  it('refuses another format', () => {
    expect(sameSuffixFamily('ifc', 'png')).toBe(false);
    expect(sameSuffixFamily('doc', 'xlsx')).toBe(false);
    expect(sameSuffixFamily('ifc', '')).toBe(false);
  });
});
