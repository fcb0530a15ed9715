import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Template } from '@pdfme/common';
import { PdfStreamMerger } from './pdf-merge.js';
import { makeTempDir } from './temp-dirs.js';

/** Mail pieces per `generate()` call (DESIGN.md "Print rendering": about 250). */
export const CHUNK_PIECES = 250;

/** What renders chunks: `size` threads, `render()` writing one chunk's PDF to `outFile` (see RenderPool). */
export type ChunkRenderer = {
  readonly size: number;
  render(key: string, template: Template, inputs: Record<string, string>[], outFile: string): Promise<number>;
};

export type RenderPrintFileOptions = {
  /** The piece template (see `composePieceTemplate`): each input renders one mail piece. */
  template: Template;
  /** Piece inputs in list order, in batches (any size; re-cut into chunks of `chunkPieces`). */
  batches: AsyncIterable<Record<string, string>[]>;
  /** Where the merged PDF is written (created or truncated). */
  outFile: string;
  pool: ChunkRenderer;
  chunkPieces?: number;
  title?: string;
  /** Called with the number of pieces written so far, after each chunk is merged. */
  onProgress?: (done: number) => Promise<void> | void;
};

/**
 * Renders a whole print file (DESIGN.md "Print rendering"): cuts the pieces into chunks of ~250,
 * renders them on the worker pool to temp files while the next batches are read, and streams
 * each finished chunk, in order, into `outFile` with `PdfStreamMerger`. At most pool size + 1
 * chunks are in flight, so memory does not grow with the list. Temp files are removed on
 * success and failure. Throws the first render error.
 */
export async function renderPrintFile(opts: RenderPrintFileOptions): Promise<{ pieces: number; pages: number; bytes: number }> {
  const chunkPieces = opts.chunkPieces ?? CHUNK_PIECES;
  const tmpDir = await makeTempDir('print');
  const key = randomUUID();
  const merger = await PdfStreamMerger.create(opts.outFile);
  const inFlight: Array<{ file: string; pieces: number; done: Promise<number> }> = [];
  let chunkNo = 0;
  let pieces = 0;
  let failed = false;

  const dispatch = (inputs: Record<string, string>[]) => {
    const file = path.join(tmpDir, `chunk-${chunkNo++}.pdf`);
    const done = opts.pool.render(key, opts.template, inputs, file);
    done.catch(() => {}); // observed when its turn comes; avoid an unhandled rejection meanwhile
    inFlight.push({ file, pieces: inputs.length, done });
  };
  const mergeOldest = async () => {
    const chunk = inFlight.shift()!;
    await chunk.done;
    await merger.append(await fs.readFile(chunk.file));
    await fs.rm(chunk.file, { force: true });
    pieces += chunk.pieces;
    await opts.onProgress?.(pieces);
  };

  try {
    let pending: Record<string, string>[] = [];
    for await (const batch of opts.batches) {
      pending.push(...batch);
      while (pending.length >= chunkPieces) {
        dispatch(pending.slice(0, chunkPieces));
        pending = pending.slice(chunkPieces);
        while (inFlight.length > opts.pool.size + 1) await mergeOldest();
      }
    }
    if (pending.length > 0) dispatch(pending);
    while (inFlight.length > 0) await mergeOldest();
    const bytes = await merger.finish({ title: opts.title });
    return { pieces, pages: merger.pages, bytes };
  } catch (err) {
    failed = true;
    await merger.abort();
    throw err;
  } finally {
    await Promise.allSettled(inFlight.map((c) => c.done));
    await fs.rm(tmpDir, { recursive: true, force: true });
    if (failed) await fs.rm(opts.outFile, { force: true });
  }
}
