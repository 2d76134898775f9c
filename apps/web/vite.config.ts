import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, parseAst, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The fragments worker is shipped as a URL asset, which Vite copies unminified: point it at the
// package's own minified build (1.4 MB instead of 3.3 MB). Its exports map hides that file.
const fragmentsDir = path.dirname(createRequire(import.meta.url).resolve('@thatopen/fragments'));
const minifiedWorker = path.join(fragmentsDir, 'Worker/worker.min.mjs');

/**
 * Writes `.br` and `.gz` next to every text asset of the build, which the server sends to browsers
 * that accept them (@fastify/static `preCompressed`): the 3D viewer chunk goes from 6 MB to ~1 MB.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'bimdrive-precompress',
    apply: 'build',
    configResolved: (c) => void (outDir = c.build.outDir),
    async closeBundle() {
      const dir = path.resolve(import.meta.dirname, outDir);
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      for (const e of entries) {
        if (!e.isFile() || !/\.(m?js|css|html|svg|json|wasm)$/.test(e.name)) continue;
        const file = path.join(e.parentPath, e.name);
        const bytes = await readFile(file);
        if (bytes.length < 1024) continue;
        await writeFile(`${file}.br`, await br(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
        await writeFile(`${file}.gz`, await gz(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * `FragmentsModels` falls back to `new URL("./Worker/worker.mjs", import.meta.url)` when it is given no
 * worker URL, which makes the build emit the package's unminified 3.3 MB worker next to the minified
 * one the viewer passes (viewer-engine.ts). Point that fallback at the minified file, so one worker is
 * shipped.
 */
function fragmentsWorkerFallback(): Plugin {
  return {
    name: 'bimdrive-fragments-worker-fallback',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('@thatopen/fragments/dist/index.') || !code.includes('./Worker/worker.mjs')) return;
      return { code: code.replaceAll('"./Worker/worker.mjs"', '"./Worker/worker.min.mjs"'), map: null };
    },
  };
}

/** Nodes of an ESTree-shaped AST (oxc), as far as `pureContracts` walks them. */
interface AstNode {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is AstNode =>
  typeof v === 'object' && v !== null && typeof (v as AstNode).type === 'string';

/** Starts of the calls in `node` that run when it is evaluated (not those inside functions). */
function callStarts(node: AstNode, into: Set<number>): void {
  if (/Function/.test(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') into.add(node.start);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const v of value) if (isNode(v)) callStarts(v, into);
    if (isNode(value)) callStarts(value, into);
  }
}

/**
 * The shared contracts (packages/contracts) are declarations: zod schemas, constants, pure helpers.
 * The bundler cannot tell that `const X = z.object({ a: Y.optional() })` has no side effects, so a page
 * that uses one constant of a contracts file (`formatFileSize` of files.ts, `Api` through the barrel)
 * would keep every schema of that file and zod itself (~25 KB gzip). Marking the calls in their
 * top-level `const` initialisers `#__PURE__` lets tree-shaking drop the schemas a page does not use.
 * (A contracts statement with a real side effect must not be a `const` initialiser.)
 */
function pureContracts(): Plugin {
  const dir = path.resolve(import.meta.dirname, '../../packages/contracts/src') + path.sep;
  return {
    name: 'bimdrive-pure-contracts',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(dir) || !/\.[cm]?[jt]s$/.test(id)) return;
      const starts = new Set<number>();
      for (const statement of parseAst(code, { lang: 'ts' }, id).body as unknown as AstNode[]) {
        const decl = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (!isNode(decl) || decl.type !== 'VariableDeclaration') continue;
        for (const d of decl.declarations as { init: AstNode | null }[])
          if (d.init) callStarts(d.init, starts);
      }
      if (starts.size === 0) return;
      let out = code;
      for (const at of [...starts].sort((a, b) => b - a))
        out = `${out.slice(0, at)}/*#__PURE__*/ ${out.slice(at)}`;
      return { code: out, map: null };
    },
  };
}

/** Vite config: dev server proxies /api (HTTP and the socket.io hub) to the API on :3000. */
export default defineConfig({
  plugins: [react(), precompress(), fragmentsWorkerFallback(), pureContracts()],
  resolve: {
    alias: [{ find: /^@thatopen\/fragments\/worker(?=\?|$)/, replacement: minifiedWorker }],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 4096,
    // render.html: the snapshot page the thumbnail worker opens in headless Chromium (src/render).
    rolldownOptions: {
      input: { main: 'index.html', render: 'render.html' },
    },
  },
});
