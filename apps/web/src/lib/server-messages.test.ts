import { afterAll, describe, expect, it } from 'vitest';
import en from '../locales/en-US/serverMessages.json';
import i18n from './i18n.ts';
import { serverMessagesReady, serverText, translatesServerTexts } from './server-messages.ts';
import { translateServerText } from './server-messages-translate.ts';

describe('translateServerText (issue 17)', () => {
  it('translates an exact server message', () => {
    expect(translateServerText('文件不存在或已被删除', en)).toBe(
      'The file does not exist or has been deleted',
    );
    expect(translateServerText('提取码错误', en)).toBe('Wrong extraction code');
  });

  it('puts the values of a templated message back', () => {
    expect(
      translateServerText(
        '暂不支持此 DWG 版本（AC1009），支持 R14 至 2018（AC1014–AC1032），请另存为较新版本或 DXF 后上传',
        en,
      ),
    ).toBe(
      'This DWG version (AC1009) is not supported; R14 to 2018 (AC1014–AC1032) are. Please save it as a newer version or as DXF and upload again',
    );
    expect(translateServerText('暂不支持转换 .rvt 文件', en)).toBe('.rvt files cannot be converted yet');
  });

  it('translates values that are catalogued texts or terms themselves', () => {
    expect(translateServerText('转换失败：模型中没有可显示的网格', en)).toBe(
      'Conversion failed: The model has no visible meshes',
    );
    expect(translateServerText('转换进程异常退出（SIGKILL），图纸可能已损坏', en)).toBe(
      'The converter exited unexpectedly (SIGKILL); the drawing may be damaged',
    );
    expect(translateServerText('密码错误次数过多，账号已临时锁定，请5分钟后再试', en)).toBe(
      'Too many wrong passwords: the account is locked for now, please try again in 5 min',
    );
    expect(
      translateServerText(
        '分享文件数量超出套餐限制：分享后共 12 个文件，套餐上限 10 个。请升级套餐后再分享',
        en,
      ),
    ).toBe(
      'Too many shared files for your plan: 12 files would be shared, the plan allows 10. Please upgrade your plan before sharing',
    );
  });

  it('keeps values it does not know as they are', () => {
    expect(translateServerText('IFC 文件无法解析：unexpected token at line 3', en)).toBe(
      'The IFC file cannot be read: unexpected token at line 3',
    );
  });

  it('falls back to the server text when the message, the code or the texts are unknown', () => {
    expect(translateServerText('一条新的服务器消息', en)).toBe('一条新的服务器消息');
    expect(translateServerText('文件不存在或已被删除', {})).toBe('文件不存在或已被删除');
    expect(translateServerText('文件不存在或已被删除', null)).toBe('文件不存在或已被删除');
    expect(translateServerText('', en)).toBe('');
  });
});

describe('serverText follows the language', () => {
  afterAll(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  it('translates every language but Chinese', () => {
    expect(translatesServerTexts('zh-CN')).toBe(false);
    expect(translatesServerTexts('zh')).toBe(false);
    expect(translatesServerTexts('en-US')).toBe(true);
    expect(translatesServerTexts(undefined)).toBe(false);
  });

  it('shows the server text unchanged in zh-CN', async () => {
    await i18n.changeLanguage('zh-CN');
    await serverMessagesReady();
    expect(serverText('提取码错误')).toBe('提取码错误');
  });

  it('shows English in en-US once the lazily loaded texts are ready', async () => {
    await i18n.changeLanguage('en-US');
    await serverMessagesReady();
    expect(serverText('提取码错误')).toBe('Wrong extraction code');
    expect(serverText('一条新的服务器消息')).toBe('一条新的服务器消息');
  });
});
