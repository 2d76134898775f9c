/**
 * Query keys of the libraries feature (issue 5). The favourites list sits under the file-list root
 * (`fileQueryKeys.all`) so status events, uploads and collect toggles refresh it like the other lists.
 */
import type { LibraryKindValue } from '@bimdrive/contracts';
import { fileQueryKeys } from '../../../lib/query-keys.ts';

export const libraryQueryKeys = {
  /** Root of the library spaces (GetLibrary answers). */
  all: ['libraries'] as const,
  /** One library of a kind. */
  library: (kind: LibraryKindValue) => ['libraries', kind] as const,
  /** 我的收藏 of the libraries with its query. */
  collection: (query: object) => [...fileQueryKeys.all, 'myCollectionKnowledgeBase', query] as const,
};
