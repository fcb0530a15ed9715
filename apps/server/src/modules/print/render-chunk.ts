import { generate } from '@pdfme/generator';
import type { Font, Plugins, Template } from '@pdfme/common';
import { barcodes, checkbox, ellipse, image, line, multiVariableText, rectangle, svg, table, text } from '@pdfme/schemas';
import { indiciaPlugin, qrVectorPlugin } from '@mailcraft/shared/designs';
import { installLayoutCache } from './layout-cache.js';

/**
 * The pdfme plugins a print file is rendered with: pdfme's own text, multiVariableText, image,
 * svg, shapes, table, checkbox and barcodes, plus our vector `qrVector` and `indicia`.
 */
export const printPlugins: Plugins = {
  text, multiVariableText, image, svg, line, rectangle, ellipse, table, checkbox, ...barcodes,
  qrVector: qrVectorPlugin as unknown as Plugins[string],
  indicia: indiciaPlugin as unknown as Plugins[string],
};

/**
 * Renders one chunk of mail pieces (one pdfme input each) to PDF bytes with one `generate()`
 * call. `font` is the map from `loadFonts()`, passed once per call (DESIGN.md "Print
 * rendering"). Throws pdfme's error when the template or an input is invalid.
 */
export async function renderChunk(template: Template, inputs: Record<string, string>[], font: Font): Promise<Uint8Array> {
  const sample = Object.values(font)[0]?.data;
  if (sample instanceof Uint8Array) installLayoutCache(sample);
  return generate({ template, inputs, plugins: printPlugins, options: { font, title: 'Mail pieces' } });
}
