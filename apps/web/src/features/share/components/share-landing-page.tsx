/**
 * Share landing page `/s?code=<shareCode>` (spec 000 §2 "/s: share-link landing page", 001 §2 "On /s
 * the model viewer shows at once", §6 share mode). Standalone (no shell, no sign-in), mobile-first:
 * product logo, sharer and file name; 请输入提取码 + 提取文件 when the link has a code; wrong code and
 * too-many-attempts messages inline; expired (410) and cancelled/unknown (404) links get a full page.
 * On success the visitor token is kept in sessionStorage per code and the file opens full screen in
 * the preview overlay in share mode (no favourite button; 下载 only when the share allows it).
 * Public links open directly. Page title 分享文件 - bimdrive. Drawn with the light controls
 * (components/light) that look like antd's: the landing loads without antd (issue 17 "Weight and
 * speed"); the preview overlay brings it when the file opens.
 */
import { DRAWING_SUFFIXES, isModelSuffix, suffixOf, type PreviewInfoValue } from '@bimdrive/contracts';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FileIcon } from '../../../components/file-icon.tsx';
import { LightButton, LightInput, LightSpin } from '../../../components/light/light-controls.tsx';
import { ClockCircleIcon, EyeIcon, LockIcon } from '../../../components/light/light-icons.tsx';
import { usePreview } from '../../../stores/preview-store.ts';
import {
  getShareInfo,
  getSharePreview,
  loadAccessToken,
  saveAccessToken,
  verifyShare,
  type ShareInfoValue,
} from '../api/visitor.ts';
import { landingFailure, type LandingFailure } from '../lib/landing-state.ts';
import { isShareOpenIn, isSharePreviewOpen, openSharePreview } from '../lib/open-share-preview.ts';
import { loadFirstFrame } from '../../preview/lib/preload-model.ts';
import { cardStyle } from './share-card-style.ts';
import '../i18n.ts';
import { serverTextReady } from '../../../lib/server-messages.ts';

/**
 * The full-page failure states load when a link fails (antd Result stays off the landing's first load;
 * it draws in antd's default theme, which the app's theme keeps).
 */
const FailurePage = lazy(async () => ({
  default: (await import('./share-failure-page.tsx')).ShareFailurePage,
}));

/** antd's secondary text colour. */
const SECONDARY = 'rgba(0, 0, 0, 0.45)';

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; failure: LandingFailure }
  /** `busy`: 'auto' while a stored visit or public link opens by itself, 'submit' after 提取文件. */
  | { kind: 'ready'; info: ShareInfoValue; busy: 'auto' | 'submit' | null; error: string | null };

/** The public landing page of a share link (000 §2 /s). */
export function ShareLandingPage(): ReactElement {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  return <Landing key={code} code={code} />;
}

function Landing({ code }: { code: string }): ReactElement {
  const { t } = useTranslation('share');
  const [phase, setPhase] = useState<Phase>(
    code ? { kind: 'loading' } : { kind: 'failed', failure: 'notFound' },
  );
  const [pwd, setPwd] = useState('');
  const [attempt, setAttempt] = useState(0);
  const previewOpen = usePreview((s) => isShareOpenIn(s, code));

  // Page title (set whenever the phase changes so it lands after the root layout's own title).
  useEffect(() => {
    document.title = t('pageTitle');
  }, [t, phase.kind]);

  const openPreview = useCallback(
    (accessToken: string, preview: PreviewInfoValue) => openSharePreview(code, accessToken, preview),
    [code],
  );

  // Load the share, then reopen a stored visit or open a public link at once.
  useEffect(() => {
    if (!code) return;
    let live = true;
    void (async () => {
      const info = await getShareInfo(code);
      if (!live) return;
      if (!info.ok) {
        setPhase({ kind: 'failed', failure: landingFailure(info.status) });
        return;
      }
      // A public link opens at once (the route loader may have opened it already).
      const access = info.data.access;
      if (access) {
        if (!isSharePreviewOpen(code)) openPreview(access.accessToken, access.preview);
        setPhase({ kind: 'ready', info: info.data, busy: null, error: null });
        return;
      }
      setPhase({ kind: 'ready', info: info.data, busy: 'auto', error: null });
      const stored = loadAccessToken(code);
      if (stored) {
        const again = await getSharePreview(stored);
        if (!live) return;
        if (again.ok) {
          openPreview(stored, again.data);
          setPhase({ kind: 'ready', info: info.data, busy: null, error: null });
          return;
        }
        saveAccessToken(code, null);
      }
      setPhase({ kind: 'ready', info: info.data, busy: null, error: null });
    })();
    return () => {
      live = false;
    };
  }, [code, attempt, openPreview, t]);

  // Leaving the page closes the visitor's preview.
  useEffect(
    () => () => {
      if (usePreview.getState().share?.shareCode === code) usePreview.getState().close();
    },
    [code],
  );

  // What opening the file needs loads once the visitor starts on the extraction code (the field
  // gets focus or a key), so it downloads while the code is typed, not with the page: the landing
  // page stays light (issue 17). A model opens in the 3D viewer (DWG/DXF in the 2D drawing viewer).
  const warmedUp = useRef(false);
  const warmUp = () => {
    if (warmedUp.current || phase.kind !== 'ready') return;
    warmedUp.current = true;
    void import('../../preview/components/preview-overlay.tsx');
    const suffix = suffixOf(phase.info.fileName);
    if (isModelSuffix(suffix) && !(DRAWING_SUFFIXES as readonly string[]).includes(suffix)) {
      void loadFirstFrame();
      void import('../../viewer/components/model-viewer.tsx');
    }
  };

  const submit = async () => {
    if (phase.kind !== 'ready') return;
    const info = phase.info;
    const typed = pwd.trim();
    if (info.needPwd && !typed) {
      setPhase({ ...phase, error: t('pwdRequired') });
      return;
    }
    setPhase({ ...phase, busy: 'submit', error: null });
    const access = await verifyShare(code, typed);
    if (access.ok) {
      openPreview(access.data.accessToken, access.data.preview);
      setPhase({ kind: 'ready', info, busy: null, error: null });
      return;
    }
    if (access.status === 404 || access.status === 410) {
      setPhase({ kind: 'failed', failure: landingFailure(access.status) });
      return;
    }
    const fallback =
      access.status === 429 ? t('tooMany') : access.status === 403 ? t('wrongPwd') : t('errorText');
    setPhase({ kind: 'ready', info, busy: null, error: (await serverTextReady(access.msg)) || fallback });
  };

  // While the shared file is open the overlay covers the page: nothing to draw beneath it (this keeps
  // the main thread free for the model's first frame).
  if (previewOpen) return <div data-testid="share-landing" style={{ minHeight: '100dvh' }} />;

  return (
    <div
      data-testid="share-landing"
      className="lt-root"
      style={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        background: 'linear-gradient(180deg, #e6f0ff 0%, #f5f7fa 45%, #f5f7fa 100%)',
        padding: '0 16px',
      }}
    >
      <header
        style={{
          width: '100%',
          maxWidth: 440,
          display: 'flex',
          alignItems: 'center',
          gap: 10,
          padding: '20px 4px',
        }}
      >
        <img src="/logo.svg" alt="" width={32} height={32} />
        <strong style={{ fontSize: 18, fontWeight: 600 }}>bimdrive</strong>
      </header>
      <main style={{ width: '100%', maxWidth: 440, flex: 1, paddingTop: 12 }}>
        {phase.kind === 'loading' && (
          <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 96 }}>
            <LightSpin size="large" />
          </div>
        )}
        {phase.kind === 'failed' && (
          <Suspense fallback={null}>
            <FailurePage failure={phase.failure} onRetry={() => setAttempt((n) => n + 1)} />
          </Suspense>
        )}
        {phase.kind === 'ready' && (
          <div style={{ ...cardStyle, boxShadow: '0 6px 24px rgba(22,119,255,0.08)', padding: 24 }}>
            <span style={{ color: SECONDARY }} data-testid="share-sharer">
              {t('sharedBy', { name: phase.info.sharerName })}
            </span>
            <div style={{ display: 'flex', alignItems: 'center', gap: 14, margin: '16px 0 8px' }}>
              <div
                style={{
                  flex: 'none',
                  width: 56,
                  height: 56,
                  borderRadius: 12,
                  background: '#f0f5ff',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                <FileIcon suffix={suffixOf(phase.info.fileName)} size={32} />
              </div>
              <h5
                style={{ margin: 0, wordBreak: 'break-all', fontSize: 16, lineHeight: 1.5, fontWeight: 600 }}
                data-testid="share-file-name"
              >
                {phase.info.fileName}
              </h5>
            </div>
            <span style={{ color: SECONDARY, fontSize: 13 }}>
              <ClockCircleIcon style={{ marginRight: 6 }} />
              {phase.info.expireTime ? t('expiresAt', { time: phase.info.expireTime }) : t('neverExpires')}
            </span>
            <div style={{ marginTop: 24 }}>
              {phase.busy === 'auto' ? (
                <div style={{ display: 'flex', justifyContent: 'center', padding: '16px 0' }}>
                  <LightSpin description={t('opening')} />
                </div>
              ) : phase.info.needPwd && !loadAccessToken(code) ? (
                <PwdForm
                  pwd={pwd}
                  onPwd={setPwd}
                  onStart={warmUp}
                  error={phase.error}
                  busy={phase.busy === 'submit'}
                  onSubmit={() => void submit()}
                />
              ) : (
                <>
                  {phase.error && (
                    <div
                      data-testid="share-error"
                      role="alert"
                      style={{ color: '#ff4d4f', marginBottom: 12 }}
                    >
                      {phase.error}
                    </div>
                  )}
                  <ReopenButton code={code} onOpen={openPreview} onRetry={() => setAttempt((n) => n + 1)} />
                </>
              )}
            </div>
          </div>
        )}
      </main>
      <footer style={{ padding: '24px 0', color: '#8c8c8c', fontSize: 12 }}>{t('footer')}</footer>
    </div>
  );
}

/** 请输入提取码 + 提取文件, with the wrong-code / too-many message inline (000 §2 /s). */
function PwdForm(props: {
  pwd: string;
  onPwd: (pwd: string) => void;
  /** The visitor starts on the code (focus, key or tap on the field). */
  onStart: () => void;
  error: string | null;
  busy: boolean;
  onSubmit: () => void;
}): ReactElement {
  const { t } = useTranslation('share');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <label htmlFor="share-pwd" style={{ display: 'block', marginBottom: 8, fontWeight: 500 }}>
        {t('pwdInputLabel')}
      </label>
      <LightInput
        id="share-pwd"
        data-testid="share-pwd-input"
        size="large"
        prefix={<LockIcon style={{ color: '#bfbfbf' }} />}
        placeholder={t('pwdPlaceholder')}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={32}
        value={props.pwd}
        onFocus={props.onStart}
        onKeyDown={props.onStart}
        onPointerDown={props.onStart}
        invalid={Boolean(props.error)}
        aria-describedby={props.error ? 'share-pwd-error' : undefined}
        onChange={(e) => props.onPwd(e.target.value)}
      />
      <div
        id="share-pwd-error"
        data-testid={props.error ? 'share-error' : undefined}
        role={props.error ? 'alert' : undefined}
        style={{ minHeight: 22, marginTop: 6, color: '#ff4d4f', fontSize: 13 }}
      >
        {props.error}
      </div>
      <LightButton
        data-testid="share-submit"
        variant="primary"
        size="large"
        block
        type="submit"
        loading={props.busy}
        style={{ marginTop: 8, height: 48 }}
      >
        {t('submit')}
      </LightButton>
    </form>
  );
}

/**
 * 查看文件: reopen after the visitor closed the preview (stored token), or retry a public link whose
 * automatic opening failed.
 */
function ReopenButton({
  code,
  onOpen,
  onRetry,
}: {
  code: string;
  onOpen: (token: string, preview: PreviewInfoValue) => void;
  onRetry: () => void;
}): ReactElement {
  const { t } = useTranslation('share');
  const [busy, setBusy] = useState(false);
  return (
    <LightButton
      variant="primary"
      size="large"
      block
      icon={<EyeIcon />}
      loading={busy}
      style={{ height: 48 }}
      onClick={async () => {
        const token = loadAccessToken(code);
        if (!token) {
          onRetry();
          return;
        }
        setBusy(true);
        const again = await getSharePreview(token);
        setBusy(false);
        if (again.ok) onOpen(token, again.data);
        else {
          saveAccessToken(code, null);
          onRetry();
        }
      }}
    >
      {t('reopen')}
    </LightButton>
  );
}
