/**
 * Archive contents (issue 14 "archives"; 001 §9 zip, rar; 001 §2 Preview overlay): the entries of a
 * zip or rar file and ONE entry's bytes, without unpacking the archive. Listing asks the same as the
 * preview: a signed-in caller needs `view` in the file's space (anyone else gets 404, as for a
 * missing file, spaces/space-access.ts); a share visitor needs a live share (shares.service visit).
 * Entry URLs carry a signed ticket (variant `archive`; `download` as the caller's right), like
 * `Api.signedFile`, so `<img>`, `fetch` and downloads use them directly.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  Api,
  ARCHIVE_MAX_LISTED,
  RENDITION_IMAGE_SUFFIXES,
  suffixOf,
  type ArchiveEntryValue,
  type ArchiveListingValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { originalKeyOf } from '../../storage/local-storage.ts';
import { openStaging } from '../../storage/staging.ts';
import type { Caller } from '../auth/caller.ts';
import { originClaims, sessionOrigin, TICKET_TTL_SECONDS, type TicketOrigin } from '../files/file-tickets.ts';
import { filesRepository, type FileRowDb } from '../files/files.repository.ts';
import type { FilesService } from '../files/files.service.ts';
import { TICKET_REFUSED_MSG, type TicketAccess } from '../files/ticket-access.ts';
import { webpRendition } from '../files/image-rendition.ts';
import { mimeFor, previewKindFor } from '../files/preview-kind.ts';
import type { SharesService } from '../shares/shares.service.ts';
import { versionsRepository, viewAtVersion } from '../versions/versions.repository.ts';
import { entryKindOf, formatEntryTime, refusalOf, sanitiseEntryPath } from './archive-entry-rules.ts';
import { extractRarEntry, listRar } from './rar-archive.ts';
import { listZip, openZipEntry, type RawArchiveEntry } from './zip-archive.ts';

/** Ticket variant of archive-entry URLs. */
export const ARCHIVE_VARIANT = 'archive';
/** Largest image entry turned into a WebP rendition in memory (bytes). */
const MAX_RENDITION_INPUT = 64 * 1024 * 1024;
/** Shown for an entry whose sanitised name is empty. */
const UNNAMED = '(未命名)';

/** One entry's bytes ready to send. */
export interface EntryBody {
  name: string;
  mime: string;
  /** Whole size of the entry (or of the rendition) in bytes. */
  size: number;
  /** Present when a byte range was served. */
  range?: { start: number; end: number };
  stream: Readable | Buffer;
  download: boolean;
}

/** Archives service bound to the app context. */
export function archivesService(
  ctx: AppContext,
  deps: { files: FilesService; shares: SharesService; tickets: TicketAccess },
) {
  const { files, shares, tickets } = deps;
  const repo = filesRepository(ctx.db);
  const versions = versionsRepository(ctx.db);

  const formatOf = (f: FileRowDb): 'zip' | 'rar' => {
    if (previewKindFor(f.suffix) !== 'archive' || f.kind !== 2) throw badRequest('该文件不是压缩包');
    return f.suffix === 'rar' ? 'rar' : 'zip';
  };
  /**
   * The archive as a local file (ObjectStorage.localFile: the stored object on local disk, a copy in
   * a scratch folder on S3) and `release`, which removes the copy once reading is over.
   */
  const archiveFile = async (f: FileRowDb): Promise<{ file: string; release: () => Promise<void> }> => {
    const scratch = await openStaging(ctx.config.dataDir);
    try {
      return { file: await ctx.storage.localFile(originalKeyOf(f), scratch.dir), release: scratch.dispose };
    } catch (err) {
      await scratch.dispose();
      throw err;
    }
  };

  async function atVersion(f: FileRowDb, n: number | undefined): Promise<FileRowDb> {
    if (n === undefined || n === f.versionNo) return f;
    const v = await versions.find(f.id, n);
    if (!v) throw notFound('该版本不存在或已被删除');
    return viewAtVersion(f, v);
  }

  async function readEntries(f: FileRowDb, limit: number) {
    const format = formatOf(f);
    const archive = await archiveFile(f);
    try {
      const read = format === 'rar' ? listRar : listZip;
      return { format, ...(await read(archive.file, limit)) };
    } catch (err) {
      ctx.log.warn({ err, fileId: f.id }, 'archive listing failed');
      throw new AppError(422, '压缩包已损坏或格式不受支持，无法读取其中的文件');
    } finally {
      await archive.release();
    }
  }

  /** How an entry is shown (sanitised path, refusal, kind). */
  function describe(raw: RawArchiveEntry) {
    const s = sanitiseEntryPath(raw.name);
    const isFolder = raw.isFolder || s.folder;
    const path = s.path || UNNAMED;
    const refused = refusalOf({ ...raw, isFolder });
    return {
      path,
      unsafe: s.unsafe,
      isFolder,
      refused,
      kind: isFolder ? ('none' as const) : entryKindOf(path),
    };
  }

  async function listing(
    f: FileRowDb,
    canDownload: boolean,
    origin: TicketOrigin,
  ): Promise<ArchiveListingValue> {
    const { format, entries, total } = await readEntries(f, ARCHIVE_MAX_LISTED);
    const sign = (download: boolean) =>
      ctx.tokens.signTicket(
        { fileId: f.id, variant: ARCHIVE_VARIANT, download, version: f.versionNo, ...originClaims(origin) },
        TICKET_TTL_SECONDS,
      );
    const viewTicket = encodeURIComponent(await sign(canDownload));
    const dlTicket = canDownload ? viewTicket : null;
    const url = (t: string, i: number, dl: boolean) =>
      `${Api.archiveEntry}?t=${t}&i=${i}${dl ? '&dl=1' : ''}`;
    const rows: ArchiveEntryValue[] = entries.map((raw) => {
      const d = describe(raw);
      const servable = !d.isFolder && !d.refused;
      return {
        index: raw.index,
        path: d.path,
        isFolder: d.isFolder,
        size: d.isFolder ? 0 : raw.size,
        compressedSize: d.isFolder ? 0 : raw.compressedSize,
        modifiedTime: formatEntryTime(raw.modified),
        encrypted: raw.encrypted,
        unsafeName: d.unsafe,
        refused: d.refused,
        previewKind: d.kind,
        viewUrl: servable && d.kind !== 'none' ? url(viewTicket, raw.index, false) : null,
        downloadUrl: servable && dlTicket ? url(dlTicket, raw.index, true) : null,
      };
    });
    return { format, entries: rows, total, truncated: total > rows.length, canDownload };
  }

  return {
    /**
     * Entries of an archive the caller may view (of version `n` when given).
     * @throws 404 missing or not the caller's to view; 400 not an archive; 422 unreadable archive
     */
    async listForCaller(caller: Caller, id: string, n?: number): Promise<ArchiveListingValue> {
      const { file, access } = await files.requireFileAccess(caller, id, 'view');
      return listing(await atVersion(file, n), access.rights.download, sessionOrigin(caller));
    },

    /**
     * Entries of the archive a share visitor unlocked (download as the share allows).
     * @throws 403 without a valid visitor token; 404/410 as the share preview; 400; 422
     */
    async listForShare(token: string | undefined): Promise<ArchiveListingValue> {
      const { share, file } = await shares.visit(token);
      return listing(file, share.allowDownload, { shareCode: share.code });
    },

    /**
     * One entry's bytes for a signed entry URL. Inline (`dl` false) serves only image, text and PDF
     * entries; images in tif/tiff/bmp/svg — and every image when the ticket does not allow downloads
     * — go out as a WebP rendition. `dl` needs a download ticket.
     * @param rangeOf picks a byte range for the entry's size (HTTP Range), or undefined for all
     * @throws 403 bad ticket or right; 404 no such file/entry; 422 refused (bomb, encrypted, too big)
     */
    async entry(
      token: string,
      index: number,
      dl: boolean,
      rangeOf: (size: number) => { start: number; end: number } | undefined,
    ): Promise<EntryBody> {
      const ticket = await ctx.tokens.verifyTicket(token);
      if (!ticket || ticket.variant !== ARCHIVE_VARIANT) throw new AppError(403, TICKET_REFUSED_MSG);
      if (dl && !ticket.download) throw forbidden('没有下载权限');
      const found = await repo.findById(ticket.fileId);
      if (!found || found.kind !== 2) throw notFound();
      // Its origin (share link or session) must still allow it (revocation, issue 15).
      await tickets.check(token, ticket);
      const f = await atVersion(found, ticket.version);
      const { format, entries } = await readEntries(f, index + 1);
      const raw = entries[index];
      if (!raw) throw notFound('压缩包中没有该文件');
      const d = describe(raw);
      if (d.isFolder) throw badRequest('文件夹不能预览或下载');
      if (d.refused) throw new AppError(422, d.refused);
      if (!dl && d.kind === 'none') throw forbidden('该文件不支持在线预览，请下载后查看');
      const name = d.path.slice(d.path.lastIndexOf('/') + 1);
      const suffix = suffixOf(name);
      const rendition =
        !dl &&
        d.kind === 'image' &&
        (!ticket.download || (RENDITION_IMAGE_SUFFIXES as readonly string[]).includes(suffix));
      const mime = dl ? 'application/octet-stream' : mimeFor(suffix);

      let whole: { path: string; cleanup: () => Promise<void> } | null = null;
      let archive: { file: string; release: () => Promise<void> } | null = await archiveFile(f);
      try {
        if (format === 'rar') {
          whole = await extractRarEntry(archive.file, raw.name, raw.size);
          await archive.release();
          archive = null;
        }
        if (rendition) {
          if (raw.size > MAX_RENDITION_INPUT) throw new AppError(422, '图片过大，无法在线预览，请下载后查看');
          const bytes = whole ? await readFile(whole.path) : await collect(archive!.file, index, raw.size);
          const webp = await webpRendition(bytes, suffix).catch(() => {
            throw new AppError(422, '图片无法解码，请下载后查看');
          });
          return {
            name: `${name}.webp`,
            mime: 'image/webp',
            size: webp.length,
            stream: webp,
            download: false,
          };
        }
        const range = rangeOf(raw.size);
        let stream: Readable;
        if (whole) {
          const tmp = whole;
          stream = createReadStream(tmp.path, range ?? {});
          stream.once('close', () => void tmp.cleanup());
          whole = null; // removed when the stream closes
        } else {
          const opened = await openZipEntry(archive!.file, index, range);
          if (!opened) throw notFound('压缩包中没有该文件');
          stream = opened.stream;
          const held = archive!;
          stream.once('close', () => void held.release());
          archive = null; // released when the stream closes
        }
        return { name, mime, size: raw.size, ...(range ? { range } : {}), stream, download: dl };
      } finally {
        if (whole) await whole.cleanup();
        if (archive) await archive.release();
      }
    },
  };

  /** A ZIP entry's bytes in memory (for renditions; the size was checked). */
  async function collect(archiveFile: string, index: number, size: number): Promise<Buffer> {
    const opened = await openZipEntry(archiveFile, index);
    if (!opened) throw notFound('压缩包中没有该文件');
    const chunks: Buffer[] = [];
    for await (const c of opened.stream) chunks.push(c as Buffer);
    const out = Buffer.concat(chunks);
    if (out.length > size) throw new AppError(422, '解压后的大小超过声明的大小，已停止');
    return out;
  }
}
export type ArchivesService = ReturnType<typeof archivesService>;
