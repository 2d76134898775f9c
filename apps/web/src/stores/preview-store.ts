/**
 * Preview overlay state (spec 001 §2 "Preview overlay"): which file the full-window preview shows.
 * The app frame mounts one `PreviewOverlay`; any screen opens a file with `usePreview.getState().open(file)`.
 * The share landing page (000 §2 /s) opens it in share mode by passing the visitor's access.
 */
import { create } from 'zustand';
import type { PreviewInfoValue } from '@bimdrive/contracts';

/** The file being previewed (001 §2). */
export interface PreviewFile {
  iuid: string;
  fileName: string;
  fileSuffix: string;
  /** A version other than the current one (issue 5 versions); absent = current. */
  version?: number;
}

/**
 * A share visitor's access (001 §2 "Hidden on the shared-view route for the favourite button", §6 share
 * mode): the visitor token sent as `Authorization: Share <accessToken>` and the preview it unlocked.
 */
export interface PreviewShareAccess {
  shareCode: string;
  accessToken: string;
  preview: PreviewInfoValue;
}

/** State and actions of the preview store (001 §2 Preview overlay). */
export interface PreviewState {
  /** The file on show, or null when the overlay is hidden. */
  file: PreviewFile | null;
  /** Set in share mode (visitor of a share link): no favourite button, download from the share's flag. */
  share: PreviewShareAccess | null;
  /** Show the overlay for a file; pass `share` for a share visitor. */
  open: (file: PreviewFile, share?: PreviewShareAccess | null) => void;
  /** Hide the overlay (001 §2: 关闭 restores and hides). */
  close: () => void;
}

/** The preview store (zustand), spec 001 §2 Preview overlay. */
export const usePreview = create<PreviewState>((set) => ({
  file: null,
  share: null,
  open: (file, share = null) =>
    set({
      file: {
        iuid: file.iuid,
        fileName: file.fileName,
        fileSuffix: file.fileSuffix,
        ...(file.version !== undefined ? { version: file.version } : {}),
      },
      share,
    }),
  close: () => set({ file: null, share: null }),
}));
