import { generate } from '@pdfme/generator';
import type { Font, Plugins, Template } from '@pdfme/common';
import { barcodes, checkbox, ellipse, image, line, rectangle, svg, table } from '@pdfme/schemas';
import { indiciaPlugin, qrVectorPlugin } from '@mailcraft/shared/designs';
import { fontsForTexts } from '../fonts/font-coverage.js';
import { fallbackTextPlugins } from './fallback-text.js';
import { installLayoutCache } from './layout-cache.js';

/**
 * The pdfme plugins a print file is rendered with: pdfme's own text and multiVariableText (with
 * per-character font fallback, see fallback-text.ts), image, svg, shapes, table, checkbox and
 * barcodes, plus our vector `qrVector` and `indicia`.
 */
export const printPlugins: Plugins = {
  ...fallbackTextPlugins, image, svg, line, rectangle, ellipse, table, checkbox, ...barcodes,
  qrVector: qrVectorPlugin as unknown as Plugins[string],
  indicia: indiciaPlugin as unknown as Plugins[string],
};

/** Every string a chunk can print: the inputs' values and the template's static content and texts. */
function* chunkTexts(template: Template, inputs: Record<string, string>[]): Generator<string> {
  for (const page of template.schemas) {
    for (const el of page) {
      if (typeof el.content === 'string') yield el.content;
      if (typeof el.text === 'string') yield el.text;
    }
  }
  for (const input of inputs) yield* Object.values(input);
}

/**
 * Renders one chunk of mail pieces (one pdfme input each) to PDF bytes with one `generate()`
 * call. `font` is the map from `loadFonts()`, passed once per call (DESIGN.md "Print
 * rendering"); the fallback fonts this chunk's characters need are added to it for this call
 * (`fontsForTexts`). Throws pdfme's error when the template or an input is invalid.
 */
export async function renderChunk(template: Template, inputs: Record<string, string>[], font: Font): Promise<Uint8Array> {
  const sample = Object.values(font)[0]?.data;
  if (sample instanceof Uint8Array) installLayoutCache(sample);
  const chunkFont = fontsForTexts(font, chunkTexts(template, inputs));
  return generate({ template, inputs, plugins: printPlugins, options: { font: chunkFont, title: 'Mail pieces' } });
}
