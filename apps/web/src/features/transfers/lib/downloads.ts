/**
 * Downloads followed in the transfer panel's downloading tab (spec 000 §2 "the downloading tab is the
 * same with a download time and a cancel button", §3 Download record, §4 Cancel download; issue 5).
 * A signed same-origin URL (GetossFile for a file, CompressFileFolderUrl for a folder zip) is fetched
 * with an AbortController; progress is bytes / Content-Length when the length is known, else the
 * bytes received so far. Where the bytes go, keeping memory flat for large files:
 * 1. File System Access API (`showSaveFilePicker`, Chromium on https/localhost): the user picks the
 *    target first, then the response streams straight to disk — any size, no memory growth.
 * 2. Otherwise a file with a known length up to `BLOB_LIMIT_BYTES` is collected into a Blob (browsers
 *    page large Blobs to disk) and saved through an object URL.
 * 3. Otherwise (a larger file, or a folder zip whose length is unknown while it is built) the browser
 *    downloads it natively through an anchor — the panel cannot follow that one; the row says so.
 * Cancel aborts the fetch (and the disk write); a failure shows 错误: + the message.
 */
import dayjs from 'dayjs';
import { anchorSave } from '../../../lib/download.ts';
import i18n from '../../../lib/i18n.ts';
import { useTransfers } from '../stores/transfer-store.ts';
import { downloadPercent, downloadSink } from './transfer-logic.ts';

/** Largest download collected in memory (as a Blob) when the File System Access API is missing. */
export const BLOB_LIMIT_BYTES = 512 * 1024 * 1024;

/** One download to run. */
export interface DownloadJob {
  /** Signed same-origin URL of the bytes. */
  url: string;
  /** Name to save as. */
  fileName: string;
  /** A single file, or a folder as a zip (length unknown while it is built). */
  kind: 'file' | 'folder';
  /** Display path (000 §3 fullPath). */
  fullPath?: string;
}

interface SaveHandle {
  createWritable: () => Promise<{
    write: (chunk: Uint8Array) => Promise<void>;
    close: () => Promise<void>;
    abort: (reason?: unknown) => Promise<void>;
  }>;
}
type SavePicker = (opts: { suggestedName: string }) => Promise<SaveHandle>;

const controllers = new Map<string, AbortController>();
let seq = 0;

/** The File System Access save picker, when the browser has one (not under automation, which cannot answer it). */
function savePicker(): SavePicker | null {
  const w = window as unknown as { showSaveFilePicker?: SavePicker };
  if (typeof w.showSaveFilePicker !== 'function' || navigator.webdriver) return null;
  return w.showSaveFilePicker.bind(window);
}

/**
 * Start a download shown in the panel (the downloading tab appears and is selected). Must be called
 * from the click that asked for it, so the save picker may open. Resolves when it ends.
 */
export async function startDownload(job: DownloadJob): Promise<void> {
  const store = useTransfers.getState();
  const id = `dl-${Date.now().toString(36)}-${(seq++).toString(36)}`;
  let handle: SaveHandle | null = null;
  const picker = savePicker();
  if (picker) {
    try {
      handle = await picker({ suggestedName: job.fileName });
    } catch {
      return; // the user closed the picker
    }
  }
  const controller = new AbortController();
  controllers.set(id, controller);
  store.addDownload({
    iuid: id,
    fileName: job.fileName,
    fileSize: null,
    loaded: 0,
    fullPath: job.fullPath ?? '',
    downloadTime: dayjs().format('YYYY-MM-DD HH:mm:ss'),
    progress: null,
    errorMsg: '',
    phase: 'running',
  });
  store.setActiveTab(2);
  store.setPanel('shown');
  const patch = (p: Parameters<typeof store.patchDownload>[1]) =>
    useTransfers.getState().patchDownload(id, p);
  let writable: Awaited<ReturnType<SaveHandle['createWritable']>> | null = null;
  try {
    // A redirect means the bytes come straight from the object store (S3_PUBLIC_ENDPOINT, issue 15), which
    // answers no CORS: the browser's own download follows it.
    const res = await fetch(job.url, { signal: controller.signal, redirect: 'manual' });
    if (res.type === 'opaqueredirect') {
      anchorSave(job.url, job.fileName);
      patch({ phase: 'done', progress: 100, errorMsg: '', native: true });
      return;
    }
    if (!res.ok || !res.body) {
      let msg = `${i18n.t('transfers:downloadFailed')} (HTTP ${res.status})`;
      try {
        const body = (await res.json()) as { msg?: unknown };
        if (typeof body.msg === 'string' && body.msg) msg = body.msg;
      } catch {
        /* not an envelope */
      }
      throw new Error(msg);
    }
    const lengthHeader = res.headers.get('content-length');
    const total = lengthHeader ? Number(lengthHeader) : null;
    patch({ fileSize: total });
    if (downloadSink(handle !== null, total, BLOB_LIMIT_BYTES) === 'native') {
      // Neither a disk stream nor a bounded Blob: hand it to the browser's own download.
      controller.abort();
      anchorSave(job.url, job.fileName);
      patch({ phase: 'done', progress: 100, errorMsg: '', native: true });
      return;
    }
    if (handle) writable = await handle.createWritable();
    const chunks: Uint8Array[] = [];
    const reader = res.body.getReader();
    let loaded = 0;
    let lastPaint = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.byteLength;
      if (writable) await writable.write(value);
      else chunks.push(value);
      const t = performance.now();
      if (t - lastPaint > 200) {
        lastPaint = t;
        patch({ loaded, progress: downloadPercent(loaded, total) });
      }
    }
    if (writable) await writable.close();
    else {
      const href = URL.createObjectURL(new Blob(chunks as BlobPart[]));
      anchorSave(href, job.fileName);
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    }
    patch({ loaded, fileSize: total ?? loaded, progress: 100, phase: 'done' });
  } catch (err) {
    if (writable) await writable.abort().catch(() => undefined);
    if (controller.signal.aborted && !useTransfers.getState().downloads.some((d) => d.iuid === id)) return;
    if (controller.signal.aborted && useTransfers.getState().downloads.find((d) => d.iuid === id)?.native)
      return;
    patch({
      phase: 'error',
      errorMsg:
        err instanceof Error && err.message && !(err instanceof TypeError)
          ? err.message
          : i18n.t('transfers:downloadFailed'),
    });
  } finally {
    controllers.delete(id);
  }
}

/** Cancel a download (000 §4): mark it cancelled (abort) and remove it. */
export function cancelDownload(id: string): void {
  useTransfers.getState().removeDownload(id);
  controllers.get(id)?.abort();
  controllers.delete(id);
}
