/**
 * The dashboard /board (看板; spec 001 §2 "Other routes", issue 16): query and answer shapes of
 * `GET /api/Noticeboard/GetBoard` (routes.ts `Api.board`).
 *
 * A board is one scope the caller may see: `personal` (我的空间, their own files and operations),
 * `project` (a project they may view, by `id`; others answer 404 like a missing one) or `company` (the
 * company's projects and company library, for that company's administrators only; 403 otherwise).
 * Sizes are bytes; times are "yyyy-MM-dd HH:mm:ss" (001 §9).
 */
import { z } from 'zod';
import {
  DRAWING_SUFFIXES,
  IBIM_SUFFIXES,
  IMAGE_SUFFIXES,
  MODEL_SUFFIXES,
  OFFICE_SUFFIXES,
  TEXT_SUFFIXES,
  VIDEO_SUFFIXES,
  VIDEO_TRANSCODE_SUFFIXES,
} from './files.ts';

/** What a board covers. */
export const BoardScope = z.enum(['personal', 'project', 'company'], {
  message: '看板范围只能是 personal、project 或 company',
});
export type BoardScopeValue = z.infer<typeof BoardScope>;

/** `GET Api.board` query: the scope and, for a project (or company), its id. */
export const BoardQuery = z.object({
  scope: BoardScope.default('personal'),
  /** The project's iuid (scope project); the company id (scope company, optional: the caller's). */
  id: z.string().trim().max(64).optional(),
});
export type BoardQueryValue = z.infer<typeof BoardQuery>;

/**
 * Type groups of the board, in display order: 模型, 图纸, 文档, 图片, 视频, 其他. Built on the product's
 * suffix lists (files.ts, 001 §9): the model suffixes without the 2D drawings plus iBIM → model;
 * dwg/dxf → drawing; office, PDF and text → document; images; videos (native and transcoded);
 * everything else (archives, unknown suffixes) → other.
 */
export const BOARD_TYPE_GROUPS = ['model', 'drawing', 'document', 'image', 'video', 'other'] as const;
export const BoardTypeGroup = z.enum(BOARD_TYPE_GROUPS);
export type BoardTypeGroupValue = z.infer<typeof BoardTypeGroup>;

const has = (list: readonly string[], s: string) => list.includes(s);

/** The board type group of a file suffix (any case, without the dot). */
export function boardTypeOf(suffix: string): BoardTypeGroupValue {
  const s = suffix.toLowerCase();
  if (has(DRAWING_SUFFIXES, s)) return 'drawing';
  if (has(MODEL_SUFFIXES, s) || has(IBIM_SUFFIXES, s)) return 'model';
  if (has(IMAGE_SUFFIXES, s)) return 'image';
  if (has(VIDEO_SUFFIXES, s) || has(VIDEO_TRANSCODE_SUFFIXES, s)) return 'video';
  if (s === 'pdf' || has(OFFICE_SUFFIXES, s) || has(TEXT_SUFFIXES, s)) return 'document';
  return 'other';
}

/** Files of one type group: how many and their bytes (current versions). */
export const BoardTypeFigure = z.object({
  type: BoardTypeGroup,
  count: z.number().int(),
  bytes: z.number(),
});

/** Files at one conversion status (001 §4: 0 none, 1 queued, 2 converting, 3 done, 4 failed). */
export const BoardStatusFigure = z.object({
  status: z.number().int().min(0).max(4),
  count: z.number().int(),
});

/** One active share link of the scope with how often it was opened (share.open log entries). */
export const BoardShareRow = z.object({
  fileIUID: z.string(),
  fileName: z.string(),
  fileSuffix: z.string(),
  sharerName: z.string(),
  opens: z.number().int(),
  createTime: z.string(),
  /** null: long-term. */
  expireTime: z.string().nullable(),
});
export type BoardShareRowValue = z.infer<typeof BoardShareRow>;

/** One recent operation-log entry (no address or phone: project members see each other's). */
export const BoardOperation = z.object({
  id: z.number().int(),
  time: z.string(),
  /** '' for a visitor without an account (a share opened). */
  userName: z.string(),
  /** The action code (contracts/admin.ts OPERATION_ACTIONS). */
  action: z.string(),
  objectType: z.string(),
  objectName: z.string(),
});
export type BoardOperationValue = z.infer<typeof BoardOperation>;

/** Largest number of shares in `shares.top` and of entries in `operations`. */
export const BOARD_TOP_SHARES = 5;
export const BOARD_RECENT_OPERATIONS = 20;

/** `GET Api.board` answer. */
export const BoardData = z.object({
  scope: BoardScope,
  /** The scope's id: the user's id, the project's iuid or the company id. */
  id: z.string(),
  /** 我的空间, the project's name or the company's name. */
  name: z.string(),
  /** Files (not folders) of the scope and their bytes. */
  files: z.object({ count: z.number().int(), bytes: z.number() }),
  /** The paying account's storage (personal: the user's; company: the company's); null for a project. */
  storage: z.object({ usedBytes: z.number(), quotaBytes: z.number() }).nullable(),
  /** Every group of BOARD_TYPE_GROUPS, in that order (zeros included). */
  byType: z.array(BoardTypeFigure),
  /** Statuses 0–4, in that order (zeros included). */
  conversions: z.array(BoardStatusFigure),
  /** Active (neither cancelled nor expired) share links of the scope's files. */
  shares: z.object({
    active: z.number().int(),
    /** Opens of those links in all. */
    opens: z.number().int(),
    /** The BOARD_TOP_SHARES most opened, newest first among equals. */
    top: z.array(BoardShareRow),
  }),
  /** The BOARD_RECENT_OPERATIONS newest operation-log entries of the scope. */
  operations: z.array(BoardOperation),
});
export type BoardDataValue = z.infer<typeof BoardData>;
