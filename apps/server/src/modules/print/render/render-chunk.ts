import { generate } from '@pdfme/generator';
import type { Font, Plugins, Template } from '@pdfme/common';
import { barcodes, checkbox, ellipse, image, line, rectangle, svg, table } from '@pdfme/schemas';
import { imbPlugin, indiciaPlugin, qrVectorPlugin, setImbEncoder } from '@mailcraft/shared/designs';
import { encodeImb } from './imb-encoder.js';
import { fontsForTexts } from '../../fonts/font-coverage.js';
import { fallbackTextPlugins } from './fallback-text.js';
import { installLayoutCache } from './layout-cache.js';
import { checkPrintImages } from './print-images.js';

/**
 * The pdfme plugins a print file is rendered with: pdfme's own text and multiVariableText (with
 * per-character font fallback, see fallback-text.ts), image, svg, shapes, table, checkbox and
 * barcodes, plus our vector `qrVector`, `indicia` and `imb` (the Intelligent Mail barcode, encoded by bwip-js).
 */
export const printPlugins: Plugins = {
  ...fallbackTextPlugins, image, svg, line, rectangle, ellipse, table, checkbox, ...barcodes,
  qrVector: qrVectorPlugin as unknown as Plugins[string],
  indicia: indiciaPlugin as unknown as Plugins[string],
  imb: imbPlugin as unknown as Plugins[string],
};
setImbEncoder(encodeImb);

/** Every string a chunk can print: the inputs' values and the template's static content and texts. */
export function* chunkTexts(template: Template, inputs: Record<string, string>[]): Generator<string> {
  for (const page of template.schemas) {
    for (const el of page) {
      if (typeof el.content === 'string') yield el.content;
      if (typeof el.text === 'string') yield el.text;
    }
  }
  for (const input of inputs) yield* Object.values(input);
}

type PdfRender = (arg: { pdfDoc: { getPageCount(): number } }) => Promise<void> | void;

/**
 * `plugins` whose `pdf` renderers report finished mail pieces: pdfme's `generate()` inserts each
 * piece's pages in turn and renders their elements into them, so when an element renders on page
 * n (1-based, of the chunk), the pieces before `floor((n - 1) / pagesPerPiece)` are complete.
 * `onPieces` is called with that count whenever it grows (docs/requirements/workflow.md#clear-states-and-fast-pages: progress per piece); the
 * chunk's own completion reports the rest.
 */
function countingPlugins(plugins: Plugins, pagesPerPiece: number, onPieces: (done: number) => void): Plugins {
  let reported = 0;
  const wrapped: Plugins = {};
  for (const [type, plugin] of Object.entries(plugins)) {
    const render = plugin.pdf as unknown as PdfRender;
    wrapped[type] = {
      ...plugin,
      pdf: ((arg: Parameters<PdfRender>[0]) => {
        const done = Math.floor((arg.pdfDoc.getPageCount() - 1) / pagesPerPiece);
        if (done > reported) onPieces((reported = done));
        return render(arg);
      }) as unknown as typeof plugin.pdf,
    };
  }
  return wrapped;
}

/**
 * Renders one chunk of mail pieces (one pdfme input each) to PDF bytes with one `generate()`
 * call. `font` is the map from `loadFonts()`, built once per thread and passed with every call;
 * the fallback fonts this chunk's characters need are added to it for this call (`fontsForTexts`). `onPieces`, when given, hears the number of this chunk's pieces finished
 * so far as rendering goes (`countingPlugins`). Throws pdfme's error when the template or an
 * input is invalid, and `checkPrintImages`' when an image is over the image bounds.
 */
export async function renderChunk(
  template: Template, inputs: Record<string, string>[], font: Font, onPieces?: (done: number) => void,
): Promise<Uint8Array> {
  checkPrintImages(template, inputs); // before pdf-lib decodes a PNG to RGBA (memory it cannot bound)
  const sample = Object.values(font)[0]?.data;
  if (sample instanceof Uint8Array) installLayoutCache(sample);
  const chunkFont = fontsForTexts(font, chunkTexts(template, inputs));
  const plugins = onPieces ? countingPlugins(printPlugins, Math.max(1, template.schemas.length), onPieces) : printPlugins;
  return generate({ template, inputs, plugins, options: { font: chunkFont, title: 'Mail pieces' } });
}
