/**
 * The 3D viewer on screen, for code outside the viewer feature that drives it (the /bimiframe page's
 * postMessage API, issue 13). Free of three.js, so importing it pulls no 3D code into a bundle.
 *
 * `ModelViewer` registers a `ViewerHandle` once its model is loaded (and null when it goes) and
 * reports picks; elements are named by IFC GlobalId (fragments) or node name (GLB). Handle calls
 * resolve to the number of elements found (0: none matched; nothing changes then).
 */

/** Commands the viewer on screen obeys. */
export interface ViewerHandle {
  /** Highlight these elements (and show the first one's properties); focus them. */
  select: (ids: string[]) => Promise<number>;
  /** Show only these elements (隔离). */
  isolate: (ids: string[]) => Promise<number>;
  /** Show every element again (全部显示). */
  showAll: () => Promise<void>;
  /** Frame the whole model (适应视图). */
  fit: () => Promise<void>;
}

/** A pick in the viewer: the element's GlobalId (or GLB node name), null for empty space. */
export interface ViewerSelection {
  id: string | null;
  name: string | null;
}

let active: ViewerHandle | null = null;
const selectListeners = new Set<(selection: ViewerSelection) => void>();

/** Register the viewer on screen (null when it goes). */
export function setActiveViewer(handle: ViewerHandle | null): void {
  active = handle;
}

/** The viewer on screen, if any. */
export const activeViewer = (): ViewerHandle | null => active;

/** Report a pick. */
export function emitViewerSelection(selection: ViewerSelection): void {
  for (const l of selectListeners) l(selection);
}

/** Follow picks; answers the unsubscribe function. */
export function onViewerSelection(listener: (selection: ViewerSelection) => void): () => void {
  selectListeners.add(listener);
  return () => selectListeners.delete(listener);
}
