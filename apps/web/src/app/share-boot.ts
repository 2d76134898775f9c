/**
 * Boot of a share link (spec 000 §2 /s, 001 §2 preview overlay; issue 3 "first frame"), run by the
 * entry before the app's code is even loaded. On `/s?code=` or `/share?code=` it starts the share's
 * info call at once; for a public link to a converted model with a preview GLB it downloads the GLB
 * and draws the model's first frame into a page skeleton shaped like the preview overlay (header with
 * the file name, the viewer's toolbar band, the canvas below), and only then lets the app start: the
 * app's code and first render would otherwise hold the main thread while the picture waits. The app
 * opens the same file in the overlay, whose first-frame component takes the canvas over and removes
 * the skeleton (features/viewer/lib/still-frame.ts).
 *
 * Imports nothing heavy (no contracts, React or three.js until a picture is due), so the entry chunk
 * stays small. The info response is handed once to the landing page's calls (share/lib/share-link.ts).
 */
import { Api } from '@bimdrive/contracts/routes';
import { headerBarStyle, modelCanvasRect } from '../features/preview/lib/layout.ts';
import { toolbarBandStyle, VIEWER_BACKGROUND } from '../features/viewer/lib/layout.ts';
import { keepBootInfo, shareCodeOf } from '../features/share/lib/share-link.ts';
import { prefetch } from '../lib/prefetch.ts';

/** The app starts at the latest this long (ms) after the boot began, picture or not. */
const MAX_WAIT_MS = 2000;

/** The parts of a public link's info the boot reads (contracts `ShareInfo`). */
interface BootShareInfo {
  data?: { access?: { preview?: { fileName?: string; previewGlbUrl?: string | null } } | null };
}

/**
 * A fixed page shaped like the preview overlay over a model, with the overlay's own header and
 * toolbar-band styles: header with the file name where the header shows it (after the file icon's
 * place), the toolbar band and the canvas host, which it returns with the page itself.
 */
function skeleton(fileName: string): { page: HTMLElement; canvasHost: HTMLElement } {
  const el = (style: Partial<CSSStyleDeclaration>) => {
    const div = document.createElement('div');
    Object.assign(div.style, style);
    return div;
  };
  const page = el({
    position: 'fixed',
    inset: '0',
    zIndex: '2000',
    background: VIEWER_BACKGROUND,
    overflow: 'hidden',
  });
  page.setAttribute('data-testid', 'boot-first-frame');
  const header = el(headerBarStyle(window.innerWidth >= 576));
  const name = el({
    flex: '1',
    minWidth: '0',
    fontWeight: '600',
    fontSize: '15px',
    color: 'rgba(0,0,0,0.88)',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  });
  name.textContent = fileName;
  header.append(el({ width: '22px', flex: 'none' }), name);
  const rect = modelCanvasRect();
  const canvasHost = el({
    position: 'absolute',
    left: '0',
    top: `${rect.top}px`,
    width: `${rect.width}px`,
    height: `${rect.height}px`,
  });
  page.append(header, el(toolbarBandStyle), canvasHost);
  return { page, canvasHost };
}

/** Draw a public link's model before the app: resolves when on screen, or at once when not due. */
async function firstFrame(response: Promise<Response>): Promise<void> {
  const body = (await (await response).clone().json()) as BootShareInfo;
  const preview = body.data?.access?.preview;
  if (!preview?.previewGlbUrl) return;
  const url = preview.previewGlbUrl;
  prefetch(url); // while the drawing code downloads
  const { showFirstFrame } = await import('../features/viewer/lib/still-frame.ts');
  const { page, canvasHost } = skeleton(preview.fileName ?? '');
  document.body.append(page);
  await showFirstFrame(url, canvasHost, () => page.remove()).catch((e: unknown) => {
    page.remove();
    throw e;
  });
}

/**
 * Start the boot for the current location. Resolves when the app may start: at once off share links
 * and for links that need a code, else when the first frame is on screen, failed, or after 2 s.
 */
export function startShareBoot(): Promise<void> {
  const code = shareCodeOf(location);
  if (!code) return Promise.resolve();
  const response = fetch(`${Api.shareInfo}?${new URLSearchParams({ code })}`, {
    headers: { 'x-client': 'web' },
  });
  keepBootInfo(code, response);
  return Promise.race([
    firstFrame(response).catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS)),
  ]);
}
