/**
 * The still first frame of a model as a component (issue 3 "first frame"; spec 001 §2 preview
 * overlay): shows the stage of lib/still-frame.ts for the preview GLB at `url` — prepared ahead when
 * the link was opened, possibly already on screen in the share link's boot page, whose canvas moves
 * here — until the full viewer has drawn the model itself.
 *
 * Shape: `<ModelFirstFrame url onDrawn onError />` fills its parent. Once the picture is on screen the
 * root gets `data-preview-frame="1"`, the user-timing mark `bimdrive:first-frame` is set (unless the
 * boot page already did; `bimdrive:first-frame-adopted` when it took the boot page's picture over),
 * and onDrawn is called once. Errors: a failed download or an unreadable GLB calls onError with the
 * message (the caller then shows the full viewer alone). Unmounting frees the GL context.
 */
import { useEffect, useRef, type ReactElement } from 'react';
import { VIEWER_BACKGROUND } from '../lib/layout.ts';
import {
  disposeStage,
  drawAt,
  FIRST_FRAME_ADOPTED_MARK,
  markShown,
  nextFrames,
  takeStage,
} from '../lib/still-frame.ts';

/** Props of ModelFirstFrame. */
export interface ModelFirstFrameProps {
  /** Same-origin URL of the preview GLB. */
  url: string;
  onDrawn: () => void;
  onError: (message: string) => void;
}

/** The still first frame of a model; see the module docstring. */
export function ModelFirstFrame({ url, onDrawn, onError }: ModelFirstFrameProps): ReactElement {
  const hostRef = useRef<HTMLDivElement | null>(null);
  const callbacks = useRef({ onDrawn, onError });
  useEffect(() => {
    callbacks.current = { onDrawn, onError };
  });

  useEffect(() => {
    const host = hostRef.current!;
    let live = true;
    const stage = takeStage(url);
    void (async () => {
      try {
        const ready = await stage;
        if (!live) return;
        drawAt(ready, { width: host.clientWidth, height: host.clientHeight });
        host.appendChild(ready.renderer.domElement);
        ready.release?.();
        ready.release = null;
        if (ready.shown) {
          host.dataset.previewFrame = '1';
          performance.mark(FIRST_FRAME_ADOPTED_MARK);
        } else {
          // Mark the frame once it is on screen (two animation frames later).
          await nextFrames(2);
          if (!live) return;
          markShown(ready, host);
        }
        // Let what comes next (the full viewer's code, which holds the main thread for a while) start
        // a frame after that.
        await nextFrames(1);
        if (live) callbacks.current.onDrawn();
      } catch (e) {
        if (live) callbacks.current.onError(e instanceof Error ? e.message : String(e));
      }
    })();
    return () => {
      live = false;
      void stage.then(disposeStage, () => undefined);
    };
  }, [url]);

  return (
    <div
      ref={hostRef}
      data-testid="viewer-preview-frame"
      style={{ position: 'absolute', inset: 0, overflow: 'hidden', background: VIEWER_BACKGROUND }}
    />
  );
}
