import { describe, expect, it } from 'vitest';
import { Api } from './routes.ts';
import { listAddPath } from './spaces.ts';

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
