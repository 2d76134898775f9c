/**
 * The first-frame preview of a converted IFC model (see preview-glb.ts for what it holds): runs
 * `model-preview.child.ts` under the conversion's time and memory limits and writes `outputPath`.
 * It runs after the conversion has answered statusType 3, so it never delays the model itself; a
 * model without a preview still opens, in the full viewer directly.
 *
 * @returns `{ triangles, materials, bytes }` of the GLB written (with a gzip copy at `<outputPath>.gz`)
 * and `{ elements, categories }` of the model (elements with geometry, IFC categories).
 * @throws Error with the reason (limit hit, bad `.frag`, crash); `outputPath` is then absent.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { forkIsolated, limitReason } from './run-isolated.ts';

const CHILD = path.join(import.meta.dirname, 'model-preview.child.ts');

/** Figures of a written preview. */
export interface PreviewFigures {
  triangles: number;
  materials: number;
  bytes: number;
  elements: number;
  categories: number;
}

type ChildMessage = ({ type: 'done' } & PreviewFigures) | { type: 'failed'; reason: string };

/** File name of the preview next to `model.frag` in a file's derived folder. */
export const PREVIEW_GLB = 'preview.glb';

export async function buildModelPreview(opts: {
  fragPath: string;
  outputPath: string;
  timeoutMs: number;
  memoryMb: number;
}): Promise<PreviewFigures> {
  let outcome: ChildMessage | null = null;
  const limits = { timeoutMs: opts.timeoutMs, memoryMb: opts.memoryMb };
  try {
    const exit = await forkIsolated(CHILD, [opts.fragPath, opts.outputPath], {
      ...limits,
      onMessage: (m) => (outcome = m as ChildMessage),
    });
    const result = outcome as ChildMessage | null;
    if (result?.type === 'done') return result;
    throw new Error(
      limitReason(exit, limits) ??
        (result?.type === 'failed' ? result.reason : `preview process exited ${exit.code ?? exit.signal}`),
    );
  } catch (err) {
    await rm(opts.outputPath, { force: true });
    await rm(`${opts.outputPath}.gz`, { force: true });
    throw err;
  }
}
