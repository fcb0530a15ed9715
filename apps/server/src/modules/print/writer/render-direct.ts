import type { Font, Template } from '@pdfme/common';
import type { PageBoxOptions } from '../render/page-boxes.js';
import { PdfFileWriter } from './pdf-file-writer.js';
import { printFontBytes } from './print-font-bytes.js';
import { renderFragment } from './render-fragment.js';

/**
 * One whole PDF of `inputs` (one mail piece each) printed with `template` by the direct print
 * writer, in memory (docs/architecture.md#print-renderer): previews, proofs, approvals and
 * on-demand orders get the pages a print file gets. `font` is the render's font map
 * (`loadFonts`); page boxes as `renderFragment`'s. Throws as `renderFragment` and
 * `PdfFileWriter.append` do (a bad template or input, an image over the bounds).
 */
export async function renderDirectPdf(
  template: Template, inputs: Record<string, string>[], font: Font, opts: { pageBoxes?: PageBoxOptions; title?: string } = {},
): Promise<Uint8Array> {
  const fragment = await renderFragment(template, inputs, font, { pageBoxes: opts.pageBoxes });
  const writer = PdfFileWriter.inMemory({ fontBytes: printFontBytes(font) });
  await writer.append(fragment);
  return writer.finish({ title: opts.title ?? 'Mail pieces' });
}
