import { Api } from '@bimdrive/contracts';
import { describe, expect, it } from 'vitest';
import { collectEndpoint, isLibraryKind } from './library-kinds.ts';

describe('collectEndpoint', () => {
  it('knowledge bases use the KnowledgeBase endpoints', () => {
    for (const k of ['StandardInfo', 'Company', 'Mine'] as const) {
      expect(collectEndpoint(k, true)).toBe(Api.knowledgeBaseCollect);
      expect(collectEndpoint(k, false)).toBe(Api.knowledgeBaseUncollect);
    }
  });
  it('public libraries use the publiclibrary endpoints', () => {
    for (const k of ['component', 'blueprint'] as const) {
      expect(collectEndpoint(k, true)).toBe(Api.publicLibraryCollect);
      expect(collectEndpoint(k, false)).toBe(Api.publicLibraryUncollect);
    }
  });
  it('other areas use DrawingCollection', () => {
    expect(collectEndpoint('personal', true)).toBe(Api.collect);
    expect(collectEndpoint(undefined, false)).toBe(Api.uncollect);
    expect(collectEndpoint('project', false)).toBe(Api.uncollect);
  });
  it('isLibraryKind', () => {
    expect(isLibraryKind('Mine')).toBe(true);
    expect(isLibraryKind('component')).toBe(true);
    expect(isLibraryKind('project')).toBe(false);
    expect(isLibraryKind(undefined)).toBe(false);
  });
});
