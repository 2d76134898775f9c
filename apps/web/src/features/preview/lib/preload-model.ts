/**
 * Start what opening a converted model will need, before its screen exists (share links open
 * straight into the viewer): the preview GLB and the code that draws the first frame, or, for a
 * model without a preview, the model file itself. Downloads go through lib/prefetch.ts, so the viewers take these responses
 * instead of asking again. Does nothing for a model that is not converted, or without WebGL.
 */
import type { PreviewInfoValue } from '@bimdrive/contracts';
import { moduleLoader, type ModuleLoader } from '../../../lib/module-loader.ts';
import { prefetch } from '../../../lib/prefetch.ts';
import { modelCanvasRect } from './layout.ts';
import { isModelKind } from './preview-rules.ts';
import { hasWebGL } from './webgl.ts';

/** The still first frame's component module (three.js without the full viewer). */
export type FirstFrameModule = typeof import('../../viewer/components/model-first-frame.tsx');

/** The first-frame module, loaded once (lib/module-loader.ts: a screen renders it without waiting a turn once it is there). */
export const firstFrameModule: ModuleLoader<FirstFrameModule> = moduleLoader(
  () => import('../../viewer/components/model-first-frame.tsx'),
);

/** Load the first-frame module (the viewer feature's still frame; three.js without the full viewer). */
export const loadFirstFrame = (): Promise<FirstFrameModule> => firstFrameModule.load();

/** Start what opening `preview` will need (see the module docstring). */
export function preloadModel(preview: PreviewInfoValue): void {
  if (!isModelKind(preview.previewKind) || preview.statusType !== 3 || !preview.viewUrl || !hasWebGL())
    return;
  if (preview.previewGlbUrl) {
    // The model file waits for the first frame (ModelPreview asks for it then): both at once would
    // share the connection and the CPU and delay the picture.
    prefetch(preview.previewGlbUrl);
    const url = preview.previewGlbUrl;
    // The preview overlay fills the window; the picture sits below its header and the viewer's toolbar.
    const size = modelCanvasRect();
    void import('../../viewer/lib/still-frame.ts').then((m) => m.prepareFirstFrame(url, size));
    void loadFirstFrame();
  } else prefetch(preview.viewUrl);
}
