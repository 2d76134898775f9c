import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextContent } from '../components/text-preview.tsx';
import { clipBytes, decodeText } from './text-content.ts';

describe('text preview escaping (001 §2 "angle brackets escaped, shown as text")', () => {
  it('renders markup in the file as escaped text, never as elements', () => {
    const html = renderToStaticMarkup(
      createElement(TextContent, { text: '<script>alert(1)</script>\n<b>x</b> & y' }),
    );
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt; &amp; y');
    expect(html).not.toContain('<script>');
    expect(html.startsWith('<pre')).toBe(true);
  });
});

describe('decodeText', () => {
  it('decodes UTF-8, drops the BOM and normalises line endings', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('图纸\r\n说明\rEnd')]);
    expect(decodeText(bytes)).toBe('图纸\n说明\nEnd');
  });
  it('falls back to GB18030 for files that are not UTF-8', () => {
    // "中文" in GBK/GB18030.
    expect(decodeText(new Uint8Array([0xd6, 0xd0, 0xce, 0xc4]))).toBe('中文');
  });
});

describe('clipBytes', () => {
  it('keeps small buffers whole', () => {
    const b = new TextEncoder().encode('abc');
    expect(clipBytes(b, 10)).toEqual({ bytes: b, truncated: false });
  });
  it('cuts on a UTF-8 character boundary', () => {
    const b = new TextEncoder().encode('a中b'); // 61 e4 b8 ad 62
    const { bytes, truncated } = clipBytes(b, 3);
    expect(truncated).toBe(true);
    expect(new TextDecoder().decode(bytes)).toBe('a');
  });
});
