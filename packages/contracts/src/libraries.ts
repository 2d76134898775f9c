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
import { LibraryKind, type LibraryKindValue } from './spaces.ts';

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
