import { describe, expect, it } from 'vitest';
import type { ArchiveEntryValue } from '@bimdrive/contracts';
import { buildArchiveTree, type ArchiveNode } from './archive-tree.ts';

const entry = (path: string, isFolder = false): ArchiveEntryValue => ({
  index: 0,
  path,
  isFolder,
  size: 1,
  compressedSize: 1,
  modifiedTime: '',
  encrypted: false,
  unsafeName: false,
  refused: '',
  previewKind: 'none',
  viewUrl: null,
  downloadUrl: null,
});
const shape = (nodes: ArchiveNode[]): unknown =>
  nodes.map((n) => (n.children ? { [n.name]: shape(n.children) } : n.name));

describe('buildArchiveTree', () => {
  it('makes up implied folders, puts folders first and keeps stored folders', () => {
    const tree = buildArchiveTree([
      entry('readme.txt'),
      entry('模型/一层/墙.png'),
      entry('模型', true),
      entry('图纸/说明.txt'),
      entry('a.txt'),
    ]);
    // Chinese collation: 模型 (mó) before 图纸 (tú).
    expect(shape(tree)).toEqual([
      { 模型: [{ 一层: ['墙.png'] }] },
      { 图纸: ['说明.txt'] },
      'a.txt',
      'readme.txt',
    ]);
    expect(tree[0]!.entry?.isFolder).toBe(true); // the stored folder entry is kept
    expect(tree[1]!.entry).toBeNull(); // 图纸 is only implied
  });
  it('keeps one row per duplicate path', () => {
    const a = { ...entry('x.txt'), index: 1 };
    const b = { ...entry('x.txt'), index: 2 };
    const tree = buildArchiveTree([a, b]);
    expect(tree).toHaveLength(1);
    expect(tree[0]!.entry?.index).toBe(2);
  });
});
