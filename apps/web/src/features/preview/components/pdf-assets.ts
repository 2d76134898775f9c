/**
 * pdf.js set-up for the bundled PDF viewer (spec 001 §2 "PDF: a bundled PDF viewer"): the worker and
 * the binary data pdf.js asks for (CMaps for CJK text, standard fonts, image-decoder wasm) are served
 * by this app — nothing is loaded from a CDN. Vite turns each file into a hashed asset URL; only the
 * files a document needs are ever fetched.
 */
import { GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

type AssetMap = Record<string, string>;

// Paths are relative to this file; pdfjs-dist is hoisted to the workspace root by npm workspaces.
const cmaps = import.meta.glob<string>('../../../../../../node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url',
  import: 'default',
  eager: true,
});
const fonts = import.meta.glob<string>(
  '../../../../../../node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}',
  {
    query: '?url',
    import: 'default',
    eager: true,
  },
);
const wasm = import.meta.glob<string>('../../../../../../node_modules/pdfjs-dist/wasm/*.{wasm,js}', {
  query: '?url',
  import: 'default',
  eager: true,
});

function byFileName(glob: Record<string, string>): AssetMap {
  const out: AssetMap = {};
  for (const [path, url] of Object.entries(glob)) out[path.slice(path.lastIndexOf('/') + 1)] = url;
  return out;
}

const ASSETS: Record<string, AssetMap> = {
  cMapUrl: byFileName(cmaps),
  standardFontDataUrl: byFileName(fonts),
  wasmUrl: byFileName(wasm),
};

/**
 * pdf.js `BinaryDataFactory` that reads CMaps, standard fonts and wasm from the app's own assets
 * (used with `useWorkerFetch: false`, so the main thread fetches and hands the bytes to the worker).
 */
export class LocalBinaryDataFactory {
  /** Resolve `filename` of `kind` to a bundled asset and fetch its bytes. */
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = ASSETS[kind]?.[filename];
    if (!url) throw new Error(`pdf.js asset not bundled: ${kind}/${filename}`);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`pdf.js asset ${filename}: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }
}
