/**
 * The file browser's view (issue 14): 列表 (the file table) or 网格 (cards with thumbnails), remembered
 * in localStorage per browser for every area.
 */
import { useCallback, useState } from 'react';

/** A view of the file browser. */
export type FileView = 'list' | 'grid';

/** localStorage key of the chosen view. */
export const FILE_VIEW_KEY = 'bimdrive.fileView';

/**
 * The remembered view in `storage` (default: the browser's localStorage, read inside the guard since
 * a browser that blocks storage throws on the mere access); 'list' when none, unreadable storage or
 * an unknown value.
 */
export function readFileView(storage?: Pick<Storage, 'getItem'>): FileView {
  try {
    return (storage ?? globalThis.localStorage)?.getItem(FILE_VIEW_KEY) === 'grid' ? 'grid' : 'list';
  } catch {
    return 'list';
  }
}

/** The view and its setter, which also remembers it. */
export function useFileView(): [FileView, (v: FileView) => void] {
  const [view, setView] = useState<FileView>(() => readFileView());
  const choose = useCallback((v: FileView) => {
    setView(v);
    try {
      localStorage.setItem(FILE_VIEW_KEY, v);
    } catch {
      /* private mode: the choice lasts for the page */
    }
  }, []);
  return [view, choose];
}
