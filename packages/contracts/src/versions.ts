/**
 * File versions and folder download (issue 5; spec 001 §7 `FileVersionAdd`, `CompressFileFolder`;
 * 000 §7 `FileVersionInfo`). A file keeps its iuid across versions; one version is current and is
 * what previews, downloads, shares and favourites use.
 */
import { z } from 'zod';

/** One version of a file as the versions dialog lists it. Times "yyyy-MM-dd HH:mm:ss" (001 §9). */
export const FileVersionRow = z.object({
  /** Version number, 1 for the first upload. */
  version: z.number(),
  fileName: z.string(),
  fileSuffix: z.string(),
  /** Size as text, e.g. "12MB". */
  fileSize: z.string(),
  fileBytes: z.number(),
  /** Who uploaded it ('' when that account is gone). */
  uploaderName: z.string(),
  createTime: z.string(),
  /** Conversion status of this version (001 §4). */
  statusType: z.number(),
  progress: z.number(),
  statusMsg: z.string(),
  isCurrent: z.boolean(),
});
export type FileVersionRowValue = z.infer<typeof FileVersionRow>;

/** `GET FileVersionList?iuid=` answer: the file's versions, newest first. */
export const FileVersionList = z.object({
  iuid: z.string(),
  currentVersion: z.number(),
  list: z.array(FileVersionRow),
});
export type FileVersionListValue = z.infer<typeof FileVersionList>;

/** Query naming a file or folder by `iuid` (the spelling of 001 §7 CompressFileFolder). */
export const LowerIuidQuery = z.object({ iuid: z.string().min(1) });

/** Body naming one version of a file (set current, delete). */
export const FileVersionBody = z.object({
  IUID: z.string().min(1),
  version: z.coerce.number().int().min(1),
});

/** Query of a download link or preview of a file, optionally of one version (absent = current). */
export const VersionedIuidQuery = z.object({
  IUID: z.string().min(1),
  version: z.coerce.number().int().min(1).optional(),
});

/** `CompressFileFolder` query: the folder, and the signed ticket when opened by the browser. */
export const CompressFolderQuery = z.object({ iuid: z.string().min(1), t: z.string().optional() });

/** tus metadata key naming the file a version upload belongs to. */
export const VERSION_OF_METADATA = 'versionOf';

/**
 * Suffix families a new version may switch between (001 §9 groups); any other suffix must stay
 * the same. Lower-case, without the dot.
 */
export const SUFFIX_FAMILIES: readonly (readonly string[])[] = [
  ['doc', 'docx'],
  ['xls', 'xlsx'],
  ['ppt', 'pptx'],
  ['jpg', 'jpeg'],
  ['dwg', 'dxf'],
  ['rvt', 'rfa'],
  ['nwd', 'nwc'],
  ['dgn', 'dgnlib'],
  ['glb', 'gltf'],
  ['bim', 'ibim'],
];

/** Whether a version with suffix `b` may follow one with suffix `a`. */
export function sameSuffixFamily(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return true;
  return SUFFIX_FAMILIES.some((f) => f.includes(x) && f.includes(y));
}
