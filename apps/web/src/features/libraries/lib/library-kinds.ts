/**
 * Which collect endpoints serve a file's area (001 §7): knowledge bases (StandardInfo, Company, Mine)
 * use KnowledgeBaseCollection(De), public libraries (component, blueprint) publiclibraryCollection(De),
 * the personal space and projects DrawingCollection(De).
 */
import { Api, KNOWLEDGE_BASE_KINDS, PUBLIC_LIBRARY_KINDS, type SpaceKindValue } from '@bimdrive/contracts';

/** The collect / uncollect endpoint for a file of an area of `kind`. */
export function collectEndpoint(kind: SpaceKindValue | undefined, collect: boolean): string {
  if (kind && (KNOWLEDGE_BASE_KINDS as readonly string[]).includes(kind))
    return collect ? Api.knowledgeBaseCollect : Api.knowledgeBaseUncollect;
  if (kind && (PUBLIC_LIBRARY_KINDS as readonly string[]).includes(kind))
    return collect ? Api.publicLibraryCollect : Api.publicLibraryUncollect;
  return collect ? Api.collect : Api.uncollect;
}

/** Whether a space kind is a library (knowledge base or public library). */
export function isLibraryKind(kind: SpaceKindValue | undefined): boolean {
  return kind !== undefined && kind !== 'personal' && kind !== 'project';
}
