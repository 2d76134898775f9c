import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The fragments worker is shipped as a URL asset, which Vite copies unminified: point it at the
// package's own minified build (1.4 MB instead of 3.3 MB). Its exports map hides that file.
const fragmentsDir = path.dirname(createRequire(import.meta.url).resolve('@thatopen/fragments'));
const minifiedWorker = path.join(fragmentsDir, 'Worker/worker.min.mjs');

/** Vite config: dev server proxies /api (HTTP and the socket.io hub) to the API on :3000. */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@thatopen\/fragments\/worker(?=\?|$)/, replacement: minifiedWorker }],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
  },
  build: { outDir: 'dist', chunkSizeWarningLimit: 4096 },
});
