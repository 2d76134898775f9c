/**
 * Image and video previews (spec 001 §2 "Images: shown at no more than 50% of width and height";
 * "Video: native player with controls and autoplay"; 001 §9 image max 50%, video ogg/mp4/webm).
 */
import { Alert } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageViewer } from './image-viewer.tsx';
import '../i18n.ts';

/** Props of the media previews. */
export interface MediaPreviewProps {
  /** Signed URL of the image or video. */
  url: string;
  /** Alternative text / title (the file name). */
  title: string;
}

const centred = {
  height: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

/** An image fitted to at most 50% of the body, with zoom, rotate and fit (001 §2, §9; image-viewer.tsx). */
export function ImagePreview({ url, title }: MediaPreviewProps): ReactElement {
  return <ImageViewer url={url} title={title} />;
}

/** Props of VideoPreview. */
export interface VideoPreviewProps extends MediaPreviewProps {
  /** Poster frame URL, when the server made one. */
  poster?: string | null;
}

/** A native video player with controls and autoplay (001 §2), the poster shown until it plays. */
export function VideoPreview({ url, title, poster }: VideoPreviewProps): ReactElement {
  const { t } = useTranslation('preview');
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === url) return <Alert type="error" showIcon title={t('videoFailed')} style={{ margin: 24 }} />;
  return (
    <div style={{ ...centred, background: '#000' }}>
      <video
        data-testid="video-preview"
        src={url}
        title={title}
        poster={poster ?? undefined}
        controls
        autoPlay
        playsInline
        preload="metadata"
        onError={() => setFailed(url)}
        style={{ maxWidth: '100%', maxHeight: '100%' }}
      />
    </div>
  );
}
