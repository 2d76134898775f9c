/**
 * Child-process entry of the first-frame preview: `node model-preview.child.ts <model.frag> <preview.glb>`.
 * Builds the preview GLB (preview-glb.ts), writes it and a gzip copy (`<preview.glb>.gz`), and reports over IPC
 * `{ type: 'done', triangles, materials, elements, categories, bytes }` or `{ type: 'failed', reason }`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { fragmentsToPreviewGlb } from './preview-glb.ts';

const [fragPath, outputPath] = process.argv.slice(2) as [string, string];
try {
  const { glb, ...figures } = await fragmentsToPreviewGlb(new Uint8Array(await readFile(fragPath)));
  await writeFile(outputPath, glb);
  await writeFile(`${outputPath}.gz`, gzipSync(glb, { level: 9 })); // meshopt data gzips ~7×
  process.send?.({ type: 'done', ...figures, bytes: glb.byteLength });
} catch (err) {
  process.send?.({ type: 'failed', reason: err instanceof Error ? err.message : String(err) });
}
// The fragments model keeps timers alive; the parent waits for the exit.
process.disconnect?.();
process.exit(0);
