import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Vite config: dev server proxies /api (HTTP and the socket.io hub) to the API on :3000. */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
  },
  build: { outDir: 'dist', chunkSizeWarningLimit: 4096 },
});
