/**
 * `/bridgeOffice?t=` (spec 000 §2, exempt from sign-in; issue 14): a document opened from a signed,
 * expiring link made by `POST /api/Home/BridgeOfficeLink`, so the chat app and other systems can
 * show it without a session. Browse only: the header has the file name and full screen, no download
 * or favourite; the body is the same viewer as the preview overlay (PDF rendition in pdf.js).
 */
import { Result } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Api, type PreviewInfoValue } from '@bimdrive/contracts';
import { api } from '../../../lib/api-client.ts';
import { POLL_INTERVAL_MS, shouldPoll } from '../lib/preview-rules.ts';
import { PreviewBody } from './preview-body.tsx';
import { PreviewHeader } from './preview-header.tsx';
import '../i18n.ts';

/** The whole page of a bridge link. */
export function BridgeOfficePage(): ReactElement {
  const { t } = useTranslation('preview');
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const root = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const query = useQuery({
    queryKey: ['preview', 'bridge', token],
    enabled: token !== '',
    queryFn: ({ signal }) =>
      api<PreviewInfoValue>({ url: Api.bridgeOfficePreview, params: { t: token }, silent: true, signal }),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (shouldPoll(q.state.data) ? POLL_INTERVAL_MS : false),
  });
  const info = query.data;
  if (!token || query.isError)
    return (
      <Result
        data-testid="bridge-office-invalid"
        status="warning"
        title={t('bridgeInvalid')}
        subTitle={query.error?.message}
      />
    );
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().then(() => setFullscreen(false));
    else void root.current?.requestFullscreen().then(() => setFullscreen(true));
  };
  return (
    <div
      ref={root}
      data-testid="bridge-office"
      style={{ height: '100dvh', display: 'flex', flexDirection: 'column', background: '#f0f2f5' }}
    >
      <PreviewHeader
        fileName={info?.fileName ?? ''}
        fileSuffix={info?.fileSuffix ?? ''}
        downloadUrl={null}
        canFullscreen={document.fullscreenEnabled === true}
        fullscreen={fullscreen}
        onToggleFullscreen={toggle}
      />
      {info && <PreviewBody info={info} compact />}
    </div>
  );
}
