/**
 * The Content-Security-Policy of every response (helmet directives, `useDefaults: false`), checked
 * in Chromium against the built SPA, the pdfme Designer, print preview and the server-hosted
 * sign-in pages (no violation in the console):
 * - scripts only from our own files: the Vite build emits no inline script. No 'unsafe-eval': the
 *   SPA runs zod jitless (disableZodJit) and the build removes form-render's one expression from
 *   the Designer (apps/web/vite.config.ts);
 * - 'wasm-unsafe-eval' lets WebAssembly compile, and only that (no JS eval): @pdfme/converter
 *   rasterises pages (thumbnails, print preview) with PDFium compiled to wasm in a worker;
 * - connect-src data:: that worker loads the wasm from a data: URL it carries inside itself;
 * - inline styles allowed: antd (CSS-in-JS) and pdfme inject <style> elements and style attributes,
 *   and the sign-in pages carry one <style> block;
 * - data: images and fonts: pdfme's font and image previews; blob: images and workers: thumbnails,
 *   uploads and canvas output.
 * No 'upgrade-insecure-requests' (helmet's default): it would break a plain-http install.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  workerSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};
