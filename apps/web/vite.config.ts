import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * pdfme's Designer hides the "Required" switch of its property panel with a form-render mustache
 * expression, `hidden: "{{!formData.editable}}"`, which form-render evaluates with `Function()`.
 * The server's Content-Security-Policy forbids eval (apps/server/src/platform/csp.ts): the call
 * fails (caught, so the switch shows) and logs a CSP violation each time the panel renders. The
 * build replaces the expression with `false`, the same panel without the eval. It is the only
 * expression in @pdfme/ui 6.1; a warning says when an upgrade moves it.
 */
function pdfmeWithoutEval(): Plugin {
  const expression = 'hidden: "{{!formData.editable}}"';
  return {
    name: 'mailcraft:pdfme-without-eval',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]@pdfme[\\/]ui[\\/]dist[\\/]index\.js$/.test(id)) return null;
      if (!code.includes(expression)) {
        this.warn(`${expression} not found in @pdfme/ui: open the Designer and check the console for CSP violations`);
        return null;
      }
      return { code: code.replace(expression, 'hidden: false'), map: null };
    },
  };
}

/** The SPA; in dev, /api is proxied to the server on :8080. */
export default defineConfig({
  plugins: [react(), pdfmeWithoutEval()],
  server: { port: 5173, proxy: {
    // Keep the browser's Host header: the server refuses cookie writes whose Origin host differs.
    '/api': { target: 'http://localhost:8080', changeOrigin: false, xfwd: true },
    '/r': { target: 'http://localhost:8080', changeOrigin: false },
  } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 4000 },
});
