/**
 * Where the file browser is in its area (spec 001 §2 breadcrumbs): the area's root name, the folders
 * from the root down to the current one, and their display path (000 §3 upload record fullPath, e.g.
 * `我的文件/图纸/一层/`), from the listing's breadcrumbs (the root first, with iuid '').
 */
import type { ListDataValue } from '@bimdrive/contracts';

/** A breadcrumb entry of a listing. */
export type Crumb = ListDataValue['breadcrumbs'][number];

/** The root's name, the folders under it and the display path ending in '/'. */
export interface FolderTrail {
  rootName: string;
  crumbs: Crumb[];
  fullPath: string;
}

/**
 * The trail of `breadcrumbs` (undefined before the listing answers); `rootFallback` names the root
 * when the listing gives none.
 */
export function folderTrail(breadcrumbs: readonly Crumb[] | undefined, rootFallback: string): FolderTrail {
  const crumbs = (breadcrumbs ?? []).filter((b) => b.iuid !== '');
  const rootName = breadcrumbs?.[0]?.fileName ?? rootFallback;
  const fullPath = [rootName, ...crumbs.map((c) => c.fileName)].join('/') + '/';
  return { rootName, crumbs, fullPath };
}
