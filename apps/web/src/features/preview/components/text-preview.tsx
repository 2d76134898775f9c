/**
 * Plain-text preview (spec 001 §2 "Plain text: fetched, angle brackets escaped, shown as text"; issue
 * 14 encodings and paging). The encoding is detected from the first page (UTF-8 with or without BOM,
 * UTF-16 LE/BE, GB18030/GBK, Big5); files over 1 MB come in pages of 1 MB (HTTP Range) with 加载更多,
 * characters cut by a page end completed by the next page. The text is a React text node in a
 * `<pre>`, so `<` and `>` are escaped by construction — never innerHTML.
 */
import { Alert, Button, Spin, Tag } from 'antd';
import { formatFileSize } from '@bimdrive/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  detectEncoding,
  MAX_TEXT_BYTES,
  normaliseNewlines,
  pageDecoder,
  TEXT_PAGE_BYTES,
  type TextEncodingName,
} from '../lib/text-content.ts';
import '../i18n.ts';

/** Props of TextContent. */
export interface TextContentProps {
  text: string;
}

/** The text shown as a text node in a `<pre>` (001 §2). */
export function TextContent({ text }: TextContentProps): ReactElement {
  return (
    <pre
      data-testid="text-preview"
      style={{
        margin: 0,
        padding: 16,
        minHeight: '100%',
        background: '#fff',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Noto Sans Mono CJK SC", monospace',
        fontSize: 13,
        lineHeight: 1.6,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {text}
    </pre>
  );
}

/** Props of TextPreview. */
export interface TextPreviewProps {
  /** Signed URL of the text file (Range supported). */
  url: string;
}

/** Pages read so far of one URL. */
interface TextState {
  url: string;
  text: string;
  /** Bytes read. */
  offset: number;
  /** Size of the file in bytes (null until known). */
  total: number | null;
  done: boolean;
  encoding: TextEncodingName | null;
  loading: boolean;
  error: boolean;
}

const initial = (url: string): TextState => ({
  url,
  text: '',
  offset: 0,
  total: null,
  done: false,
  encoding: null,
  loading: true,
  error: false,
});

/** Fetches a text file page by page and shows it (001 §2). */
export function TextPreview({ url }: TextPreviewProps): ReactElement {
  const { t } = useTranslation('preview');
  const [state, setState] = useState<TextState>(() => initial(url));
  const decoder = useRef<{ url: string; decode: (b: Uint8Array, last: boolean) => string } | null>(null);
  const ctrl = useRef<AbortController | null>(null);

  const loadPage = useCallback(
    async (from: TextState) => {
      ctrl.current?.abort();
      const ac = new AbortController();
      ctrl.current = ac;
      setState({ ...from, loading: true, error: false });
      try {
        const end = from.offset + TEXT_PAGE_BYTES - 1;
        const res = await fetch(from.url, {
          signal: ac.signal,
          headers: { range: `bytes=${from.offset}-${end}` },
        });
        if (res.status === 416 && from.offset === 0) {
          // An empty file has no byte to range over.
          setState({ ...from, encoding: 'utf-8', total: 0, done: true, loading: false });
          return;
        }
        if (!res.ok) throw new Error(String(res.status));
        const bytes = new Uint8Array(await res.arrayBuffer());
        // 206 names the total; a 200 (no Range support) is the whole file.
        const total = res.status === 206 ? totalOf(res) : bytes.length;
        const offset = res.status === 206 ? from.offset + bytes.length : bytes.length;
        const done = total === null || offset >= total || bytes.length === 0;
        const encoding = from.encoding ?? detectEncoding(bytes, done);
        if (!decoder.current || decoder.current.url !== from.url || from.offset === 0)
          decoder.current = { url: from.url, decode: pageDecoder(encoding) };
        const text = from.text + decoder.current.decode(bytes, done);
        if (ac.signal.aborted) return;
        setState({ url: from.url, text, offset, total, done, encoding, loading: false, error: false });
      } catch {
        if (!ac.signal.aborted) setState({ ...from, loading: false, error: true });
      }
    },
    [setState],
  );

  useEffect(() => {
    void loadPage(initial(url));
    return () => ctrl.current?.abort();
  }, [url, loadPage]);

  const shown = useMemo(() => normaliseNewlines(state.text), [state.text]);
  const current = state.url === url ? state : null;
  if (!current || (current.loading && current.offset === 0))
    return (
      <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 80 }}>
        <Spin description={t('loading')} />
      </div>
    );
  if (current.error && current.offset === 0)
    return <Alert type="error" showIcon title={t('textFailed')} style={{ margin: 24 }} />;
  const capped = current.offset >= MAX_TEXT_BYTES;
  return (
    <div style={{ height: '100%', overflow: 'auto', maxWidth: 1200, margin: '0 auto' }}>
      <div
        style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '6px 16px', background: '#fafafa' }}
      >
        <Tag data-testid="text-encoding">{t('text.encoding', { name: encodingLabel(current.encoding) })}</Tag>
        {current.total !== null && (
          <span style={{ color: '#888', fontSize: 12 }}>
            {t('text.progress', {
              loaded: formatFileSize(Math.min(current.offset, current.total)),
              total: formatFileSize(current.total),
            })}
          </span>
        )}
      </div>
      <TextContent text={shown} />
      {!current.done && (
        <div
          style={{ display: 'flex', justifyContent: 'center', padding: 16, gap: 12, alignItems: 'center' }}
        >
          {capped ? (
            <Alert type="info" showIcon title={t('text.capped', { size: formatFileSize(MAX_TEXT_BYTES) })} />
          ) : (
            <Button
              data-testid="text-load-more"
              loading={current.loading}
              onClick={() => void loadPage(current)}
            >
              {t('text.loadMore')}
            </Button>
          )}
          {current.error && <span style={{ color: '#cf1322' }}>{t('textFailed')}</span>}
        </div>
      )}
    </div>
  );
}

/** Display name of an encoding. */
function encodingLabel(e: TextEncodingName | null): string {
  switch (e) {
    case 'gb18030':
      return 'GB18030 (GBK)';
    case 'big5':
      return 'Big5';
    case 'utf-16le':
      return 'UTF-16 LE';
    case 'utf-16be':
      return 'UTF-16 BE';
    default:
      return 'UTF-8';
  }
}

/** Total size named by a 206 answer's Content-Range, or null. */
function totalOf(res: Response): number | null {
  const m = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '');
  return m ? Number(m[1]) : null;
}
