import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  decodeZipName,
  entryKindOf,
  formatEntryTime,
  refusalOf,
  sanitiseEntryPath,
  sizeGuard,
  ZIP_UTF8_FLAG,
} from './archive-entry-rules.ts';

// "图纸/说明.txt" as Chinese Windows stores it (GBK, no UTF-8 flag).
const GBK_NAME = Buffer.from([0xcd, 0xbc, 0xd6, 0xbd, 0x2f, 0xcb, 0xb5, 0xc3, 0xf7, 0x2e, 0x74, 0x78, 0x74]);

describe('decodeZipName', () => {
  it('reads GBK names written without the UTF-8 flag', () => {
    expect(decodeZipName(GBK_NAME, 0)).toBe('图纸/说明.txt');
  });
  it('reads UTF-8 names with the flag, and without it when the bytes are UTF-8', () => {
    const utf8 = Buffer.from('模型/一层.ifc', 'utf8');
    expect(decodeZipName(utf8, ZIP_UTF8_FLAG)).toBe('模型/一层.ifc');
    expect(decodeZipName(utf8, 0)).toBe('模型/一层.ifc');
  });
  it('prefers a matching Info-ZIP Unicode Path field, ignores a stale one', () => {
    const unicode = Buffer.from('图纸/新名.txt', 'utf8');
    const field = (crc: number) => {
      const data = Buffer.alloc(5 + unicode.length);
      data[0] = 1;
      data.writeUInt32LE(crc, 1);
      unicode.copy(data, 5);
      return { id: 0x7075, data };
    };
    expect(decodeZipName(GBK_NAME, 0, [field(crc32(GBK_NAME))])).toBe('图纸/新名.txt');
    expect(decodeZipName(GBK_NAME, 0, [field(crc32(GBK_NAME) ^ 1)])).toBe('图纸/说明.txt');
  });
});

describe('sanitiseEntryPath', () => {
  it('drops parent segments, leading slashes and drive letters, and says so', () => {
    expect(sanitiseEntryPath('../../evil.txt')).toEqual({ path: 'evil.txt', unsafe: true, folder: false });
    expect(sanitiseEntryPath('/etc/passwd')).toEqual({ path: 'etc/passwd', unsafe: true, folder: false });
    expect(sanitiseEntryPath('C:\\Windows\\win.ini')).toEqual({
      path: 'Windows/win.ini',
      unsafe: true,
      folder: false,
    });
    expect(sanitiseEntryPath('a/../../b.txt')).toEqual({ path: 'a/b.txt', unsafe: true, folder: false });
    expect(sanitiseEntryPath('bad\u0000name.txt').unsafe).toBe(true);
  });
  it('keeps ordinary names and marks folders', () => {
    expect(sanitiseEntryPath('图纸/一层/')).toEqual({ path: '图纸/一层', unsafe: false, folder: true });
    expect(sanitiseEntryPath('图纸\\说明.txt')).toEqual({
      path: '图纸/说明.txt',
      unsafe: false,
      folder: false,
    });
    expect(sanitiseEntryPath('./a/./b.txt')).toEqual({ path: 'a/b.txt', unsafe: false, folder: false });
  });
});

describe('refusalOf (zip bombs and limits)', () => {
  const MiB = 1024 * 1024;
  it('refuses a high ratio above 1 MiB, an oversize entry and an encrypted one', () => {
    expect(
      refusalOf({ size: 200 * MiB, compressedSize: 200 * 1024, encrypted: false, isFolder: false }),
    ).toMatch(/压缩炸弹/);
    expect(
      refusalOf({ size: 513 * MiB, compressedSize: 510 * MiB, encrypted: false, isFolder: false }),
    ).toMatch(/512MB/);
    expect(refusalOf({ size: 10, compressedSize: 10, encrypted: true, isFolder: false })).toMatch(/加密/);
  });
  it('allows ordinary entries, small highly compressible ones and folders', () => {
    expect(refusalOf({ size: 5 * MiB, compressedSize: MiB, encrypted: false, isFolder: false })).toBe('');
    expect(refusalOf({ size: MiB, compressedSize: 100, encrypted: false, isFolder: false })).toBe('');
    expect(refusalOf({ size: 0, compressedSize: 0, encrypted: false, isFolder: true })).toBe('');
  });
});

describe('entry kinds and times', () => {
  it('previews images, text and PDF inline; HTML and SVG sources are text or rendition', () => {
    expect(entryKindOf('图纸/平面.PNG')).toBe('image');
    expect(entryKindOf('a/scan.tif')).toBe('image');
    expect(entryKindOf('readme.md')).toBe('text');
    expect(entryKindOf('site/index.html')).toBe('text');
    expect(entryKindOf('a/b.pdf')).toBe('pdf');
    expect(entryKindOf('model.ifc')).toBe('none');
  });
  it('formats times as yyyy-MM-dd HH:mm:ss', () => {
    expect(formatEntryTime(new Date(2024, 0, 5, 9, 3, 7))).toBe('2024-01-05 09:03:07');
    expect(formatEntryTime(new Date(Number.NaN))).toBe('');
  });
  it('sizeGuard trips once the declared size is passed', () => {
    const g = sizeGuard(10);
    expect(g(6)).toBe(true);
    expect(g(4)).toBe(true);
    expect(g(1)).toBe(false);
  });
});
