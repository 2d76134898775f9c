/**
 * Boot of a share link (spec 000 §2 /s, 001 §2 preview overlay; issue 3 "first frame"), run by the
 * entry before the app's code is even loaded. On `/s?code=` or `/share?code=` it starts the share's
 * info call at once; for a public link to a converted model with a preview GLB it downloads the GLB
 * and draws the model's first frame into a page skeleton shaped like the preview overlay over a model
 * (the viewer's toolbar band with the file name at its right end, the canvas below; no header bar,
 * 001 §2), and only then lets the app start: the
 * app's code and first render would otherwise hold the main thread while the picture waits. The app
 * opens the same file in the overlay, whose first-frame component takes the canvas over and removes
 * the skeleton (features/viewer/lib/still-frame.ts). Once the still frame is on screen, an IFC model's
 * `.frag` starts downloading and loading in the fragments worker (features/viewer/lib/fragments-preload.ts)
 * while the app's code still loads and starts, and so does the viewer's code (issue 17): the viewer
 * takes that load over.
 *
 * Imports nothing heavy (no contracts, React or three.js until a picture is due), so the entry chunk
 * stays small. The info response is handed once to the landing page's calls (share/lib/share-link.ts).
 */
import { Api } from '@bimdrive/contracts/routes';
import { modelCanvasRect } from '../features/preview/lib/layout.ts';
import { toolbarBandStyle, VIEWER_BACKGROUND } from '../features/viewer/lib/layout.ts';
import { keepBootInfo, shareCodeOf } from '../features/share/lib/share-link.ts';
import { prefetch } from '../lib/prefetch.ts';

/** The app starts at the latest this long (ms) after the boot began, picture or not. */
const MAX_WAIT_MS = 2000;

/** The parts of a public link's info the boot reads (contracts `ShareInfo`). */
interface BootShareInfo {
  data?: {
    access?: {
      preview?: {
        fileName?: string;
        previewGlbUrl?: string | null;
        previewKind?: string;
        statusType?: number;
        viewUrl?: string | null;
      };
    } | null;
  };
}

/**
 * A fixed page shaped like the preview overlay over a model, with the viewer's toolbar-band style:
 * the band with the file name at its right end (where the overlay's name and buttons go), and the
 * canvas host, which it returns with the page itself.
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
  const band = el({
    ...toolbarBandStyle,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    padding: '0 88px 0 8px',
  } as Partial<CSSStyleDeclaration>);
  const name = el({
    minWidth: '0',
    maxWidth: '280px',
    fontWeight: '600',
    fontSize: '14px',
    color: 'rgba(0,0,0,0.88)',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  });
  name.textContent = fileName;
  if (window.innerWidth >= 576) band.append(name);
  const rect = modelCanvasRect();
  const canvasHost = el({
    position: 'absolute',
    left: '0',
    top: `${rect.top}px`,
    width: `${rect.width}px`,
    height: `${rect.height}px`,
  });
  page.append(band, canvasHost);
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
  // The full viewer's model, converted (status 3) to fragments: download it and load it in its worker
  // now (the preview overlay's start is then a no-op, and the viewer takes the load over).
  const model = preview.previewKind === 'fragments' && preview.statusType === 3 ? preview.viewUrl : null;
  if (model) {
    prefetch(model);
    const rect = modelCanvasRect(); // the viewer's canvas, as the still frame's
    void import('../features/viewer/lib/fragments-preload.ts').then((m) =>
      m.startFragmentsLoad(model, { width: rect.width, height: rect.height }),
    );
    // And the viewer's own code (the preview overlay asks for the same module once the app is up).
    void import('../features/viewer/components/model-viewer.tsx').catch(() => undefined);
  }
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
