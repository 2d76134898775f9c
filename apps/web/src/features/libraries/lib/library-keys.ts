/** Query keys of the libraries feature (issue 5). */
import type { LibraryKindValue } from '@bimdrive/contracts';

export const libraryQueryKeys = {
  /** Root of the library spaces (GetLibrary answers). */
  all: ['libraries'] as const,
  /** One library of a kind. */
  library: (kind: LibraryKindValue) => ['libraries', kind] as const,
};
