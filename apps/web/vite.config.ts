import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
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

/** Vite config: dev server proxies /api (HTTP and the socket.io hub) to the API on :3000. */
export default defineConfig({
  plugins: [react(), precompress()],
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
    rolldownOptions: { input: { main: 'index.html', render: 'render.html' } },
  },
});
