/**
 * The uploader on demand (issue 17 "Weight and speed"): tus-uploads.ts and tus-js-client load the
 * first time files are chosen or dropped, the transfer panel opens, or an earlier page left unfinished
 * uploads to restore — not with the file lists.
 */
import type { FileWithPath, UploadTarget } from './upload-folders.ts';
import { isKeyOfUser } from './upload-fingerprints.ts';

/** The uploader module (tus-uploads.ts). */
export type UploaderModule = typeof import('./tus-uploads.ts');

let loading: Promise<UploaderModule> | null = null;

/** Load the uploader (once). */
export function loadUploader(): Promise<UploaderModule> {
  return (loading ??= import('./tus-uploads.ts'));
}

/** tus-uploads.ts `startUploads`, loading the uploader first; uploads keep the order they were asked in. */
export async function startUploads(files: readonly FileWithPath[], target: UploadTarget): Promise<void> {
  return (await loadUploader()).startUploads(files, target);
}

/**
 * upload-restore.ts `restoreUploads` for `user`, loading it (and tus-js-client) only when tus-js-client's storage
 * holds an unfinished upload of theirs. @returns how many were restored.
 */
export async function restoreUploadsOf(user: string): Promise<number> {
  let any = false;
  try {
    for (let i = 0; i < localStorage.length && !any; i++) any = isKeyOfUser(localStorage.key(i) ?? '', user);
  } catch {
    return 0; // no storage: nothing was kept either
  }
  return any ? (await import('./upload-restore.ts')).restoreUploads() : 0;
}
