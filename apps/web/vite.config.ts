import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
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

/**
 * @pdfme/schemas imports, at the top of its one file, what its barcode plugins (bwip-js, 0.9 MB) and
 * date plugins (air-datepicker, every date-fns locale, 0.3 MB) need, and builds those plugins at load,
 * so tree-shaking keeps all of it in the Designer's chunk — a fifth of the code evaluated before the
 * Designer opens — though the Designer registers none of them (design-plugins.ts). The build gives
 * @pdfme/schemas stand-ins for these three imports: the plugins still build, and a call into one
 * throws saying why. Registering a barcode or date plugin means removing this first.
 */
function pdfmeWithoutUnusedPlugins(): Plugin {
  const PREFIX = '\0mailcraft-unused:';
  const replaced = new Set(['bwip-js', 'air-datepicker', 'date-fns/locale']);
  const gone = (pkg: string) => `() => { throw new Error('${pkg} is left out of the web build (vite.config.ts): the Designer registers no pdfme plugin that needs it'); }`;
  return {
    name: 'mailcraft:pdfme-without-unused-plugins',
    apply: 'build',
    enforce: 'pre', // before Vite resolves the packages themselves
    resolveId(source, importer) {
      if (!replaced.has(source) || !importer || !/[\\/]@pdfme[\\/]schemas[\\/]/.test(importer)) return null;
      return PREFIX + source;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const pkg = id.slice(PREFIX.length);
      if (pkg === 'bwip-js') return `const gone = ${gone(pkg)};\nexport default { toCanvas: gone, toBuffer: gone };`;
      if (pkg === 'air-datepicker') return `const gone = ${gone(pkg)};\nexport default function AirDatepicker() { gone(); }`;
      // Every locale name, each undefined: the date plugins only read them when formatting.
      const names = Object.keys(await import('date-fns/locale')).filter((n) => /^[A-Za-z]\w*$/.test(n));
      return names.map((n) => `export const ${n} = undefined;`).join('\n');
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build (docs/requirements/workflow.md#clear-states-and-fast-pages: assets are
 * served precompressed, `@fastify/static` `preCompressed`), so the server never compresses on the
 * fly. Brotli at quality 11 (smallest; files over 2 MB at 9, much faster on the 14 MB PDFium
 * worker and a few percent larger), gzip at level 9. Files under 1 KB are left alone.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mailcraft:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true }))
        .map((f) => path.join(outDir, f))
        .filter((f) => /\.(js|mjs|css|html|svg|json|wasm|txt|ttf|otf)$/.test(f));
      await Promise.all(files.map(async (file) => {
        const data = await fs.readFile(file);
        if (data.length < 1024) return;
        const quality = data.length > 2 * 1024 * 1024 ? 9 : 11;
        const [br, gz] = await Promise.all([
          brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
          gzip(data, { level: 9 }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      }));
    },
  };
}

/** The SPA; in dev, /api is proxied to the server on :8080. */
export default defineConfig({
  plugins: [react(), pdfmeWithoutEval(), pdfmeWithoutUnusedPlugins(), precompress()],
  server: { port: 5173, proxy: {
    // Keep the browser's Host header: the server refuses cookie writes whose Origin host differs.
    '/api': { target: 'http://localhost:8080', changeOrigin: false, xfwd: true },
    '/r': { target: 'http://localhost:8080', changeOrigin: false },
  } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 4000 },
});
