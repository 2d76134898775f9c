/**
 * SQL of the file-list filters and sorts (spec 001 §3 table column, §4 sort cycle and filters; the
 * query forms are documented in `packages/contracts/src/listing.ts`). Every sort field maps to one
 * column through a fixed table, so nothing the client sends reaches SQL as an identifier; values are
 * bound parameters. Used by 我的文件, 我的收藏 and the cross-area search.
 */
import { FILE_TYPE_GROUPS, type FileFilters, type FileSortFieldValue } from '@bimdrive/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import { files } from '../../db/schema/files.ts';

/** The `files` property behind each whitelisted sort field. */
export const FILE_SORT_KEYS = {
  fileName: 'name',
  fileBytes: 'sizeBytes',
  updateTime: 'updatedAt',
  createTime: 'createdAt',
  fileSuffix: 'suffix',
  statusType: 'statusType',
} as const satisfies Record<FileSortFieldValue, keyof typeof files.$inferSelect>;

/** The column behind each whitelisted sort field. */
export const FILE_SORT_COLUMNS = {
  fileName: files.name,
  fileBytes: files.sizeBytes,
  updateTime: files.updatedAt,
  createTime: files.createdAt,
  fileSuffix: files.suffix,
  statusType: files.statusType,
} as const satisfies Record<FileSortFieldValue, (typeof files)[(typeof FILE_SORT_KEYS)[FileSortFieldValue]]>;

/**
 * ORDER BY of a file list: folders first, then the field in the order, then id ascending as the
 * tiebreak so pages never overlap or skip rows when many rows share a value.
 */
export function fileOrderBy(field: FileSortFieldValue, order: 'asc' | 'desc'): SQL[] {
  return [asc(files.kind), (order === 'asc' ? asc : desc)(FILE_SORT_COLUMNS[field]), asc(files.id)];
}

/** Escape LIKE wildcards so a user's text matches literally. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Whether any filter is set (an empty list counts as not set). */
export function hasFileFilters(f: FileFilters): boolean {
  return (
    !!f.name?.trim() ||
    !!f.suffix?.length ||
    !!f.type?.length ||
    !!f.status?.length ||
    f.sizeMin !== undefined ||
    f.sizeMax !== undefined ||
    !!f.updateFrom ||
    !!f.updateTo ||
    !!f.createFrom ||
    !!f.createTo
  );
}

/**
 * WHERE conditions of the filters (AND-ed by the caller). Size, suffix and status describe files, so
 * a folder never matches them; a `type` list may name `folder` to keep folders. Ranges are inclusive.
 */
export function fileFilterConditions(f: FileFilters): SQL[] {
  const out: SQL[] = [];
  const name = f.name?.trim();
  if (name) out.push(ilike(files.name, `%${escapeLike(name)}%`));
  if (f.suffix?.length) {
    out.push(eq(files.kind, 2), inArray(files.suffix, [...new Set(f.suffix.map((s) => s.toLowerCase()))]));
  }
  if (f.type?.length) {
    const suffixes = [...new Set(f.type.flatMap((g) => FILE_TYPE_GROUPS[g] as readonly string[]))];
    const parts: SQL[] = [];
    if (f.type.includes('folder')) parts.push(eq(files.kind, 1));
    if (suffixes.length) parts.push(and(eq(files.kind, 2), inArray(files.suffix, suffixes))!);
    out.push(parts.length === 1 ? parts[0]! : or(...parts)!);
  }
  if (f.status?.length) out.push(eq(files.kind, 2), inArray(files.statusType, [...new Set(f.status)]));
  if (f.sizeMin !== undefined || f.sizeMax !== undefined) {
    out.push(eq(files.kind, 2));
    if (f.sizeMin !== undefined) out.push(gte(files.sizeBytes, f.sizeMin));
    if (f.sizeMax !== undefined) out.push(lte(files.sizeBytes, f.sizeMax));
  }
  if (f.updateFrom) out.push(gte(files.updatedAt, f.updateFrom));
  if (f.updateTo) out.push(lte(files.updatedAt, f.updateTo));
  if (f.createFrom) out.push(gte(files.createdAt, f.createFrom));
  if (f.createTo) out.push(lte(files.createdAt, f.createTo));
  return out;
}

/** The filter fields of a parsed list query (drops paging, sort and scope keys). */
export function pickFileFilters(q: FileFilters): FileFilters {
  const { name, suffix, type, status, sizeMin, sizeMax, updateFrom, updateTo, createFrom, createTo } = q;
  return { name, suffix, type, status, sizeMin, sizeMax, updateFrom, updateTo, createFrom, createTo };
}
