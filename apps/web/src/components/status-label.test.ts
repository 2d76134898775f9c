import { describe, expect, it } from 'vitest';
import zh from '../locales/zh-CN/common.json';
import { isPreviewReady, statusDisplay } from './status-label.ts';

describe('statusDisplay (001 §4)', () => {
  it('maps 1–4 to the spec labels', () => {
    expect(zh.status[statusDisplay(1, 2).key]).toBe('排队中');
    expect(zh.status[statusDisplay(2, 2, 40).key]).toBe('转换中');
    expect(zh.status[statusDisplay(3, 2).key]).toBe('转换完成');
    expect(zh.status[statusDisplay(4, 2).key]).toBe('转换失败');
  });
  it('shows the percent while converting, clamped', () => {
    expect(statusDisplay(2, 2, 42.4).percent).toBe(42);
    expect(statusDisplay(2, 2, 180).percent).toBe(100);
    expect(statusDisplay(3, 2, 100).percent).toBeNull();
  });
  it('shows 无需转换 for files with status 0 and - for folders', () => {
    expect(zh.status[statusDisplay(0, 2).key]).toBe('无需转换');
    expect(zh.status[statusDisplay(3, 1).key]).toBe('-');
  });
});

describe('isPreviewReady (001 §4)', () => {
  it('needs status 3 for models', () => {
    expect(isPreviewReady({ fileSuffix: 'ifc', statusType: 2 })).toBe(false);
    expect(isPreviewReady({ fileSuffix: 'IFC', statusType: 3 })).toBe(true);
  });
  it('opens .bim directly and other files always', () => {
    expect(isPreviewReady({ fileSuffix: 'bim', statusType: 0 })).toBe(true);
    expect(isPreviewReady({ fileSuffix: 'pdf', statusType: 1 })).toBe(true);
    // Drawings open in any status: the preview shows progress or the failure reason (issue 13).
    expect(isPreviewReady({ fileSuffix: 'dwg', statusType: 4 })).toBe(true);
    expect(isPreviewReady({ fileSuffix: 'DXF', statusType: 2 })).toBe(true);
  });
});
