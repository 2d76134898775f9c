/**
 * Share links — spec 001 §2 (share dialog), §3 (share entry, share-limit response), §5, §7, §9.
 */
import { z } from 'zod';
import { PreviewInfo } from './files.ts';

/** Validity choices (001 §9): 7 days, 30 days, long-term (0), or a custom date. */
export const ShareValidity = { week: 7, month: 30, forever: 0 } as const;

/**
 * One share entry (001 §3). `ShareType`: days of validity (7, 30, 0 = long-term) or -1 for a custom date
 * given in `EffectiveDate` (yyyy-MM-dd, inclusive). `Isvisible` '1' means public (no extraction code).
 * `pwdSetWay` '1' generated code, '2' custom code in `Pssword`. `Isallow` '1' download allowed, '2' browse only.
 */
export const ShareEntry = z.object({
  MainIUID: z.string().min(1),
  FileType: z.coerce.number().default(2),
  Name: z.string().default(''),
  ShareType: z.coerce.number().int().min(-1).max(3650),
  EffectiveDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .or(z.literal('')),
  Isvisible: z.enum(['0', '1']).default('0'),
  Pssword: z.string().max(32).default(''),
  pwdSetWay: z.enum(['1', '2']).default('1'),
  Isallow: z.enum(['1', '2']).default('2'),
  viewname: z.string().default(''),
});
export type ShareEntryValue = z.infer<typeof ShareEntry>;

export const ShareRequest = z.array(ShareEntry).min(1).max(100);

/** Share-limit response (001 §3). */
export const ShareLimitData = z.object({
  shareCountError: z.boolean(),
  limitShareCount: z.number(),
  shareFileCount: z.number(),
  isview: z.boolean(),
  viewData: z.array(z.object({ userName: z.string(), shareCount: z.number() })),
  /**
   * Whose plan the counted shares are under (issue 16): `person` (the sharer's own plan) or `corp`
   * (the company's); absent when nothing limited was counted. The limit notice offers 去升级 to the
   * matching /payCenter?type=.
   */
  scope: z.enum(['person', 'corp']).optional(),
});

/** Answer of `DrawingShare`: the share code plus the derived links and extraction code. */
export const ShareCreated = z.object({
  shareCode: z.string(),
  /** Extraction code ('' for public links). */
  pwd: z.string(),
  webUrl: z.string(),
  mobileUrl: z.string(),
  expireTime: z.string().nullable(),
});
export type ShareCreatedValue = z.infer<typeof ShareCreated>;

/** A row of 我的分享 (`/myShare`). */
export const MyShareRow = z.object({
  shareCode: z.string(),
  fileIUID: z.string(),
  fileName: z.string(),
  fileSuffix: z.string(),
  pwd: z.string(),
  isPublic: z.boolean(),
  allowDownload: z.boolean(),
  createTime: z.string(),
  expireTime: z.string().nullable(),
  expired: z.boolean(),
  webUrl: z.string(),
});

/** Answer of 我的分享's paged, sorted and filtered list (`GET Api.myShareListPage`, `ShareListQuery`). */
export const MySharePage = z.object({ list: z.array(MyShareRow), count: z.number() });

/** What the landing page learns before the code is typed (`GET /api/Share/Info?code=`). */
export const ShareVerifyBody = z.object({ code: z.string().min(1), pwd: z.string().default('') });

/** Answer of a successful verification: a short-lived visitor token and the preview. */
export const ShareAccess = z.object({ accessToken: z.string(), preview: PreviewInfo });

export const ShareInfo = z.object({
  shareCode: z.string(),
  fileName: z.string(),
  sharerName: z.string(),
  needPwd: z.boolean(),
  expireTime: z.string().nullable(),
  /** A public link (no extraction code) is open at once: its access comes with the info. */
  access: ShareAccess.nullable(),
});

export const ShareCancelBody = z.object({ shareCode: z.string().min(1) });
