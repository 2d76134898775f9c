/**
 * `/bimiframe?type=model|drawing&src=…&viewMode=full|simple` (spec 000 §2 and 001 §2, exempt from
 * sign-in; issue 13): the model or drawing viewer of a signed, expiring frame link made by
 * `POST /api/Home/BimIframeLink`, filling the window, for another site to embed in an iframe
 * (allowed by `BIMIFRAME_ALLOWED_ORIGINS`). Browse only, no header bar; `simple` uses the compact
 * phone chrome. It obeys and answers the postMessage API of lib/bim-iframe-messages.ts: commands from
 * this site and the allowed origins drive the 3D viewer through the viewer registry; `ready`,
 * `selected` and command results go to the embedding window when its origin is allowed.
 */
import { Result } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Api, type BimIframeDataValue } from '@bimdrive/contracts';
import { api } from '../../../lib/api-client.ts';
import { activeViewer, onViewerSelection } from '../../viewer/lib/viewer-registry.ts';
import { isAllowedOrigin, parentOrigin, parseCommand } from '../lib/bim-iframe-messages.ts';
import { DRAWN_MARK, VIEWER_FIRST_FRAME_MARK } from '../../../lib/frame-marks.ts';
import { POLL_INTERVAL_MS, shouldPoll } from '../lib/preview-rules.ts';
import { PreviewBody } from './preview-body.tsx';
import '../i18n.ts';

/** Marks set when the model's viewer or the drawing has drawn its first frame. */
const DRAWN_MARKS = [VIEWER_FIRST_FRAME_MARK, DRAWN_MARK];

/** Post to the embedding window, when there is one and its origin is allowed. */
function useReporter(allowed: readonly string[] | undefined) {
  const target =
    allowed && window.parent !== window
      ? parentOrigin(document.referrer, allowed, window.location.origin)
      : null;
  return (message: object) => {
    if (target) window.parent.postMessage(message, target);
  };
}

/** The whole page of a frame link. */
export function BimIframePage(): ReactElement {
  const { t } = useTranslation('preview');
  const [params] = useSearchParams();
  const src = params.get('src') ?? '';
  const simple = params.get('viewMode') === 'simple';
  const query = useQuery({
    queryKey: ['preview', 'bimiframe', src],
    enabled: src !== '',
    queryFn: ({ signal }) =>
      api<BimIframeDataValue>({ url: Api.bimIframePreview, params: { src }, silent: true, signal }),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (shouldPoll(q.state.data?.preview) ? POLL_INTERVAL_MS : false),
  });
  const data = query.data;
  const report = useReporter(data?.allowedOrigins ?? (query.isError || !src ? [] : undefined));

  useEffect(() => {
    if (!src || query.isError) report({ type: 'bimdrive:error', message: t('frameInvalid') });
  }, [src, query.isError]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!data) return;
    const preview = data.preview;
    const ready = () =>
      report({ type: 'bimdrive:ready', fileName: preview.fileName, kind: preview.previewKind });
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => DRAWN_MARKS.includes(e.name))) ready();
    });
    observer.observe({ type: 'mark', buffered: true });
    const stopSelection = onViewerSelection((s) => report({ type: 'bimdrive:selected', ...s }));
    const onMessage = (e: MessageEvent) => {
      if (!isAllowedOrigin(e.origin, data.allowedOrigins, window.location.origin)) return;
      const command = parseCommand(e.data);
      if (!command) {
        if (
          typeof (e.data as { type?: unknown })?.type === 'string' &&
          String((e.data as { type: string }).type).startsWith('bimdrive:')
        )
          report({ type: 'bimdrive:error', message: t('frameBadCommand') });
        return;
      }
      const viewer = activeViewer();
      if (!viewer) return report({ type: 'bimdrive:result', command: command.type, found: 0 });
      const run =
        command.type === 'bimdrive:select'
          ? viewer.select(command.ids)
          : command.type === 'bimdrive:isolate'
            ? viewer.isolate(command.ids)
            : (command.type === 'bimdrive:fit' ? viewer.fit() : viewer.showAll()).then(() => 1);
      void run.then((found) => report({ type: 'bimdrive:result', command: command.type, found }));
    };
    window.addEventListener('message', onMessage);
    return () => {
      observer.disconnect();
      stopSelection();
      window.removeEventListener('message', onMessage);
    };
  }, [data]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!src || query.isError)
    return (
      <Result
        data-testid="bimiframe-invalid"
        status="warning"
        title={t('frameInvalid')}
        subTitle={query.error?.message}
      />
    );
  return (
    <div data-testid="bimiframe" style={{ height: '100dvh', background: '#fff', overflow: 'hidden' }}>
      {data && <PreviewBody info={data.preview} compact={simple} fill />}
    </div>
  );
}
