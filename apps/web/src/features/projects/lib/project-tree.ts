/**
 * Pure helpers of the project group and the project file tree (issue 5; 001 §2 project group, §3
 * Project file tree node).
 */
import { PROJECT_SCOPES, type ProjectScopeValue, type ProjectTreeNodeValue } from '@bimdrive/contracts';

/** The list a path shows when it is one of the five project-group routes (`/all` → 'all'), else null. */
export function scopeOfPath(pathname: string): ProjectScopeValue | null {
  const name = pathname.replace(/^\/+|\/+$/g, '');
  return (PROJECT_SCOPES as readonly string[]).includes(name) ? (name as ProjectScopeValue) : null;
}

/**
 * The folder ids from the top of the tree down to node `id` (excluded): the nodes to expand so that
 * `id` shows. `[]` for a top-level node, null when `id` is not in the tree.
 */
export function ancestorsOf(nodes: readonly ProjectTreeNodeValue[], id: string): string[] | null {
  for (const n of nodes) {
    if (n.iuid === id) return [];
    const below = ancestorsOf(n.children, id);
    if (below) return [n.iuid, ...below];
  }
  return null;
}
