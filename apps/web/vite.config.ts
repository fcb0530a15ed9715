import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The SPA; in dev, /api is proxied to the server on :8080. */
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080', '/r': 'http://localhost:8080' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 4000 },
});
