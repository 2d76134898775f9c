/** Unit tests of the file browser's URL parameters (spec 001 §2–§4; issue 5 search). */
import { describe, expect, it } from 'vitest';
import { readBrowseParams, searchQuery, withKept } from './browse-params.ts';

const read = (query: string) => readBrowseParams(new URLSearchParams(query));

describe('readBrowseParams', () => {
  it('answers the root and no search for an empty query', () => {
    expect(read('')).toEqual({
      folderId: '',
      keyword: '',
      scope: 'folder',
      crossArea: false,
      locateId: '',
      located: '',
    });
  });

  it('searches across areas only with a (non-blank) keyword and scope=all', () => {
    expect(read('folderId=f1&keyword=%20墙%20&scope=all')).toMatchObject({
      folderId: 'f1',
      keyword: '墙',
      scope: 'all',
      crossArea: true,
    });
    expect(read('keyword=%20&scope=all')).toMatchObject({ keyword: '', crossArea: false });
    expect(read('keyword=a&scope=any')).toMatchObject({ scope: 'folder', crossArea: false });
  });

  it('locates a file only in location mode, and reads the located row', () => {
    expect(read('pageMode=location&iuid=x1').locateId).toBe('x1');
    expect(read('iuid=x1').locateId).toBe('');
    expect(read('located=x1').located).toBe('x1');
  });
});

describe('searchQuery', () => {
  const keep = { projectId: 'p1' };

  it('keeps the kept parameters first, the folder and the trimmed keyword', () => {
    expect(searchQuery(keep, 'f1', ' 墙 ', 'folder').toString()).toBe(
      new URLSearchParams({ projectId: 'p1', folderId: 'f1', keyword: '墙' }).toString(),
    );
    expect(searchQuery(keep, '', 'a', 'all').toString()).toBe('projectId=p1&keyword=a&scope=all');
  });

  it('leaves the search on a blank text, whatever the scope', () => {
    expect(searchQuery(undefined, 'f1', '  ', 'all').toString()).toBe('folderId=f1');
  });
});

describe('withKept', () => {
  it('puts the kept parameters first and lets extra ones override', () => {
    expect(withKept({ projectId: 'p1' }, { folderId: 'f1' }).toString()).toBe('projectId=p1&folderId=f1');
    expect(withKept(undefined).toString()).toBe('');
  });
});
