import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextContent } from '../components/text-preview.tsx';
import { decodeText, detectEncoding, pageDecoder } from './text-content.ts';

const hex = (s: string) => new Uint8Array(s.match(/../g)!.map((h) => parseInt(h, 16)));
// "建筑结构说明：图纸版本" — the same sentence as GBK, Big5, UTF-16 LE/BE (bytes from iconv).
const GBK = hex('bda8d6febde1b9b9cbb5c3f7a3bacdbcd6bdb0e6b1be');
const BIG5 = hex('abd8bf76b5b2ba63bba1a9faa147b9cfafc8aaa9a5bb');
const SENTENCE = '建筑结构说明：图纸版本';
const SENTENCE_TW = '建築結構說明：圖紙版本';

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

describe('detectEncoding and decodeText', () => {
  it('decodes UTF-8 with and without BOM and normalises line endings', () => {
    const body = new TextEncoder().encode('图纸\r\n说明\rEnd');
    expect(detectEncoding(body)).toBe('utf-8');
    expect(decodeText(body)).toBe('图纸\n说明\nEnd');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...body]))).toBe('图纸\n说明\nEnd');
  });
  it('decodes UTF-16 LE and BE with a BOM', () => {
    const le = new Uint8Array([0xff, 0xfe, ...hex('fa5e517bd37e8467f48b0e66')]);
    const be = new Uint8Array([0xfe, 0xff, ...hex('5efa7b517ed367848bf4660e')]);
    expect(detectEncoding(le)).toBe('utf-16le');
    expect(detectEncoding(be)).toBe('utf-16be');
    expect(decodeText(le)).toBe('建筑结构说明');
    expect(decodeText(be)).toBe('建筑结构说明');
  });
  it('tells GBK from Big5', () => {
    expect(detectEncoding(GBK)).toBe('gb18030');
    expect(decodeText(GBK)).toBe(SENTENCE);
    expect(detectEncoding(BIG5)).toBe('big5');
    expect(decodeText(BIG5)).toBe(SENTENCE_TW);
  });
  it('accepts UTF-8 cut inside a character at a page end, but not as the whole file', () => {
    const bytes = new TextEncoder().encode('ab图纸');
    const cut = bytes.subarray(0, bytes.length - 1);
    expect(detectEncoding(cut, false)).toBe('utf-8');
    expect(detectEncoding(cut, true)).not.toBe('utf-8');
  });
});

describe('pageDecoder', () => {
  it('joins characters split across pages, for UTF-8 and GBK', () => {
    const utf8 = new TextEncoder().encode('a中b');
    const d = pageDecoder('utf-8');
    expect(d(utf8.subarray(0, 2), false) + d(utf8.subarray(2), true)).toBe('a中b');
    const g = pageDecoder('gb18030');
    expect(g(GBK.subarray(0, 3), false) + g(GBK.subarray(3), true)).toBe(SENTENCE);
  });
});
