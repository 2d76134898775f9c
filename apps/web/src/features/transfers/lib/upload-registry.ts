/**
 * What the upload queue keeps outside the transfer store (tus-uploads.ts, upload-restore.ts): each
 * record's tus object, File and stored tus entry by record id — none of them serialisable — and the
 * helpers that name and find records.
 */
import dayjs from 'dayjs';
import type { PreviousUpload, Upload } from 'tus-js-client';
import { useSession } from '../../../stores/session-store.ts';
import { useTransfers, type UploadRecord } from '../stores/transfer-store.ts';

/** tus objects by record id, kept while paused so `start()` resumes them. */
export const uploadsById = new Map<string, Upload>();
/** The File of each record that has one. */
export const filesById = new Map<string, File>();
/** Stored tus entries of uploads restored after a reload, by record id. */
export const previousById = new Map<string, PreviousUpload>();

/** Forget the tus object, File and stored entry of record `id` (finished or cancelled). */
export function forgetUpload(id: string): void {
  uploadsById.delete(id);
  filesById.delete(id);
  previousById.delete(id);
}

let seq = 0;
/** A new record id (`up-<time>-<n>`, unique in this page). */
export const newRecordId = () => `up-${Date.now().toString(36)}-${(seq++).toString(36)}`;
/** Now as the panel shows times (YYYY-MM-DD HH:mm:ss, local). */
export const nowText = () => dayjs().format('YYYY-MM-DD HH:mm:ss');
/** The signed-in user's id ('' when signed out). */
export const currentUserId = () => useSession.getState().user?.userID ?? '';
/** The upload record `id` in the transfer store, if it is still listed. */
export const recordOf = (id: string): UploadRecord | undefined =>
  useTransfers.getState().uploads.find((u) => u.iuid === id);
