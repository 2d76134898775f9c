/**
 * Child of the conversion benchmark: `node bench/lib/bare-ifc.ts importer|stream <file.ifc>`.
 * `importer`: a bare `@thatopen/fragments` IfcImporter run (bytes in, fragments bytes out, nothing
 * written); `stream`: raw web-ifc OpenModel + StreamAllMeshes. Prints one JSON line
 * `{ meshes | bytesOut, maxRssMb }`. The parent times the whole process.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { IfcImporter } from '@thatopen/fragments';
import * as WebIFC from 'web-ifc';

const [mode, file] = process.argv.slice(2) as ['importer' | 'stream', string];
const wasmDir = `${path.dirname(createRequire(import.meta.url).resolve('web-ifc'))}/`;
const bytes = new Uint8Array(await readFile(file));
const maxRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
if (mode === 'importer') {
  const importer = new IfcImporter();
  importer.wasm = { path: wasmDir, absolute: true };
  const out = await importer.process({ bytes });
  console.log(JSON.stringify({ bytesOut: out.length, maxRssMb: maxRssMb() }));
} else {
  const api = new WebIFC.IfcAPI();
  api.SetWasmPath(wasmDir, true);
  await api.Init();
  api.SetLogLevel(WebIFC.LogLevel.LOG_LEVEL_OFF);
  const id = api.OpenModel(bytes);
  let meshes = 0;
  api.StreamAllMeshes(id, () => void meshes++);
  api.CloseModel(id);
  console.log(JSON.stringify({ meshes, maxRssMb: maxRssMb() }));
}
