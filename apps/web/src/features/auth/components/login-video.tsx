/**
 * Video background of the sign-in page (spec 000 §1 "Configuration provides: a video login
 * background"; LOGIN_VIDEO_URL): a muted, looping, inline video covering the page behind its
 * content, with a dark veil for contrast. Nothing is drawn without a URL, or when the video fails
 * to load (the page keeps its still background).
 */
import { useState, type ReactElement } from 'react';

/** Props of LoginVideo. */
export interface LoginVideoProps {
  /** Video address ('' or undefined = none). */
  url: string | undefined;
}

/** The full-page background video. */
export function LoginVideo({ url }: LoginVideoProps): ReactElement | null {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return null;
  return (
    <div aria-hidden style={{ position: 'absolute', inset: 0, overflow: 'hidden', zIndex: 0 }}>
      <video
        data-testid="login-video"
        src={url}
        autoPlay
        muted
        loop
        playsInline
        preload="auto"
        onError={() => setFailed(true)}
        style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
      <div style={{ position: 'absolute', inset: 0, background: 'rgba(6, 24, 64, 0.45)' }} />
    </div>
  );
}
