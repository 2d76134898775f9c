import { describe, expect, it } from 'vitest';
import { Api } from './routes.ts';
import { listAddPath, locateUrl } from './spaces.ts';

describe('listAddPath', () => {
  it('picks the list-add call of the area kind (001 §7)', () => {
    expect(listAddPath('project')).toBe(Api.projectFileListAdd);
    expect(listAddPath('personal')).toBe(Api.drawingFileListAdd);
    expect(listAddPath(undefined)).toBe(Api.drawingFileListAdd);
    for (const k of ['StandardInfo', 'Company', 'Mine'] as const)
      expect(listAddPath(k)).toBe(Api.knowledgeBaseListAdd);
    for (const k of ['component', 'blueprint'] as const)
      expect(listAddPath(k)).toBe(Api.publicLibraryFileListAdd);
  });
});

describe('locateUrl', () => {
  it('opens the area of the file at its row; a project file with its project', () => {
    expect(locateUrl({ iuid: 'f1', spaceId: 'u1' })).toBe('/myDocument?pageMode=location&iuid=f1');
    expect(locateUrl({ iuid: 'f2', spaceId: 'p1', spaceKind: 'project' })).toBe(
      '/projectFile?pageMode=location&iuid=f2&projectId=p1',
    );
    expect(locateUrl({ iuid: 'f3', spaceId: 's1', spaceKind: 'component' })).toBe(
      '/commonBuildLibrary?pageMode=location&iuid=f3',
    );
  });
});
