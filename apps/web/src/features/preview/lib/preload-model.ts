/**
 * Start what opening a converted model will need, before its screen exists (share links open
 * straight into the viewer): the preview GLB and the code that draws the first frame, or, for a
 * model without a preview, the model file itself. Downloads go through lib/prefetch.ts, so the viewers take these responses
 * instead of asking again. Does nothing for a model that is not converted, or without WebGL.
 */
import type { PreviewInfoValue } from '@bimdrive/contracts';
import { prefetch } from '../../../lib/prefetch.ts';
import { isModelKind } from './preview-rules.ts';
import { hasWebGL } from './webgl.ts';

export function preloadModel(preview: PreviewInfoValue): void {
  if (!isModelKind(preview.previewKind) || preview.statusType !== 3 || !preview.viewUrl || !hasWebGL())
    return;
  if (preview.previewGlbUrl) {
    // The model file waits for the first frame (ModelPreview asks for it then): both at once would
    // share the connection and the CPU and delay the picture.
    prefetch(preview.previewGlbUrl);
    void import('../../viewer/components/model-first-frame.tsx');
  } else prefetch(preview.viewUrl);
}
