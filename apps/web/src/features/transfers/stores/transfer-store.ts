/**
 * Transfer queue state (spec 000 §3 "Upload record in progress", "Download record"; App state
 * "upload and download queues, panel visibility (show or clear)"; §4 Panel). zustand; the tus objects,
 * Files and AbortControllers live outside the store (tus-uploads.ts, downloads.ts). Completed records
 * are the server's (GetTransmissionData, api/transmission.ts).
 */
import type { SpaceKindValue } from '@bimdrive/contracts';
import { create } from 'zustand';
import type { UploadPhase } from '../lib/transfer-logic.ts';

/** An upload in the uploading tab (000 §3). */
export interface UploadRecord {
  /** Local id of the record. */
  iuid: string;
  fileName: string;
  /** Bytes. */
  fileSize: number;
  /** Display path of the target folder, e.g. 我的文件/图纸/. */
  fullPath: string;
  folderId: string;
  /** The file area (contracts spaces.ts); '' = 我的文件. */
  spaceId?: string;
  /** Its kind (absent = 我的文件). */
  spaceKind?: SpaceKindValue;
  /** yyyy-MM-dd HH:mm:ss */
  uploadTime: string;
  /** 0–100; null before the first progress report (等待中...). */
  progress: number | null;
  errorMsg: string;
  /** tus upload id once the server created the upload. */
  uploadId: string | null;
  phase: UploadPhase;
  /** Restored after a page reload: the browser needs the same file picked again to resume. */
  needsFile?: boolean;
  /** A file of a folder upload whose folder is still being created. */
  preparing?: boolean;
  /** A new version of this file (iuid; FileVersionAdd) rather than a new file. */
  versionOf?: string;
  /** The version number the server gave a finished version upload. */
  version?: number;
}

/** A download in the downloading tab (000 §3 "Download record"). */
export interface DownloadRecord {
  iuid: string;
  fileName: string;
  /** Bytes when known (Content-Length), else null. */
  fileSize: number | null;
  /** Bytes received so far. */
  loaded: number;
  fullPath: string;
  /** yyyy-MM-dd HH:mm:ss */
  downloadTime: string;
  /** 0–100 when the length is known; null otherwise. */
  progress: number | null;
  errorMsg: string;
  phase: 'running' | 'done' | 'error';
  /** Handed to the browser's own download (no disk stream, too large or unknown length for a Blob). */
  native?: boolean;
}

/** Panel visibility (000 §2): shown, minimised (hidden) or cleared (closed). */
export type PanelState = 'shown' | 'hidden' | 'cleared';
/** Tab index (000 §2): 0 completed, 1 uploading, 2 downloading (hidden until a download runs). */
export type TransferTab = 0 | 1 | 2;

/** The transfer store's state and actions. */
export interface TransferState {
  uploads: UploadRecord[];
  downloads: DownloadRecord[];
  /** The downloading tab is hidden by default (000 §2) and shown once a download has started. */
  downloadsVisible: boolean;
  panel: PanelState;
  /**
   * Whether the shown panel stays whole over the dialogs open now (issue 17): set when it is shown
   * (a transfer starts, the floating button is clicked), cleared when a dialog opens over it.
   */
  overDialogs: boolean;
  activeTab: TransferTab;
  addUpload: (r: UploadRecord) => void;
  patchUpload: (iuid: string, patch: Partial<UploadRecord>) => void;
  removeUpload: (iuid: string) => void;
  addDownload: (r: DownloadRecord) => void;
  patchDownload: (iuid: string, patch: Partial<DownloadRecord>) => void;
  removeDownload: (iuid: string) => void;
  /** Show (also over the dialogs open now), minimise or clear the panel. */
  setPanel: (p: PanelState) => void;
  /** A dialog opened over the panel: it gives way until shown again or the dialogs close. */
  dialogOpened: () => void;
  setActiveTab: (t: TransferTab) => void;
}

/** The transfer queue store. */
export const useTransfers = create<TransferState>((set) => ({
  uploads: [],
  downloads: [],
  downloadsVisible: false,
  panel: 'cleared',
  overDialogs: false,
  activeTab: 1,
  addUpload: (r) => set((s) => ({ uploads: [...s.uploads, r] })),
  patchUpload: (iuid, patch) =>
    set((s) => ({ uploads: s.uploads.map((u) => (u.iuid === iuid ? { ...u, ...patch } : u)) })),
  removeUpload: (iuid) => set((s) => ({ uploads: s.uploads.filter((u) => u.iuid !== iuid) })),
  addDownload: (r) => set((s) => ({ downloads: [r, ...s.downloads], downloadsVisible: true })),
  patchDownload: (iuid, patch) =>
    set((s) => ({ downloads: s.downloads.map((d) => (d.iuid === iuid ? { ...d, ...patch } : d)) })),
  removeDownload: (iuid) => set((s) => ({ downloads: s.downloads.filter((d) => d.iuid !== iuid) })),
  setPanel: (panel) => set(panel === 'shown' ? { panel, overDialogs: true } : { panel }),
  dialogOpened: () => set({ overDialogs: false }),
  setActiveTab: (activeTab) => set({ activeTab }),
}));
