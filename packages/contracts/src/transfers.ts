/**
 * The transfer panel's completed-upload records (spec 000 §3 "Completed upload record", §7
 * GetTransmissionData / DeleteTransmissionDataById / DeleteAllTransmissionData, §9 page size 6).
 */
import { z } from 'zod';

/** Completed transfer list page size (000 §9). */
export const TRANSMISSION_PAGE_SIZE = 6;

/** Upload status of a record (001 §4 labels FileType1 uploading, FileType0 failed, FileType2 complete). */
export const TransferFileType = { failed: 0, uploading: 1, complete: 2 } as const;

/** knowledgeBaseType of a knowledge-base record (000 §3). */
export const KnowledgeBaseType = z.enum(['StandardInfo', 'Company', 'Mine']);

/** `GetTransmissionData` body (form or JSON): page from 1, rows per page (default 6, at most 100). */
export const TransmissionQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  rows: z.coerce.number().int().min(1).max(100).default(TRANSMISSION_PAGE_SIZE),
});
export type TransmissionQueryValue = z.infer<typeof TransmissionQuery>;

/** One completed upload (000 §3). `fileSize` in bytes; `time` yyyy-MM-dd HH:mm:ss (server time zone). */
export const TransmissionRecord = z.object({
  iuid: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  /** Always 2 (complete) in the list. */
  fileType: z.number(),
  /** 1 enterprise, 2 personal (我的空间), 3 knowledge base. */
  sourceType: z.number(),
  /** The file the upload created (or the file a version was added to). */
  mainIUID: z.string(),
  /** StandardInfo, Company or Mine for knowledge-base records; '' otherwise. */
  knowledgeBaseType: z.string(),
  time: z.string(),
});
export type TransmissionRecordValue = z.infer<typeof TransmissionRecord>;

/** `GetTransmissionData` answer: one page, newest first, and the total count. */
export const TransmissionList = z.object({ list: z.array(TransmissionRecord), count: z.number() });
export type TransmissionListValue = z.infer<typeof TransmissionList>;

/** `DeleteTransmissionDataById?IUID=` query. */
export const TransmissionIdQuery = z.object({ IUID: z.string().trim().min(1, '请指定要删除的记录') });
