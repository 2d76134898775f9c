/**
 * The full-window preview overlay (spec 001 §2 "Preview overlay"), mounted once by the app frame and
 * driven by `usePreview`. Header bar (file name, 下载, 收藏/取消收藏, 全屏/退出全屏, 关闭) over the viewer
 * chosen by preview kind; over a converted model's 3D viewer no bar — the viewer's toolbar carries the
 * name and those buttons (preview-rules.ts showsHeaderBar). In share mode (a visitor of /s, 001 §6) the favourite button is hidden and
 * downloads follow the share's flag. While the file is queued or converting the preview info is
 * polled, so the overlay follows status changes (001 §4). A model shown to a signed-in user is reported
 * open over the hub and closes when another user force-closes it (001 §8 -120, use-model-presence.ts).
 */
import { Button, Result, Spin } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreview, type PreviewFile, type PreviewShareAccess } from '../../../stores/preview-store.ts';
import { usePreviewInfo } from '../api/get-preview-info.ts';
import { useFileSize } from '../api/get-file-size.ts';
import { useToggleCollect } from '../api/toggle-collect.ts';
import { isModelKind, showsHeaderBar } from '../lib/preview-rules.ts';
import { hasWebGL } from '../lib/webgl.ts';
import { useModelPresence } from '../hooks/use-model-presence.ts';
import { PreviewBody } from './preview-body.tsx';
import { PreviewHeader, type PreviewHeaderProps } from './preview-header.tsx';
import '../i18n.ts';

/** Full-window preview of the file in `usePreview` (001 §2 Preview overlay). Renders nothing when closed. */
export function PreviewOverlay(): ReactElement | null {
  const file = usePreview((s) => s.file);
  const share = usePreview((s) => s.share);
  if (!file) return null;
  return <OverlayContent key={`${share?.shareCode ?? ''}:${file.iuid}`} file={file} share={share} />;
}

function useFullscreen(target: React.RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const el = target.current;
    const onChange = () =>
      setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === el);
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      // Closing the overlay also leaves full screen.
      if (el && document.fullscreenElement === el) void document.exitFullscreen();
    };
  }, [target]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.current?.requestFullscreen().catch(() => undefined);
  }, [target]);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  return { fullscreen, toggle, supported };
}

function OverlayContent({
  file,
  share,
}: {
  file: PreviewFile;
  share: PreviewShareAccess | null;
}): ReactElement {
  const { t } = useTranslation('preview');
  const close = usePreview((s) => s.close);
  const rootRef = useRef<HTMLDivElement>(null);
  const { fullscreen, toggle, supported } = useFullscreen(rootRef);
  const query = usePreviewInfo(file.iuid, share, file.version);
  const collect = useToggleCollect();
  const info = query.data;
  const needsSize = share === null && (info?.previewKind === 'office' || info?.previewKind === 'none');
  const sizeText = useFileSize(file.iuid, needsSize);

  // Lock page scroll while the overlay is open; Escape closes it (when not in full screen).
  useEffect(() => {
    const prev = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.fullscreenElement && share === null) close();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = prev;
      window.removeEventListener('keydown', onKey);
    };
  }, [close, share]);

  const model = info ? isModelKind(info.previewKind) : false;
  // A model shown to a signed-in user is reported open (001 §8 -120) until the overlay closes; when
  // another user closes it (the -120 dialog's 关闭) the overlay closes with a notice.
  const { modal } = useFeedback();
  useModelPresence({
    iuid: file.iuid,
    version: file.version,
    enabled: share === null && model,
    onForceClose: () => {
      close();
      modal.warning({ title: t('common:tip'), content: t('common:modelOpen.forceClosed') });
    },
  });
  const header: PreviewHeaderProps = {
    fileName:
      file.version !== undefined
        ? `${info?.fileName || file.fileName} (V${file.version})`
        : info?.fileName || file.fileName,
    fileSuffix: info?.fileSuffix || file.fileSuffix,
    downloadUrl: info?.canDownload ? info.originalUrl : null,
    collected: share === null && info ? info.collectbit : undefined,
    collecting: collect.isPending,
    onToggleCollect: () => info && collect.mutate({ iuid: info.iuid, collect: !info.collectbit }),
    canFullscreen: supported,
    fullscreen,
    onToggleFullscreen: toggle,
    onClose: close,
  };
  const headerBar = !info || showsHeaderBar(info, hasWebGL());
  return (
    <div
      ref={rootRef}
      data-testid="preview-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={file.fileName}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        display: 'flex',
        flexDirection: 'column',
        background: model ? '#1f2329' : '#f0f2f5',
      }}
    >
      {headerBar && <PreviewHeader {...header} />}
      {info ? (
        <PreviewBody
          info={info}
          sizeText={sizeText}
          compact={share !== null}
          owner={share === null && file.version === undefined}
          headerActions={headerBar ? undefined : <PreviewHeader {...header} floating />}
        />
      ) : query.isError ? (
        <Result
          status="warning"
          title={t('loadFailed')}
          subTitle={query.error.message}
          extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 120 }}>
          <Spin size="large" description={t('loading')} />
        </div>
      )}
    </div>
  );
}
