/**
 * Transfer queue state (spec 000 §3 "Upload record in progress", "Completed upload record", App state
 * "upload and download queues, panel visibility (show or clear)"; §4 Panel). zustand; the tus objects
 * themselves live outside the store (see tus-uploads.ts).
 */
import { SourceType } from '@bimdrive/contracts';
import { create } from 'zustand';

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
  /** yyyy-MM-dd HH:mm:ss */
  uploadTime: string;
  /** 0–100; null before the first progress report (等待中...). */
  progress: number | null;
  errorMsg: string;
  /** tus upload id once the server created the upload. */
  uploadId: string | null;
}

/** A finished upload in the completed tab (000 §3). */
export interface CompletedRecord {
  iuid: string;
  fileName: string;
  fileSize: number;
  /** Only rows with fileType 2 (file) are listed. */
  fileType: number;
  /** 1 enterprise, 2 personal, 3 knowledge base. */
  sourceType: number;
  completedTime: string;
}

/** Panel visibility (000 §2): shown, minimised (hidden) or cleared (closed). */
export type PanelState = 'shown' | 'hidden' | 'cleared';
/** Tab index (000 §2): 0 completed, 1 uploading (2 downloading, hidden). */
export type TransferTab = 0 | 1;

/** The transfer store's state and actions. */
export interface TransferState {
  uploads: UploadRecord[];
  completed: CompletedRecord[];
  panel: PanelState;
  activeTab: TransferTab;
  addUpload: (r: UploadRecord) => void;
  patchUpload: (iuid: string, patch: Partial<UploadRecord>) => void;
  removeUpload: (iuid: string) => void;
  addCompleted: (r: CompletedRecord) => void;
  removeCompleted: (iuid: string) => void;
  clearCompleted: () => void;
  setPanel: (p: PanelState) => void;
  setActiveTab: (t: TransferTab) => void;
}

/** The transfer queue store. */
export const useTransfers = create<TransferState>((set) => ({
  uploads: [],
  completed: [],
  panel: 'cleared',
  activeTab: 1,
  addUpload: (r) => set((s) => ({ uploads: [...s.uploads, r] })),
  patchUpload: (iuid, patch) =>
    set((s) => ({ uploads: s.uploads.map((u) => (u.iuid === iuid ? { ...u, ...patch } : u)) })),
  removeUpload: (iuid) => set((s) => ({ uploads: s.uploads.filter((u) => u.iuid !== iuid) })),
  addCompleted: (r) => set((s) => ({ completed: [r, ...s.completed.filter((c) => c.iuid !== r.iuid)] })),
  removeCompleted: (iuid) => set((s) => ({ completed: s.completed.filter((c) => c.iuid !== iuid) })),
  clearCompleted: () => set({ completed: [] }),
  setPanel: (panel) => set({ panel }),
  setActiveTab: (activeTab) => set({ activeTab }),
}));

/** Default source type of uploads from 我的文件 (000 §9: 2 personal). */
export const PERSONAL_SOURCE = SourceType.personal;
