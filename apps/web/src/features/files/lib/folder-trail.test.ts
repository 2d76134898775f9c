/** Unit tests of the file browser's breadcrumb trail and display path (spec 001 §2, 000 §3). */
import { describe, expect, it } from 'vitest';
import { folderTrail } from './folder-trail.ts';

describe('folderTrail', () => {
  it('names the root from the listing and joins the path with a trailing slash', () => {
    const trail = folderTrail(
      [
        { iuid: '', fileName: '我的文件' },
        { iuid: 'a', fileName: '图纸' },
        { iuid: 'b', fileName: '一层' },
      ],
      'fallback',
    );
    expect(trail.rootName).toBe('我的文件');
    expect(trail.crumbs.map((c) => c.iuid)).toEqual(['a', 'b']);
    expect(trail.fullPath).toBe('我的文件/图纸/一层/');
  });

  it('uses the fallback root before the listing answers', () => {
    expect(folderTrail(undefined, '我的文件')).toEqual({
      rootName: '我的文件',
      crumbs: [],
      fullPath: '我的文件/',
    });
    expect(folderTrail([], '')).toEqual({ rootName: '', crumbs: [], fullPath: '/' });
  });
});
