/**
 * The body entry of a share request (spec 001 §3 share entry, §7 `Share` / `ShareCheck`: one object
 * per file of the array the web client posts; contracts/shares.ts `ShareEntry`) as the integration
 * tests send it, with every field the web client sends, so that each test states only what it varies.
 */

/**
 * A share entry for the file `iuid` (FileType 2, no Name or viewname): valid for 7 days
 * (ShareType 7), not public (Isvisible '0') with a generated extraction code (pwdSetWay '1'), browse
 * only (Isallow '2'); `over` replaces or adds fields (e.g. `{ Isvisible: '1', Isallow: '1' }` for a public link
 * that allows downloads, `{ pwdSetWay: '2', Pssword: 'ab12' }` for a chosen code).
 */
export const shareEntry = (iuid: string, over: Record<string, unknown> = {}) => ({
  MainIUID: iuid,
  FileType: 2,
  Name: '',
  ShareType: 7,
  Isvisible: '0',
  Pssword: '',
  pwdSetWay: '1',
  Isallow: '2',
  viewname: '',
  ...over,
});
