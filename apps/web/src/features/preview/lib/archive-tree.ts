/**
 * The folder tree of an archive's entries (issue 14 archives): entries come as flat sanitised paths
 * (`a/b/c.txt`); folders that only appear inside paths are made up, folders come before files, names
 * sort in Chinese collation.
 */
import type { ArchiveEntryValue } from '@bimdrive/contracts';

/** A row of the archive table: a folder (with children) or a file (with its entry). */
export interface ArchiveNode {
  /** The full path: unique row key. */
  key: string;
  name: string;
  isFolder: boolean;
  /** The entry (absent for folders only implied by paths). */
  entry: ArchiveEntryValue | null;
  children?: ArchiveNode[];
}

const collator = new Intl.Collator('zh-CN', { numeric: true });

/** Build the tree of entries. Duplicate paths keep the last entry (as unpacking would). */
export function buildArchiveTree(entries: readonly ArchiveEntryValue[]): ArchiveNode[] {
  const root: ArchiveNode = { key: '', name: '', isFolder: true, entry: null, children: [] };
  const folders = new Map<string, ArchiveNode>([['', root]]);
  const folder = (path: string): ArchiveNode => {
    const found = folders.get(path);
    if (found) return found;
    const cut = path.lastIndexOf('/');
    const parent = folder(cut < 0 ? '' : path.slice(0, cut));
    const node: ArchiveNode = {
      key: path,
      name: path.slice(cut + 1),
      isFolder: true,
      entry: null,
      children: [],
    };
    parent.children!.push(node);
    folders.set(path, node);
    return node;
  };
  for (const e of entries) {
    if (e.isFolder) {
      folder(e.path).entry = e;
      continue;
    }
    const cut = e.path.lastIndexOf('/');
    const parent = folder(cut < 0 ? '' : e.path.slice(0, cut));
    const name = e.path.slice(cut + 1);
    const same = parent.children!.findIndex((c) => !c.isFolder && c.name === name);
    const node: ArchiveNode = { key: e.path, name, isFolder: false, entry: e };
    if (same >= 0) parent.children![same] = node;
    else parent.children!.push(node);
  }
  const sort = (nodes: ArchiveNode[]): ArchiveNode[] =>
    nodes
      .sort((a, b) => (a.isFolder !== b.isFolder ? (a.isFolder ? -1 : 1) : collator.compare(a.name, b.name)))
      .map((n) => (n.children ? { ...n, children: sort(n.children) } : n));
  return sort(root.children!);
}
