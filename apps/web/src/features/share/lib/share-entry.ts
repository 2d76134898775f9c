/**
 * Pure rules of the share dialog (spec 001 §2 Share dialog, §3 share request entry, §5 validation,
 * §9 validity 7 / 30 / long-term (0) / custom date yyyy-MM-dd).
 */
import { ShareValidity, type ShareEntryValue } from '@bimdrive/contracts';

/** Validity choice of the form (001 §9). */
export type ValidityChoice = 'week' | 'month' | 'forever' | 'custom';

/** Values of the share form, step 1 (001 §2 Share dialog). */
export interface ShareFormValues {
  validity: ValidityChoice;
  /** Custom end date, yyyy-MM-dd (only for `custom`). */
  customDate: string | null;
  /** 有提取码 or 公开链接 (001 §3 Isvisible). */
  access: 'code' | 'public';
  /** 系统生成 ('1') or 自定义 ('2') extraction code (001 §3 pwdSetWay). */
  pwdWay: 'system' | 'custom';
  customPwd: string;
  /** 允许下载 (Isallow '1') or 仅浏览 (Isallow '2', default) (001 §5). */
  permission: 'download' | 'browse';
}

/** Defaults of the form: 7 days, system-generated code, browse only. */
export const DEFAULT_SHARE_FORM: ShareFormValues = {
  validity: 'week',
  customDate: null,
  access: 'code',
  pwdWay: 'system',
  customPwd: '',
  permission: 'browse',
};

/** Largest custom extraction code length (the entry schema's `Pssword` limit). */
export const MAX_PWD_LENGTH = 32;

/**
 * Map the validity choice to `ShareType` / `EffectiveDate` (001 §3, §9): 7, 30, 0 (long-term), or -1
 * with the custom date.
 */
export function validityToShareType(
  validity: ValidityChoice,
  customDate: string | null,
): Pick<ShareEntryValue, 'ShareType' | 'EffectiveDate'> {
  switch (validity) {
    case 'week':
      return { ShareType: ShareValidity.week, EffectiveDate: '' };
    case 'month':
      return { ShareType: ShareValidity.month, EffectiveDate: '' };
    case 'forever':
      return { ShareType: ShareValidity.forever, EffectiveDate: '' };
    case 'custom':
      return { ShareType: -1, EffectiveDate: customDate ?? '' };
  }
}

/** Validation problem of the form, as an i18n key of the `share` namespace, or null (001 §5). */
export type ShareFormProblem = 'pwdRequired' | 'dateRequired' | 'dateNotFuture';

/**
 * Check the form (001 §5): a custom extraction code must not be empty (请输入提取码; its pattern is
 * not enforced); a custom validity needs a date after `today` (yyyy-MM-dd).
 */
export function validateShareForm(values: ShareFormValues, today: string): ShareFormProblem | null {
  if (values.validity === 'custom') {
    if (!values.customDate) return 'dateRequired';
    if (values.customDate <= today) return 'dateNotFuture';
  }
  if (values.access === 'code' && values.pwdWay === 'custom' && values.customPwd.trim() === '')
    return 'pwdRequired';
  return null;
}

/** Build the share request entry of one file (001 §3). */
export function buildShareEntry(
  file: { iuid: string; fileName: string },
  values: ShareFormValues,
): ShareEntryValue {
  const isPublic = values.access === 'public';
  const custom = !isPublic && values.pwdWay === 'custom';
  return {
    MainIUID: file.iuid,
    FileType: 2,
    Name: file.fileName,
    ...validityToShareType(values.validity, values.customDate),
    Isvisible: isPublic ? '1' : '0',
    Pssword: custom ? values.customPwd.trim() : '',
    pwdSetWay: custom ? '2' : '1',
    Isallow: values.permission === 'download' ? '1' : '2',
    viewname: '',
  };
}

/** Text put on the clipboard by 复制链接: the link, plus the extraction code when there is one. */
export function shareClipboardText(
  created: { webUrl: string; pwd: string },
  labels: { link: string; pwd: string },
): string {
  const lines = [`${labels.link}${created.webUrl}`];
  if (created.pwd) lines.push(`${labels.pwd}${created.pwd}`);
  return lines.join('\n');
}

/** File name of the downloaded QR code: the shared file's name without its suffix, `.png`. */
export function qrCodeFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${stem || 'share'}.png`;
}
