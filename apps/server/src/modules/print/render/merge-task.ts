import fs from 'node:fs/promises';
import { serveCalls } from '../../../platform/thread-rpc.js';
import { PdfFileWriter } from '../writer/pdf-file-writer.js';
import type { PrintFileMeta } from '../writer/pdf-file-structure.js';
import { printFontBytes } from '../writer/print-font-bytes.js';
import { loadFonts, type RenderFonts } from '../../fonts/builtin-fonts.js';
import { applyPageBoxes, type PageBoxOptions } from './page-boxes.js';
import { PdfStreamMerger } from './pdf-merge.js';

/** The file of this thread: pdfme chunks merged (`start`), or fragments written by the direct writer (`startWriter`). */
let merger: PdfStreamMerger | null = null;
let writer: PdfFileWriter<number> | null = null;
const open = () => {
  if (!merger) throw new Error('The merge was not started');
  return merger;
};
const openWriter = () => {
  if (!writer) throw new Error('The print file writer was not started');
  return writer;
};

/**
 * The merge thread's calls (see MergeThread): one print file per thread, merged from pdfme chunks (`start`, `append`) or
 * written from the direct writer's fragments (`startWriter`, `appendFragment`); `finish` and `abort` end either. pdf-lib
 * parsing, font subsetting and the writes happen here, not on the HTTP thread (docs/architecture.md#bounded-work-in-threads).
 */
export const mergeCalls = {
  /** Opens (truncates) `outFile` and writes the PDF header. */
  start: async (outFile: string) => {
    merger = await PdfStreamMerger.create(outFile);
  },
  /** Appends every page of the chunk PDF at `file`, with `boxes` set on each page when given; answers the pages so far. */
  append: async (file: string, boxes?: PageBoxOptions) => {
    const m = open();
    await m.append(await fs.readFile(file), boxes && ((doc) => applyPageBoxes(doc, boxes)));
    return m.pages;
  },
  /**
   * Opens (truncates) `outFile` for the direct writer, printing with the built-in fonts, the uploaded ones of `fonts`
   * and the fallback fonts. Throws when an uploaded font cannot be read.
   */
  startWriter: async (outFile: string, fonts?: RenderFonts) => {
    writer = await PdfFileWriter.create(outFile, { fontBytes: printFontBytes(loadFonts(fonts)) });
  },
  /** Appends the pages of the fragment at `file` (`encodeFragment`); answers the pages so far. */
  appendFragment: async (file: string) => {
    const w = openWriter();
    await w.append(await fs.readFile(file));
    return w.pages;
  },
  /**
   * Writes the fonts (direct writer), page tree, catalog, info and xref; answers the file's bytes and pages, and for the
   * direct writer the elements its fragments left to pdfme (`fallbacks`, all types together).
   */
  finish: async (meta: PrintFileMeta): Promise<{ bytes: number; pages: number; fallbacks?: number }> => {
    if (writer) {
      const fallbacks = Object.values(writer.fallbacks).reduce((sum, n) => sum + n, 0);
      return { bytes: await writer.finish(meta), pages: writer.pages, fallbacks };
    }
    const m = open();
    return { bytes: await m.finish(meta), pages: m.pages };
  },
  /** Closes the unfinished file. */
  abort: async () => {
    await merger?.abort();
    await writer?.abort();
  },
};

serveCalls(mergeCalls);
