/**
 * Plain-text preview (spec 001 §2 "Plain text: fetched, angle brackets escaped, shown as text"). The
 * text is a React text node in a `<pre>`, so `<` and `>` are escaped by construction — never innerHTML.
 */
import { Alert, Spin } from 'antd';
import { formatFileSize } from '@bimdrive/contracts';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { clipBytes, decodeText, MAX_TEXT_BYTES } from '../lib/text-content.ts';
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
  /** Signed URL of the text file. */
  url: string;
}

type Loaded = { url: string; text: string; truncated: boolean } | { url: string; error: true };

/** Fetches a text file and shows it (001 §2). */
export function TextPreview({ url }: TextPreviewProps): ReactElement {
  const { t } = useTranslation('preview');
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    fetch(url, { signal: ctrl.signal, headers: { range: `bytes=0-${MAX_TEXT_BYTES}` } })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const all = new Uint8Array(await res.arrayBuffer());
        const { bytes, truncated } = clipBytes(all);
        setLoaded({ url, text: decodeText(bytes), truncated: truncated || isPartial(res) });
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setLoaded({ url, error: true });
      });
    return () => ctrl.abort();
  }, [url]);

  const current = loaded?.url === url ? loaded : null;
  if (!current)
    return (
      <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 80 }}>
        <Spin description={t('loading')} />
      </div>
    );
  if ('error' in current)
    return <Alert type="error" showIcon title={t('textFailed')} style={{ margin: 24 }} />;
  return (
    <div style={{ height: '100%', overflow: 'auto', maxWidth: 1200, margin: '0 auto' }}>
      {current.truncated && (
        <Alert
          type="info"
          showIcon
          banner
          title={t('textTruncated', { size: formatFileSize(MAX_TEXT_BYTES) })}
        />
      )}
      <TextContent text={current.text} />
    </div>
  );
}

/** Whether a 206 answer left bytes out (Content-Range total beyond what was sent). */
function isPartial(res: Response): boolean {
  const m = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '');
  return m ? Number(m[1]) > MAX_TEXT_BYTES + 1 : false;
}
