import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fillServerMessage,
  matchServerMessage,
  SERVER_MESSAGE_TERMS,
  SERVER_MESSAGES,
  serverMessageText,
} from './messages.ts';

const ALL: Record<string, string> = { ...SERVER_MESSAGES, ...SERVER_MESSAGE_TERMS };
const EN = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../apps/web/src/locales/en-US/serverMessages.json'), 'utf8'),
) as Record<string, string>;

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('server message catalogue', () => {
  it('has one code per text', () => {
    const seen = new Map<string, string>();
    for (const [code, text] of Object.entries(ALL)) {
      expect(seen.get(text), `${code} repeats ${seen.get(text)}`).toBeUndefined();
      seen.set(text, code);
    }
  });

  it('has an English text for every code, with the same placeholders, and nothing else', () => {
    expect(Object.keys(EN).sort()).toEqual(Object.keys(ALL).sort());
    for (const [code, zh] of Object.entries(ALL)) {
      expect(EN[code]?.trim(), code).toBeTruthy();
      expect(placeholders(EN[code]!), code).toEqual(placeholders(zh));
    }
  });

  it('matches every message back to its code and values (round trip)', () => {
    for (const [code, zh] of Object.entries(SERVER_MESSAGES)) {
      const params = Object.fromEntries(placeholders(zh).map((name, i) => [name, `v${i}-${name}`]));
      const text = fillServerMessage(zh, params);
      expect(matchServerMessage(text), code).toEqual({ code, params });
    }
  });

  it('matches the terms only when asked to (they are parts of values, not messages)', () => {
    for (const [code, zh] of Object.entries(SERVER_MESSAGE_TERMS)) {
      const params = Object.fromEntries(placeholders(zh).map((name) => [name, '7']));
      const text = fillServerMessage(zh, params);
      expect(matchServerMessage(text, { terms: true }), code).toEqual({ code, params });
      expect(matchServerMessage(text)?.code).not.toBe(code);
    }
  });

  it('matches real server texts, values included', () => {
    expect(matchServerMessage('文件不存在或已被删除')).toEqual({ code: 'file.notFound', params: {} });
    expect(
      matchServerMessage(
        '暂不支持此 DWG 版本（AC1009），支持 R14 至 2018（AC1014–AC1032），请另存为较新版本或 DXF 后上传',
      ),
    ).toEqual({ code: 'conversion.dwgVersion', params: { version: 'AC1009' } });
    expect(matchServerMessage('转换进程异常退出（SIGKILL），图纸可能已损坏')).toEqual({
      code: 'conversion.crashedSignal',
      params: { signal: 'SIGKILL', what: '图纸' },
    });
    expect(matchServerMessage('缺少引用文件 a.mtl、b.png 等 12 个文件')).toEqual({
      code: 'conversion.missingRefsMany',
      params: { names: 'a.mtl、b.png', count: '12' },
    });
    expect(matchServerMessage('参数错误：包含非法字符')?.code).toBe('common.unsafeText');
    expect(matchServerMessage('参数错误：/name Required')?.code).toBe('common.badParam');
    expect(matchServerMessage('5分钟', { terms: true })).toEqual({
      code: 'term.minutes',
      params: { count: '5' },
    });
    expect(matchServerMessage('something else')).toBeNull();
    expect(matchServerMessage('')).toBeNull();
  });

  it('gives the template of a code', () => {
    expect(serverMessageText('file.notFound')).toBe('文件不存在或已被删除');
    expect(serverMessageText('term.drawing')).toBe('图纸');
  });
});
