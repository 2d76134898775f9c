/**
 * Archive contents in the preview (issue 14 "Text, images, archives"; 001 §9 archives zip, rar; 001 §2
 * Preview overlay). The server lists an archive's entries without unpacking it and hands out signed
 * URLs that stream ONE entry (`Api.archiveEntry?t=&i=`). Entry names are shown sanitised (no `..`,
 * no leading `/`, no drive letters, `/` separators) and are never used as file-system paths.
 */
import { z } from 'zod';

/** Largest uncompressed entry that is served (bytes); bigger entries are listed but refused. */
export const ARCHIVE_MAX_ENTRY_BYTES = 512 * 1024 * 1024;
/** Compression ratio above which an entry over {@link ARCHIVE_RATIO_MIN_BYTES} counts as a zip bomb. */
export const ARCHIVE_MAX_RATIO = 100;
/** Entries at most this big (bytes) are never refused for their ratio. */
export const ARCHIVE_RATIO_MIN_BYTES = 1024 * 1024;
/** Most entries listed; the rest are counted in `total` and `truncated` is set. */
export const ARCHIVE_MAX_LISTED = 5000;

/** How an entry can be viewed inline (a subset of the file preview kinds). */
export const ArchiveEntryKind = z.enum(['image', 'text', 'pdf', 'none']);
export type ArchiveEntryKindValue = z.infer<typeof ArchiveEntryKind>;

/** One entry of an archive. Sizes in bytes; time "yyyy-MM-dd HH:mm:ss" (001 §9) or '' when unknown. */
export const ArchiveEntry = z.object({
  /** Position in the archive's directory: names the entry in entry URLs. */
  index: z.number(),
  /** Sanitised display path with `/` separators, no leading `/`, folders without a trailing `/`. */
  path: z.string(),
  isFolder: z.boolean(),
  size: z.number(),
  compressedSize: z.number(),
  modifiedTime: z.string(),
  /** The entry is encrypted (password protected): listed, never served. */
  encrypted: z.boolean(),
  /** The stored name was absolute or climbed out (`..`): shown sanitised. */
  unsafeName: z.boolean(),
  /** Why the entry is refused ('' when it can be served), e.g. a zip bomb or over the size limit. */
  refused: z.string(),
  previewKind: ArchiveEntryKind,
  /** Inline URL of the entry (images, text, PDF that are not refused), else null. */
  viewUrl: z.string().nullable(),
  /** Download URL of the entry, when the caller may download and the entry is not refused. */
  downloadUrl: z.string().nullable(),
});
export type ArchiveEntryValue = z.infer<typeof ArchiveEntry>;

/** Answer of `Api.archiveEntries` / `Api.shareArchiveEntries`. */
export const ArchiveListing = z.object({
  format: z.enum(['zip', 'rar']),
  /** Entries in archive order, folders as stored (the web builds the tree from the paths). */
  entries: z.array(ArchiveEntry),
  /** Entries in the archive (may exceed `entries.length` when truncated). */
  total: z.number(),
  truncated: z.boolean(),
  canDownload: z.boolean(),
});
export type ArchiveListingValue = z.infer<typeof ArchiveListing>;

/** Query of the signed entry route: ticket, entry index, `dl=1` to download (attachment). */
export const ArchiveEntryQuery = z.object({
  t: z.string().min(1),
  i: z.coerce.number().int().min(0),
  dl: z.enum(['0', '1']).optional(),
});
