import fs from 'node:fs/promises';
import { serveCalls } from '../../../platform/thread-rpc.js';
import { applyPageBoxes, type PageBoxOptions } from './page-boxes.js';
import { PdfStreamMerger } from './pdf-merge.js';

let merger: PdfStreamMerger | null = null;
const open = () => {
  if (!merger) throw new Error('The merge was not started');
  return merger;
};

/**
 * The merge thread's calls (see MergeThread): one print file per thread. pdf-lib parses each chunk here, not on the
 * HTTP thread (docs/architecture.md#bounded-work-in-threads).
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
  /** Writes the page tree, catalog, info and xref; answers the file's bytes and pages. */
  finish: async (meta: { title?: string; outputIntent?: { profile: Uint8Array; name: string } }) => {
    const m = open();
    return { bytes: await m.finish(meta), pages: m.pages };
  },
  /** Closes the unfinished file. */
  abort: async () => {
    await merger?.abort();
  },
};

serveCalls(mergeCalls);
