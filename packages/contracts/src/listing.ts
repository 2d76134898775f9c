/**
 * Sorting, filtering and searching of the file lists (spec 001 §3 table column "sortable, order,
 * filter options (checkbox list, numeric range, date-time range)", §4 "Table sort cycles per column
 * none → ascending → descending → none … Filters … show as closable tags", §9 suffix groups, sizes,
 * date format and the table date shortcuts).
 *
 * The web data table keeps its state in the same query parameters the list endpoints read, so a
 * table state is one URL and the server does the sorting and filtering:
 * - `sort` + `order`: one whitelisted field (never a column name from the client) and asc/desc;
 * - checkbox lists as comma-separated values: `suffix=ifc,dwg`, `type=model,office`, `status=3,4`;
 * - numeric range in bytes: `sizeMin`, `sizeMax` (inclusive);
 * - date-time ranges: `updateFrom`/`updateTo`, `createFrom`/`createTo` (inclusive), each either
 *   "yyyy-MM-dd HH:mm:ss" (server local time, the format of 001 §9) or an ISO 8601 instant;
 * - `name`: name contains (case-insensitive) in the listed folder.
 */
import { z } from 'zod';
import {
  ARCHIVE_SUFFIXES,
  IBIM_SUFFIXES,
  IMAGE_SUFFIXES,
  MODEL_SUFFIXES,
  OFFICE_SUFFIXES,
  VIDEO_SUFFIXES,
  VIDEO_TRANSCODE_SUFFIXES,
  FileRow,
} from './files.ts';

/** Message of a sort field outside the whitelist. */
export const BAD_SORT_FIELD_MESSAGE = '不支持的排序字段';

/** Sort fields of 我的文件 and 我的收藏 (whitelist; the server maps each to one column). */
export const FILE_SORT_FIELDS = [
  'fileName',
  'fileBytes',
  'updateTime',
  'createTime',
  'fileSuffix',
  'statusType',
] as const;
export const FileSortField = z.enum(FILE_SORT_FIELDS, { message: BAD_SORT_FIELD_MESSAGE });
export type FileSortFieldValue = z.infer<typeof FileSortField>;

/** Sort fields of 我的分享. */
export const SHARE_SORT_FIELDS = ['fileName', 'createTime', 'expireTime'] as const;
export const ShareSortField = z.enum(SHARE_SORT_FIELDS, { message: BAD_SORT_FIELD_MESSAGE });
export type ShareSortFieldValue = z.infer<typeof ShareSortField>;

export const SortOrder = z.enum(['asc', 'desc'], { message: '排序方向只能是 asc 或 desc' });

/**
 * File-type groups of 001 §9 for the type filter (`type=model,office`). `folder` selects folders.
 * Suffixes are matched lower-case.
 */
export const FILE_TYPE_GROUPS = {
  folder: [],
  model: MODEL_SUFFIXES,
  ibim: IBIM_SUFFIXES,
  image: IMAGE_SUFFIXES,
  video: [...VIDEO_SUFFIXES, ...VIDEO_TRANSCODE_SUFFIXES],
  office: OFFICE_SUFFIXES,
  pdf: ['pdf'],
  txt: ['txt'],
  archive: ARCHIVE_SUFFIXES,
} as const satisfies Record<string, readonly string[]>;
export type FileTypeGroup = keyof typeof FILE_TYPE_GROUPS;
export const FileTypeGroupSchema = z.enum(
  Object.keys(FILE_TYPE_GROUPS) as [FileTypeGroup, ...FileTypeGroup[]],
  { message: '不支持的文件类型分组' },
);

/** Share states for the 我的分享 status filter. */
export const ShareStateSchema = z.enum(['valid', 'expired'], { message: '分享状态只能是 valid 或 expired' });

/** Largest size a range may name (1 PB), so a bound is always a safe integer. */
const MAX_BYTES = 2 ** 50;

/** A comma-separated list (or a repeated parameter) of `item`, at most 50 values. '' → empty. */
export function csvList<T extends z.ZodTypeAny>(item: T) {
  return z.preprocess(
    (v) => {
      const parts = Array.isArray(v) ? v.flatMap((x) => String(x).split(',')) : String(v).split(',');
      return parts.map((s) => s.trim()).filter((s) => s !== '');
    },
    z.array(item).max(50, '筛选值过多'),
  );
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Parse a filter time: "yyyy-MM-dd HH:mm:ss" (or "yyyy-MM-dd", or without seconds) in local time, or
 * an ISO 8601 instant with an offset. @returns null when it is neither.
 */
export function parseFilterTime(s: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(s.trim());
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', sec = '0'] = m;
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec));
    return date.getMonth() === Number(mo) - 1 && date.getDate() === Number(d) ? date : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(s.trim())) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

const FilterTime = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    const d = parseFilterTime(s);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: '时间格式应为 yyyy-MM-dd HH:mm:ss' });
      return z.NEVER;
    }
    return d;
  });

const Bytes = z.coerce
  .number({ message: '文件大小必须是数字' })
  .int('文件大小必须是整数（字节）')
  .min(0, '文件大小不能为负数')
  .max(MAX_BYTES, '文件大小超出范围');

/** Filters shared by the file lists (see the module comment for the parameter forms). */
export const FileFilterShape = {
  name: z.string().max(200).optional(),
  suffix: csvList(z.string().regex(/^[a-z0-9]{1,16}$/i, '后缀只能包含字母和数字')).optional(),
  type: csvList(FileTypeGroupSchema).optional(),
  status: csvList(z.coerce.number().int().min(0, '状态取值 0–4').max(4, '状态取值 0–4')).optional(),
  sizeMin: Bytes.optional(),
  sizeMax: Bytes.optional(),
  updateFrom: FilterTime.optional(),
  updateTo: FilterTime.optional(),
  createFrom: FilterTime.optional(),
  createTo: FilterTime.optional(),
};

/** Refuse ranges whose lower bound is above the upper one. */
export function rangesInOrder(
  q: {
    sizeMin?: number;
    sizeMax?: number;
    updateFrom?: Date;
    updateTo?: Date;
    createFrom?: Date;
    createTo?: Date;
  },
  ctx: z.RefinementCtx,
): void {
  const bad = (a: number | Date | undefined, b: number | Date | undefined) =>
    a !== undefined && b !== undefined && Number(a) > Number(b);
  if (bad(q.sizeMin, q.sizeMax)) ctx.addIssue({ code: 'custom', message: '文件大小范围的下限大于上限' });
  if (bad(q.updateFrom, q.updateTo) || bad(q.createFrom, q.createTo))
    ctx.addIssue({ code: 'custom', message: '时间范围的开始晚于结束' });
}

/** Parsed file filters (server side). */
export interface FileFilters {
  name?: string;
  suffix?: string[];
  type?: FileTypeGroup[];
  status?: number[];
  sizeMin?: number;
  sizeMax?: number;
  updateFrom?: Date;
  updateTo?: Date;
  createFrom?: Date;
  createTo?: Date;
}

/** Query of 我的分享's paged list (`GET Api.myShareListPage`). */
export const ShareListQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    rows: z.coerce.number().int().min(1).max(500).default(20),
    sort: ShareSortField.optional(),
    order: SortOrder.default('asc'),
    name: z.string().max(200).optional(),
    suffix: FileFilterShape.suffix,
    state: csvList(ShareStateSchema).optional(),
    createFrom: FilterTime.optional(),
    createTo: FilterTime.optional(),
    expireFrom: FilterTime.optional(),
    expireTo: FilterTime.optional(),
  })
  .superRefine((q, ctx) => {
    rangesInOrder(q, ctx);
    if (q.expireFrom && q.expireTo && q.expireFrom > q.expireTo)
      ctx.addIssue({ code: 'custom', message: '时间范围的开始晚于结束' });
  });
export type ShareListQueryValue = z.infer<typeof ShareListQuery>;

/**
 * Areas a search runs across (001 §2 file areas): the personal space (`myDocument`), the projects
 * the user may view (`project`), the knowledge bases and public libraries they may view (`library`)
 * and their favourites (`myCollection`).
 */
export const SEARCH_AREAS = ['myDocument', 'project', 'library', 'myCollection'] as const;
export const SearchArea = z.enum(SEARCH_AREAS, { message: '不支持的搜索区域' });
export type SearchAreaValue = z.infer<typeof SearchArea>;

/**
 * Query of the cross-area name search (`GET Api.searchFiles`): the keyword, the areas, paging, and
 * the same sort and filters as the file lists (folders first, name when no sort, id tiebreak).
 */
export const SearchQuery = z
  .object({
    keyword: z.string().trim().min(1, '请输入搜索关键字').max(200),
    /** Areas to search; all the user may see when absent. */
    areas: csvList(SearchArea).optional(),
    page: z.coerce.number().int().min(1).default(1),
    rows: z.coerce.number().int().min(1).max(200).default(20),
    sort: FileSortField.optional(),
    order: SortOrder.default('asc'),
    ...FileFilterShape,
  })
  .superRefine(rangesInOrder);
export type SearchQueryValue = z.infer<typeof SearchQuery>;

/** A search hit: the file row (its `fullPath` is its own folder's path) and where it was found. */
export const SearchHitLocation = z.object({
  /** The area the hit belongs to (the first that holds it when it is in several). */
  area: SearchArea,
  /** 001 §3 source type of the area (2 personal; 1 enterprise and 3 knowledge base later). */
  sourceType: z.number(),
  /** Route that locates the file: `/myDocument?pageMode=location&iuid=…` and the like. */
  locateUrl: z.string(),
});

/**
 * Query of the personal folder listing (`GET /api/Home/MyDocumentList`) and of 我的收藏
 * (`GET /api/Home/MyCollectionList`, which ignores `folderId`): paging, one whitelisted sort (folders
 * always first, then the sort, then id as the tiebreak; `fileName` when absent in 我的文件, collect
 * time newest first in 我的收藏), the filters above, and `keyword`: a name search through the whole
 * subtree of `folderId` (the whole space at the root) whose rows carry their own `fullPath`.
 */
export const ListQuery = z
  .object({
    folderId: z.string().default(''),
    /** The area listed (spaces.ts): '' or absent = the caller's personal space. */
    spaceId: z.string().max(64).default(''),
    page: z.coerce.number().int().min(1).default(1),
    rows: z.coerce.number().int().min(1).max(500).default(50),
    sort: FileSortField.optional(),
    order: SortOrder.default('asc'),
    keyword: z.string().max(200).optional(),
    /**
     * Locate a file (001 §2 `/myDocument?pageMode=location&iuid=`): list its folder at the page that
     * holds it under the sort (filters and keyword are ignored); the answer says which folder and page.
     */
    locate: z.string().max(64).optional(),
    ...FileFilterShape,
  })
  .superRefine(rangesInOrder);
export type ListQueryValue = z.infer<typeof ListQuery>;

/** One search hit (a file row plus its location). */
export const SearchHit = FileRow.extend(SearchHitLocation.shape);
export type SearchHitValue = z.infer<typeof SearchHit>;

/** Answer of the cross-area search: one page of hits (folders first, then by name) and the total. */
export const SearchData = z.object({ list: z.array(SearchHit), count: z.number() });
export type SearchDataValue = z.infer<typeof SearchData>;
