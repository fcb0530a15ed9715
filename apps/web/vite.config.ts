import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The SPA; in dev, /api is proxied to the server on :8080. */
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: {
    // Keep the browser's Host header: the server refuses cookie writes whose Origin host differs.
    '/api': { target: 'http://localhost:8080', changeOrigin: false, xfwd: true },
    '/r': { target: 'http://localhost:8080', changeOrigin: false },
  } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 4000 },
});
