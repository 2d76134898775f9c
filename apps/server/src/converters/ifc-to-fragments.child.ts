/**
 * Child-process entry of the IFC converter: `node ifc-to-fragments.child.ts <input.ifc> <output.frag>`.
 * Checks the STEP envelope, converts with `@thatopen/fragments` IfcImporter (web-ifc), keeping element
 * attributes, property sets, relations and the spatial tree, writes the fragments file and reports over IPC
 * (the model is not read back here: the preview step, which loads it anyway, counts its elements).
 * Beside `<output.frag>` (zlib-deflated inside, as @thatopen/fragments writes it: the file a download gets)
 * it writes `<output.frag>.br`, the same model uncompressed inside and brotli-compressed whole, which
 * the viewer is sent with `Content-Encoding: br` (file-serve.routes.ts; issue 17): the browser then
 * decodes it natively while it downloads, and the fragments worker skips its own (JavaScript) inflate
 * — the largest single step of its load after the model's own setup. About as large as the `.frag`.
 *   { type: 'progress', percent } … then { type: 'done', stats } or { type: 'failed', reason, outOfMemory? }.
 */
import { open, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, inflateSync } from 'node:zlib';
import { IfcImporter } from '@thatopen/fragments';

const [inputPath, outputPath] = process.argv.slice(2) as [string, string];
const send = (m: unknown) => process.send?.(m);

/** Reads the first and last KiB and answers why the file is not a whole IFC (STEP) file, or null. */
async function envelopeProblem(file: string): Promise<string | null> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(Math.min(1024, size));
    await fh.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(1024, size));
    await fh.read(tail, 0, tail.length, Math.max(0, size - tail.length));
    const headText = head
      .toString('latin1')
      .replace(/^\xEF\xBB\xBF/, '')
      .trimStart();
    if (!headText.startsWith('ISO-10303-21;')) return '不是有效的 IFC 文件（缺少 ISO-10303-21 文件头）';
    if (!/END-ISO-10303-21;\s*$/.test(tail.toString('latin1')))
      return 'IFC 文件不完整（文件被截断或上传不完整）';
    return null;
  } finally {
    await fh.close();
  }
}

function schemaOf(head: string): string {
  return /FILE_SCHEMA\s*\(\s*\(\s*'([^']+)'/i.exec(head)?.[1] ?? '';
}

try {
  const problem = await envelopeProblem(inputPath);
  if (problem) {
    send({ type: 'failed', reason: problem });
    process.exit(0);
  }
  const bytes = new Uint8Array(await readFile(inputPath));
  const importer = new IfcImporter();
  const webIfcDir = path.dirname(createRequire(import.meta.url).resolve('web-ifc'));
  importer.wasm = { path: `${webIfcDir}/`, absolute: true };
  let last = -1;
  const frag = await importer.process({
    bytes,
    progressCallback: (p) => {
      const percent = Math.floor(p * 95);
      if (percent !== last) {
        last = percent;
        send({ type: 'progress', percent });
      }
    },
  });
  await writeFile(outputPath, frag);
  // Quality 5: a few hundred ms a model and no larger than the deflated .frag (7 would be ~20 %
  // smaller for seconds more; Node's zlib, ~30 % larger than the .frag's own deflate, is no option).
  const raw = inflateSync(frag);
  await writeFile(
    `${outputPath}.br`,
    brotliCompressSync(raw, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
      },
    }),
  );
  send({
    type: 'done',
    stats: { schema: schemaOf(Buffer.from(bytes.subarray(0, 2048)).toString('latin1')) },
  });
} catch (err) {
  const detail = err instanceof Error ? err.message : String(err);
  // web-ifc's wasm heap and ArrayBuffers fail with a catchable error when memory runs out.
  if (
    /out of memory|Aborted\(OOM\)|Memory\.grow|Array buffer allocation failed|Invalid typed array length/i.test(
      detail,
    )
  )
    send({ type: 'failed', reason: detail, outOfMemory: true });
  else send({ type: 'failed', reason: `IFC 文件无法解析：${detail.slice(0, 200)}` });
}
process.exit(0);
