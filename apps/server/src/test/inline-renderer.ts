import fs from 'node:fs/promises';
import type { Font } from '@pdfme/common';
import type { ChunkRenderer } from '../modules/print/render/render-print-file.js';
import { renderChunk } from '../modules/print/render/render-chunk.js';
import { renderFragment } from '../modules/print/writer/render-fragment.js';

/**
 * A `ChunkRenderer` that renders on the test's own thread with `font` (no pool): a direct-writer
 * fragment or a pdfme PDF, as `renderPrintFile` asks, like a pool thread's `renderTask`.
 */
export function inlineRenderer(font: Font): ChunkRenderer {
  return {
    size: 1,
    async render(_key, template, inputs, outFile, onPieces, _fonts, writer) {
      const bytes = writer?.direct
        ? await renderFragment(template, inputs, font, { pageBoxes: writer.pageBoxes, onPieces })
        : await renderChunk(template, inputs, font, onPieces);
      await fs.writeFile(outFile, bytes);
      return bytes.length;
    },
  };
}
