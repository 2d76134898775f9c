/**
 * File rows, folders, statuses and previews — spec 001 §3 (file row), §4 (statuses), §9 (suffixes, sizes).
 */
import { z } from 'zod';
import { SpaceKind, SpaceSummary } from './spaces.ts';

/** Conversion status (001 §4): 0 no response/none, 1 queued, 2 converting, 3 done, 4 failed. */
export const StatusType = { none: 0, queued: 1, converting: 2, done: 3, failed: 4 } as const;
export type StatusTypeValue = (typeof StatusType)[keyof typeof StatusType];

/** Source types (001 §3, 000 §9): 1 enterprise, 2 personal, 3 knowledge base. */
export const SourceType = { enterprise: 1, personal: 2, knowledgeBase: 3 } as const;

/** fileType of a row: 1 folder, 2 file (the completed-transfer list shows only fileType 2, 000 §3). */
export const FileKind = { folder: 1, file: 2 } as const;

/** Model suffixes of 001 §9 plus the mesh formats the converters read. */
export const MODEL_SUFFIXES = [
  'dgn',
  'dwg',
  'ifc',
  'rvt',
  'dxf',
  'nwd',
  'nwc',
  'skp',
  'obj',
  'fbx',
  'cel',
  'dgnlib',
  '3sm',
  '3mx',
  'shp',
  'pid',
  'c3d',
  '3dxml',
  '3ds',
  '3dm',
  'data',
  'rfa',
  'stl',
  'glb',
  'gltf',
  'dae',
  'ply',
  '3mf',
] as const;
/** iBIM suffixes (001 §9): open directly. */
export const IBIM_SUFFIXES = ['bim', 'ibim'] as const;
/**
 * Image suffixes shown in the preview (001 §9 png, jpg, gif, gpj, plus common formats). tif/tiff, bmp
 * and svg are served as a WebP rendition made on the server; gpj is sniffed (a JPEG by another name).
 */
export const IMAGE_SUFFIXES = [
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'bmp',
  'tif',
  'tiff',
  'svg',
  'gpj',
] as const;
/** Image suffixes that the browser gets only as a server-made WebP rendition (never the original inline). */
export const RENDITION_IMAGE_SUFFIXES = ['bmp', 'tif', 'tiff', 'svg'] as const;
/**
 * Text, code and markup suffixes shown as plain text (001 §2 "Plain text", §9 txt). HTML, SVG sources
 * and scripts are text: never rendered or run.
 */
export const TEXT_SUFFIXES = [
  'txt',
  'md',
  'markdown',
  'json',
  'xml',
  'yaml',
  'yml',
  'toml',
  'ini',
  'cfg',
  'conf',
  'properties',
  'log',
  'csv',
  'tsv',
  'sql',
  'js',
  'mjs',
  'cjs',
  'jsx',
  'ts',
  'tsx',
  'vue',
  'py',
  'java',
  'kt',
  'scala',
  'groovy',
  'gradle',
  'c',
  'cc',
  'cpp',
  'cxx',
  'h',
  'hpp',
  'cs',
  'vb',
  'go',
  'rs',
  'rb',
  'php',
  'pl',
  'lua',
  'r',
  'swift',
  'dart',
  'sh',
  'bash',
  'zsh',
  'bat',
  'cmd',
  'ps1',
  'html',
  'htm',
  'xhtml',
  'css',
  'scss',
  'less',
  'tex',
  'rst',
  'srt',
  'ifcxml',
  'mtl',
  'idf',
] as const;
/** Natively playable video (001 §9); still probed, and transcoded when the codec is not (issue 14). */
export const VIDEO_SUFFIXES = ['ogg', 'mp4', 'webm'] as const;
/** Video needing transcoding (001 §9, plus the other camera and web formats ffmpeg reads; issue 14). */
export const VIDEO_TRANSCODE_SUFFIXES = [
  'wmv',
  'avi',
  'mkv',
  'mov',
  'rmvb',
  'rm',
  'flv',
  '3gp',
  'mpg',
  'mpeg',
  'm4v',
  'ogv',
  'asf',
  'vob',
  'mts',
  'm2ts',
] as const;
/**
 * Office documents with a PDF rendition (001 §9 doc…pptx; issue 14 adds WPS, OpenDocument, RTF, CSV
 * and the macro/template/show variants).
 */
export const OFFICE_SUFFIXES = [
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'wps',
  'et',
  'dps',
  'odt',
  'ods',
  'odp',
  'rtf',
  'csv',
  'docm',
  'xlsm',
  'pptm',
  'ppsx',
  'pps',
  'dot',
  'dotx',
  'xlt',
  'xltx',
  'pot',
  'potx',
  'wpt',
  'ett',
  'dpt',
] as const;
/** Presentation suffixes: over 100 MB they are shown as page pictures (001 §2). */
export const PRESENTATION_SUFFIXES = [
  'ppt',
  'pptx',
  'pptm',
  'pps',
  'ppsx',
  'pot',
  'potx',
  'dps',
  'dpt',
  'odp',
] as const;
/** Archives (001 §9): their entries are listed in the preview (archives.ts). */
export const ARCHIVE_SUFFIXES = ['zip', 'rar'] as const;

/**
 * How a file previews in the browser. `drawing`: a DWG or DXF shown by the 2D drawing viewer from its
 * derived ASCII DXF (issue 13; 001 §2 preview overlay).
 */
export const PreviewKind = z.enum([
  'fragments',
  'glb',
  'image',
  'pdf',
  'text',
  'video',
  'office',
  'archive',
  'drawing',
  'none',
]);
export type PreviewKindValue = z.infer<typeof PreviewKind>;

/** 2D drawings (001 §9 dwg, dxf): converted to an ASCII DXF and shown by the drawing viewer (issue 13). */
export const DRAWING_SUFFIXES = ['dwg', 'dxf'] as const;
/**
 * Same-origin URL of the TrueType font with CJK glyphs the drawing viewer draws TEXT/MTEXT with
 * (SHX and big fonts fall back to it); public, long-cached (modules/fonts).
 */
export const DRAWING_FONT_URL = '/api/fonts/cjk.ttf';

/** Lower-case suffix of a file name without the dot ('' when none). */
export function suffixOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Whether a suffix is a 3D model (needs conversion or a 3D viewer). */
export function isModelSuffix(suffix: string): boolean {
  return (MODEL_SUFFIXES as readonly string[]).includes(suffix.toLowerCase());
}

/**
 * Human-readable size as the spec shows it (001 §9: B, KB, MB, GB; text such as "12MB").
 * @param bytes size in bytes (≥ 0)
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))}${units[unit]}`;
}

/** A file or folder row as the API presents it (001 §3). Times are "yyyy-MM-dd HH:mm:ss" (001 §9). */
export const FileRow = z.object({
  iuid: z.string(),
  fileName: z.string(),
  fileSuffix: z.string(),
  /** 1 folder, 2 file. */
  fileType: z.number(),
  /** Parent folder iuid, '' at the root. */
  parentIUID: z.string(),
  /** The area the row lives in (spaces.ts; the owner's user id for the personal space). */
  spaceId: z.string(),
  /** The area's kind, on lists that span areas (favourites, search hits). */
  spaceKind: SpaceKind.optional(),
  /** Display path such as "我的文件/图纸/". */
  fullPath: z.string(),
  /** Size as text, e.g. "12MB"; '' for folders. */
  fileSize: z.string(),
  /** Size in bytes, for sorting. */
  fileBytes: z.number(),
  statusType: z.number(),
  /** Progress 0–100 while converting. */
  progress: z.number(),
  /** Why conversion failed or why there is no converter ('' otherwise). */
  statusMsg: z.string(),
  previewKind: PreviewKind,
  collectbit: z.boolean(),
  lookbit: z.number(),
  createTime: z.string(),
  updateTime: z.string(),
  /**
   * A small WebP picture of the file (at most 320 px on the long side; issue 14) as a signed,
   * short-lived same-origin URL (`/api/files/thumb?t=…`); null for folders and while none is made.
   */
  thumbUrl: z.string().nullable().default(null),
});
export type FileRowValue = z.infer<typeof FileRow>;

/** A breadcrumb entry: the root has iuid ''. */
export const Breadcrumb = z.object({ iuid: z.string(), fileName: z.string() });

/* The listing query (`ListQuery`) with its sort whitelist and filters lives in listing.ts. */

/** Answer of a folder listing. */
export const ListData = z.object({
  list: z.array(FileRow),
  count: z.number(),
  breadcrumbs: z.array(Breadcrumb),
  /** With `locate`: the located file's folder ('' = root) and the page listed (which holds it). */
  located: z.object({ iuid: z.string(), folderId: z.string(), page: z.number() }).optional(),
  /** The area listed and the caller's rights in it (spaces.ts). */
  space: SpaceSummary.optional(),
});
export type ListDataValue = z.infer<typeof ListData>;

/** New folder: in `parentIUID` ('' = the root of `spaceId`; '' spaceId = the personal space). */
export const FolderAddBody = z.object({
  parentIUID: z.string().default(''),
  fileName: z.string(),
  spaceId: z.string().max(64).default(''),
});
export const RenameBody = z.object({ IUID: z.string().min(1), fileName: z.string() });
export const IuidBody = z.object({ IUID: z.string().min(1) });
export const IuidQuery = z.object({ IUID: z.string().min(1) });

/** Personal space (000 §3 Space info). Sizes in bytes; `usableSpace` 0 means unlimited. */
export const SpaceInfo = z.object({
  usedSpace: z.number(),
  usableSpace: z.number(),
  space: z.number(),
  usedPercent: z.number(),
  serviceStopTime: z.string().nullable(),
});

/**
 * What the preview overlay needs to show a file (001 §2 Preview overlay). URLs are short-lived signed
 * links; `originalUrl` is null when downloading the original is not allowed.
 */
export const PreviewInfo = z.object({
  iuid: z.string(),
  fileName: z.string(),
  fileSuffix: z.string(),
  statusType: z.number(),
  statusMsg: z.string(),
  /** Conversion progress 0–100 while queued or converting (001 §4). */
  progress: z.number().default(0),
  previewKind: PreviewKind,
  /**
   * What the viewer shows: the converted model (fragments or GLB), the PDF (the original, or an
   * office document's PDF rendition), the video (the original when browsers play it, else its MP4
   * rendition), the image, the text; null while there is nothing to show yet.
   */
  viewUrl: z.string().nullable(),
  /** A video's poster frame (JPEG), when made; null otherwise. */
  posterUrl: z.string().nullable().default(null),
  /**
   * A presentation too large for the PDF viewer (001 §2: over 100 MB) is shown as page pictures:
   * `pageImageUrl` + `&page=N` (1-based) for N in 1…`pageCount`. Null otherwise.
   */
  pageImageUrl: z.string().nullable().default(null),
  /** A drawing's paper-space layouts in tab order (issue 13); [] for other files. */
  drawingLayouts: z.array(z.string()).default([]),
  /** Pages of an office rendition or PDF, when known. */
  pageCount: z.number().nullable().default(null),
  /**
   * A light GLB of the whole model (one mesh per colour) to draw while the full viewer loads; null
   * when the model has none (GLB models, older conversions).
   */
  previewGlbUrl: z.string().nullable(),
  /** The original file for download; null if not allowed. */
  originalUrl: z.string().nullable(),
  canDownload: z.boolean(),
  collectbit: z.boolean(),
});
export type PreviewInfoValue = z.infer<typeof PreviewInfo>;

/** `POST /api/wps/genarate` (001 §7): open a document in the configured external office viewer. */
export const WpsGenerateBody = z.object({ fileId: z.string().min(1).max(64) });
export const WpsGenerateData = z.object({ wpsUrl: z.string() });

/**
 * `POST /api/Home/BridgeOfficeLink` (issue 14; 000 §2 /bridgeOffice): a signed, expiring link that
 * shows a document's preview (browse only) without a session, for the chat app and other systems.
 * `hours` 1–720, default 24.
 */
export const BridgeOfficeLinkBody = z.object({
  IUID: z.string().min(1).max(64),
  hours: z.number().int().min(1).max(720).default(24),
});
export const BridgeOfficeLink = z.object({
  /** Absolute `PUBLIC_URL/bridgeOffice?t=…`. */
  url: z.string(),
  /** "yyyy-MM-dd HH:mm:ss" (001 §9). */
  expiresAt: z.string(),
});
export type BridgeOfficeLinkValue = z.infer<typeof BridgeOfficeLink>;
export const BridgeTokenQuery = z.object({ t: z.string().min(1).max(4096) });

/**
 * `POST /api/Home/BimIframeLink` (issue 13; 000 §2 /bimiframe): a signed, expiring link that opens a
 * model or drawing viewer without a session, embeddable in the allowed sites' iframes. `hours` 1–720,
 * default 24; `viewMode` `full` (element tree, tools) or `simple` (the compact phone chrome).
 */
export const BimIframeLinkBody = z.object({
  IUID: z.string().min(1).max(64),
  hours: z.number().int().min(1).max(720).default(24),
  viewMode: z.enum(['full', 'simple']).default('full'),
});
export const BimIframeLink = z.object({
  /** Absolute `PUBLIC_URL/bimiframe?type=model|drawing&src=…&viewMode=…`. */
  url: z.string(),
  /** "yyyy-MM-dd HH:mm:ss" (001 §9). */
  expiresAt: z.string(),
});
export type BimIframeLinkValue = z.infer<typeof BimIframeLink>;
export const BimIframeQuery = z.object({ src: z.string().min(1).max(4096) });
/** What the /bimiframe page needs: the file's preview (browse only) and who may talk to it. */
export const BimIframeData = z.object({
  preview: PreviewInfo,
  /** Origins whose postMessage commands the frame obeys and to which it reports. */
  allowedOrigins: z.array(z.string()),
});
export type BimIframeDataValue = z.infer<typeof BimIframeData>;

/**
 * Drawings linked to a model (001 §2 link-drawing dialog; issue 13): `GET /api/Model/DrawingLinks?IUID=`
 * lists them (those the caller may view), `POST /api/Model/DrawingLinks` replaces them (only `.dwg`
 * files, at most 200, the caller may edit the model and view each drawing).
 */
export const DrawingLinksBody = z.object({
  IUID: z.string().min(1).max(64),
  drawings: z.array(z.string().min(1).max(64)).max(200),
});
export const DrawingLink = z.object({
  iuid: z.string(),
  fileName: z.string(),
  fileSuffix: z.string(),
  /** Conversion status (001 §4): 3 when the drawing can be opened. */
  statusType: z.number(),
  /** Where it lives, e.g. "项目A/图纸/". */
  fullPath: z.string(),
});
export type DrawingLinkValue = z.infer<typeof DrawingLink>;
export const DrawingLinksData = z.object({ list: z.array(DrawingLink) });
export type DrawingLinksDataValue = z.infer<typeof DrawingLinksData>;
