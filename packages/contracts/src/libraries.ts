/**
 * Knowledge bases and public libraries (issue 5; spec 001 §2 library group, §3 source type 3 and
 * knowledge-base types, §7 KnowledgeBaseCollection(De), publiclibraryCollection(De)).
 *
 * Each library is a space (contracts/spaces.ts) created on first use: `GET Api.libraryGet?kind=` answers
 * the caller's one of that kind as a `SpaceSummary` (its files are then listed by
 * `Api.myDocumentList?spaceId=`). Collecting a library file goes through the library endpoints, which
 * answer 404 for a file of another kind of area; the favourites list is `Api.myCollectionKnowledgeBaseList`.
 */
import { z } from 'zod';
import { Api } from './routes.ts';
import {
  KNOWLEDGE_BASE_KINDS,
  LibraryKind,
  PUBLIC_LIBRARY_KINDS,
  type LibraryKindValue,
  type SpaceKindValue,
} from './spaces.ts';

/** `GET Api.libraryGet` query: which library. */
export const LibraryQuery = z.object({ kind: LibraryKind });
export type LibraryQueryValue = z.infer<typeof LibraryQuery>;

/** The web route of each library kind (001 §2 library group). */
export const LIBRARY_ROUTES: Record<LibraryKindValue, string> = {
  StandardInfo: '/standardData',
  Company: '/companyKnowledgeBase',
  Mine: '/myKnowledgeBase',
  component: '/commonBuildLibrary',
  blueprint: '/blueprintData',
};

/**
 * The collect / uncollect endpoint for a file of an area of `kind` (001 §7): knowledge bases
 * (StandardInfo, Company, Mine) use KnowledgeBaseCollection(De), public libraries (component,
 * blueprint) publiclibraryCollection(De), the personal space and projects DrawingCollection(De).
 */
export function collectEndpoint(kind: SpaceKindValue | undefined, collect: boolean): string {
  if (kind && (KNOWLEDGE_BASE_KINDS as readonly string[]).includes(kind))
    return collect ? Api.knowledgeBaseCollect : Api.knowledgeBaseUncollect;
  if (kind && (PUBLIC_LIBRARY_KINDS as readonly string[]).includes(kind))
    return collect ? Api.publicLibraryCollect : Api.publicLibraryUncollect;
  return collect ? Api.collect : Api.uncollect;
}
