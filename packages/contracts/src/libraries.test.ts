import { Api } from './routes.ts';
import { describe, expect, it } from 'vitest';
import { collectEndpoint } from './libraries.ts';

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
});
