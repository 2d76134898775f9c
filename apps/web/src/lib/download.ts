/**
 * Download a stored file (spec 001 §7 `GET /api/Home/GetossFile`): ask for a short-lived signed URL,
 * then save it through `saveUrl` (the transfer panel when it is mounted, else an anchor). "Code 1 with no data shows the server msg as info"
 * (001 §8).
 */
import { Api, ResultCode } from '@bimdrive/contracts';
import { request } from './api-client.ts';
import { serverText } from './server-messages.ts';
import { toast } from './toast.ts';

/** Ask the server for the signed download URL of one file; null when refused (the client toasted). */
export async function getDownloadUrl(iuid: string): Promise<string | null> {
  const body = await request<string | null>({ url: Api.ossFile, params: { IUID: iuid } });
  if (body.code !== ResultCode.ok) return null;
  if (!body.data) {
    if (body.msg) toast({ type: 'info', content: serverText(body.msg) });
    return null;
  }
  return body.data;
}

/** A download to hand over: a signed same-origin URL, the name to save as, a file or a folder zip. */
export interface DownloadRequest {
  url: string;
  fileName: string;
  kind: 'file' | 'folder';
}

/** The app's downloader (the transfer panel follows downloads with progress, issue 5); null: the browser's. */
let downloader: ((job: DownloadRequest) => void) | null = null;

/** Plug in (or remove) the downloader that saves URLs handed to `saveUrl`. */
export function setDownloader(d: ((job: DownloadRequest) => void) | null): void {
  downloader = d;
}

/** Save a signed URL: through the plugged-in downloader when there is one, else an anchor click. */
export function saveUrl(url: string, fileName: string, kind: 'file' | 'folder' = 'file'): void {
  if (downloader) {
    downloader({ url, fileName, kind });
    return;
  }
  anchorSave(url, fileName);
}

/** Download one file by iuid: signed URL → `saveUrl` (keeps the SPA page). */
export async function downloadFile(iuid: string, fileName: string): Promise<void> {
  const url = await getDownloadUrl(iuid);
  if (!url) return;
  saveUrl(url, fileName);
}

/**
 * The browser's own download of `url` (a signed URL, a blob: or data: URL) under `fileName`, through a
 * temporary anchor so the SPA page stays. The one anchor download of the app: everything else calls
 * `saveUrl` (followed in the transfer panel) or this.
 */
export function anchorSave(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
