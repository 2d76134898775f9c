import { describe, expect, it } from 'vitest';
import { ShareEntry } from '@bimdrive/contracts';
import {
  buildShareEntry,
  DEFAULT_SHARE_FORM,
  qrCodeFileName,
  shareClipboardText,
  validateShareForm,
  validityToShareType,
} from './share-entry.ts';

const file = { iuid: 'f1', fileName: '办公楼.ifc' };

describe('validityToShareType (001 §9)', () => {
  it('maps 7 / 30 / long-term / custom', () => {
    expect(validityToShareType('week', null)).toEqual({ ShareType: 7, EffectiveDate: '' });
    expect(validityToShareType('month', null)).toEqual({ ShareType: 30, EffectiveDate: '' });
    expect(validityToShareType('forever', '2030-01-01')).toEqual({ ShareType: 0, EffectiveDate: '' });
    expect(validityToShareType('custom', '2030-01-01')).toEqual({
      ShareType: -1,
      EffectiveDate: '2030-01-01',
    });
  });
});

describe('buildShareEntry (001 §3)', () => {
  it('defaults: system code, browse only, 7 days', () => {
    const e = buildShareEntry(file, DEFAULT_SHARE_FORM);
    expect(e).toEqual({
      MainIUID: 'f1',
      FileType: 2,
      Name: '办公楼.ifc',
      ShareType: 7,
      EffectiveDate: '',
      Isvisible: '0',
      Pssword: '',
      pwdSetWay: '1',
      Isallow: '2',
      viewname: '',
    });
    expect(ShareEntry.safeParse(e).success).toBe(true);
  });

  it('custom code is trimmed and sent with pwdSetWay 2', () => {
    const e = buildShareEntry(file, {
      ...DEFAULT_SHARE_FORM,
      pwdWay: 'custom',
      customPwd: ' ab12 ',
      permission: 'download',
    });
    expect(e).toMatchObject({ Pssword: 'ab12', pwdSetWay: '2', Isvisible: '0', Isallow: '1' });
  });

  it('public link carries no code even when a custom one was typed', () => {
    const e = buildShareEntry(file, {
      ...DEFAULT_SHARE_FORM,
      access: 'public',
      pwdWay: 'custom',
      customPwd: 'x',
    });
    expect(e).toMatchObject({ Isvisible: '1', Pssword: '', pwdSetWay: '1' });
  });

  it('custom validity sends ShareType -1 with the date, accepted by the contract', () => {
    const e = buildShareEntry(file, { ...DEFAULT_SHARE_FORM, validity: 'custom', customDate: '2031-05-06' });
    expect(e).toMatchObject({ ShareType: -1, EffectiveDate: '2031-05-06' });
    expect(ShareEntry.safeParse(e).success).toBe(true);
  });
});

describe('validateShareForm (001 §5)', () => {
  const today = '2025-06-01';
  it('rejects an empty custom code with pwdRequired (请输入提取码)', () => {
    expect(validateShareForm({ ...DEFAULT_SHARE_FORM, pwdWay: 'custom', customPwd: '  ' }, today)).toBe(
      'pwdRequired',
    );
  });
  it('ignores the custom code for public links', () => {
    expect(
      validateShareForm({ ...DEFAULT_SHARE_FORM, access: 'public', pwdWay: 'custom' }, today),
    ).toBeNull();
  });
  it('needs a future custom date', () => {
    expect(validateShareForm({ ...DEFAULT_SHARE_FORM, validity: 'custom' }, today)).toBe('dateRequired');
    expect(validateShareForm({ ...DEFAULT_SHARE_FORM, validity: 'custom', customDate: today }, today)).toBe(
      'dateNotFuture',
    );
    expect(
      validateShareForm({ ...DEFAULT_SHARE_FORM, validity: 'custom', customDate: '2025-06-02' }, today),
    ).toBeNull();
  });
  it('accepts the defaults', () => {
    expect(validateShareForm(DEFAULT_SHARE_FORM, today)).toBeNull();
  });
});

describe('clipboard text and QR file name', () => {
  it('adds the code line only when there is a code', () => {
    const labels = { link: '链接：', pwd: '提取码：' };
    expect(shareClipboardText({ webUrl: 'http://x/s?code=a', pwd: 'k3m9' }, labels)).toBe(
      '链接：http://x/s?code=a\n提取码：k3m9',
    );
    expect(shareClipboardText({ webUrl: 'http://x/s?code=a', pwd: '' }, labels)).toBe(
      '链接：http://x/s?code=a',
    );
  });
  it('names the QR code after the file', () => {
    expect(qrCodeFileName('A-101_Floor_Plans.pdf')).toBe('A-101_Floor_Plans.png');
    expect(qrCodeFileName('README')).toBe('README.png');
    expect(qrCodeFileName('.env')).toBe('.env.png');
  });
});
