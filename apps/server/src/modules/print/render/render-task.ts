import fs from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Template } from '@pdfme/common';
import { loadFonts, type RenderFonts } from '../../fonts/builtin-fonts.js';
import { renderChunk } from './render-chunk.js';
import type { PageBoxOptions } from './page-boxes.js';
import { renderFragment } from '../writer/render-fragment.js';
import { renderDirectPdf } from '../writer/render-direct.js';
import { lowerThreadPriority } from '../../../platform/thread-priority.js';

// Render threads give way to the HTTP thread when both want the CPU (docs/architecture.md#bounded-work-in-threads).
lowerThreadPriority();

/**
 * One render task for a pool thread: a chunk of mail pieces (one pdfme input each) and the
 * piece template. With `outFile` the PDF is written there (print files: chunks go to disk, not
 * back through the main thread); without, the bytes come back, moved rather than copied (previews).
 */
export type RenderTask = {
  template: Template;
  inputs: Record<string, string>[];
  outFile?: string;
  /** Hears the chunk's finished pieces (a number) as they render; closed when the task ends. */
  progress?: MessagePort;
  /** Uploaded fonts and the fallback (docs/requirements/administration.md#administration); the built-in fonts only when absent. */
  fonts?: RenderFonts;
  /**
   * Render with the direct print writer (docs/architecture.md#print-renderer): with `outFile`, a
   * fragment (`writer/fragment.ts`) is written there for the file writer; without, a whole PDF
   * comes back. Otherwise pdfme renders the chunk as a PDF.
   */
  direct?: boolean;
  /** Page boxes of a direct render's pages (a pdfme chunk gets them when merged). */
  pageBoxes?: PageBoxOptions;
};

/**
 * The pool thread's handler (piscina loads this file in each thread): renders `task` with the
 * thread's fonts, loaded once per thread and again when `task.fonts` changes (docs/architecture.md#print-renderer). Resolves with the bytes
 * written to `outFile` (a PDF, or a fragment when `direct`), or with the PDF itself. Rejects with pdfme's error for a bad template or input.
 */
export default async function renderTask(task: RenderTask): Promise<number | Uint8Array> {
  const { progress } = task;
  const onPieces = progress && ((done: number) => progress.postMessage(done));
  try {
    const font = loadFonts(task.fonts);
    if (task.direct && task.outFile) {
      const fragment = await renderFragment(task.template, task.inputs, font, { pageBoxes: task.pageBoxes, onPieces });
      await fs.writeFile(task.outFile, fragment);
      return fragment.length;
    }
    const pdf = task.direct
      ? await renderDirectPdf(task.template, task.inputs, font, { pageBoxes: task.pageBoxes })
      : await renderChunk(task.template, task.inputs, font, onPieces);
    if (!task.outFile) return Piscina.move(pdf) as unknown as Uint8Array;
    await fs.writeFile(task.outFile, pdf);
    return pdf.length;
  } finally {
    progress?.close();
  }
}
