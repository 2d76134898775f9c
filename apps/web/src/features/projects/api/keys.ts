/**
 * Query keys of projects (issue 5; 001 §2 project group). Lists, rows and members live under
 * `['projects']`; the project file tree lives under the file-listing root (`['files', …]`) so that every
 * file change (uploads, new folders, renames, deletes, the `projectFileStatusInfo` event) reloads it.
 */
import { fileQueryKeys } from '../../../lib/query-keys.ts';

export const projectQueryKeys = {
  /** Root of every project query: invalidate after a create, rename, delete, collect or member change. */
  all: ['projects'] as const,
  /** One page of one of the five lists. */
  list: (query: object) => ['projects', 'list', query] as const,
  /** GetProject (type 1 projects, 2 the personal space). */
  briefs: (type: '1' | '2') => ['projects', 'briefs', type] as const,
  /** Members of a project. */
  members: (iuid: string) => ['projects', 'members', iuid] as const,
  /** The project file tree (under the file root, see the module docstring). */
  tree: (iuid: string) => [...fileQueryKeys.all, 'projectTree', iuid] as const,
};
