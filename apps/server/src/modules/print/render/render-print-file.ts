import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Template } from '@pdfme/common';
import type { RenderFonts } from '../../fonts/builtin-fonts.js';
import type { PageBoxOptions } from './page-boxes.js';
import { MergeThread } from './merge-thread.js';
import type { ChunkWriter } from './render-pool.js';
import { canWriteDirect } from '../writer/render-fragment.js';
import { makeTempDir } from '../temp-dirs.js';

/** Mail pieces per `generate()` call (docs/architecture.md#print-renderer: about 250). */
export const CHUNK_PIECES = 250;

/** What renders chunks: `size` threads, `render()` writing one chunk's PDF to `outFile` (see RenderPool). */
export type ChunkRenderer = {
  readonly size: number;
  render(
    key: string, template: Template, inputs: Record<string, string>[], outFile: string, onPieces?: (done: number) => void, fonts?: RenderFonts, writer?: ChunkWriter,
  ): Promise<number>;
};

/** Progress heard from the render threads is passed on at most this often (ms); merges always are. */
export const PROGRESS_EVERY_MS = 250;

export type RenderPrintFileOptions = {
  /** The piece template (see `composePieceTemplate`): each input renders one mail piece. */
  template: Template;
  /** Piece inputs in list order, in batches (any size; re-cut into chunks of `chunkPieces`). */
  batches: AsyncIterable<Record<string, string>[]>;
  /** Where the merged PDF is written (created or truncated). */
  outFile: string;
  pool: ChunkRenderer;
  chunkPieces?: number;
  /** Minimum time between progress reports heard from the threads (ms, default PROGRESS_EVERY_MS). */
  progressEveryMs?: number;
  title?: string;
  /** Uploaded fonts to print with (docs/requirements/administration.md#administration; see `RenderTask`). */
  fonts?: RenderFonts;
  /** Page boxes set on every page (docs/requirements/print.md#print; see `applyPageBoxes`); none when absent. */
  pageBoxes?: PageBoxOptions;
  /**
   * Which writer makes the file (docs/architecture.md#print-renderer): 'direct' (the default when it can write
   * the template and every separator's, see `canWriteDirect`) or 'pdfme' (chunks rendered by pdfme and merged).
   */
  writer?: 'direct' | 'pdfme';
  /** The output intent declared in the file (docs/requirements/print.md#print; see `PdfStreamMerger.finish`). */
  outputIntent?: { profile: Uint8Array; name: string };
  /**
   * Sheets between pieces (docs/requirements/print.md#print tray breaks): before each 1-based piece number in `before`, a
   * page set rendered from `template` with `inputs(piece)`, page boxes as the pieces'. Not counted as pieces.
   */
  separators?: { before: ReadonlySet<number>; template: Template; inputs: (piece: number) => Record<string, string> };
  /**
   * Called with the number of pieces rendered so far — as the threads render them (at most every
   * PROGRESS_EVERY_MS) and after each chunk is merged; never with a smaller number than before.
   * A rejection stops the render with that error.
   */
  onProgress?: (done: number) => Promise<void> | void;
  /**
   * Called once with 'merging' when the threads have rendered every piece (after the progress of
   * the last one), while the last chunks are merged and the file is finished; awaited before the
   * render returns. A rejection stops the render with that error.
   */
  onPhase?: (phase: 'merging') => Promise<void> | void;
};

/**
 * Renders a whole print file (docs/architecture.md#print-renderer): cuts the pieces into chunks of ~250 (and
 * before each separator sheet, see `separators`), renders them on the worker pool to temp files while the next batches are read, and streams
 * each finished chunk, in order, into `outFile` in its own thread (`MergeThread`): fragments of the direct writer through
 * `PdfFileWriter` (fonts, images and fallback forms written once per file), or pdfme chunks through `PdfStreamMerger`. At most pool size + 1
 * chunks are in flight, so memory does not grow with the list. Progress counts pieces as the
 * threads finish them (docs/requirements/workflow.md#clear-states-and-fast-pages: a 500-piece file moves in small steps, not 0 → 250 → 500), then
 * names the 'merging' phase once the last piece is rendered (`onPhase`). Temp files are removed on success and failure. Throws the first render error.
 * Resolves with the file's pieces, pages and bytes, and for the direct writer the elements it left to pdfme (`fallbacks`).
 */
export async function renderPrintFile(opts: RenderPrintFileOptions): Promise<{ pieces: number; pages: number; bytes: number; fallbacks?: number }> {
  const chunkPieces = opts.chunkPieces ?? CHUNK_PIECES;
  const progressEveryMs = opts.progressEveryMs ?? PROGRESS_EVERY_MS;
  const tmpDir = await makeTempDir('print');
  const key = randomUUID();
  const direct = (opts.writer ?? 'direct') === 'direct' && canWriteDirect(opts.template) && (!opts.separators || canWriteDirect(opts.separators.template));
  const writer: ChunkWriter = { direct, pageBoxes: opts.pageBoxes };
  // The merge thread starts (~250 ms of loading) while the first chunks render; its first use waits for it.
  const starting = direct ? MergeThread.startWriter(opts.outFile, opts.fonts) : MergeThread.start(opts.outFile);
  const started = starting.then((m) => m, () => null); // settles either way: for the clean-up
  let merger: MergeThread | null = null;
  const openMerger = async () => (merger ??= await starting);
  const inFlight: Array<{ file: string; pieces: number; rendered: number; finished: boolean; done: Promise<number> }> = [];
  let chunkNo = 0;
  let dispatchedAll = false;
  let merging: Promise<void> | null = null;
  let pieces = 0;
  let failed = false;
  let reported = 0;
  let reportedAt = 0;
  let progressError: unknown = null;

  /** Pieces merged plus those the threads have finished in chunks still in flight. */
  const report = (always: boolean) => {
    const now = Date.now();
    const total = pieces + inFlight.reduce((n, c) => n + c.rendered, 0);
    if (total <= reported || (!always && now - reportedAt < progressEveryMs)) return undefined;
    reported = total;
    reportedAt = now;
    return opts.onProgress?.(total);
  };
  /** Once every chunk is dispatched and rendered: the last piece's progress, then the 'merging' phase. */
  const enterMerging = () => {
    if (merging || !dispatchedAll || !inFlight.every((c) => c.finished)) return;
    merging = Promise.resolve(report(true)).then(() => opts.onPhase?.('merging')).catch((err: unknown) => { progressError ??= err; });
  };
  const dispatch = (inputs: Record<string, string>[], separator = false) => {
    const file = path.join(tmpDir, `chunk-${chunkNo++}.pdf`);
    const chunk = { file, pieces: separator ? 0 : inputs.length, rendered: 0, finished: false, done: Promise.resolve(0) };
    chunk.done = separator
      ? opts.pool.render(`${key}-separator`, opts.separators!.template, inputs, file, undefined, opts.fonts, writer)
      : opts.pool.render(key, opts.template, inputs, file, (n) => {
        chunk.rendered = Math.min(n, chunk.pieces);
        Promise.resolve(report(false)).catch((err: unknown) => { progressError ??= err; });
      }, opts.fonts, writer);
    // Observed when its turn comes (no unhandled rejection meanwhile); a rendered chunk counts all its pieces.
    chunk.done.then(() => {
      chunk.finished = true;
      chunk.rendered = chunk.pieces;
      enterMerging();
    }, () => {});
    inFlight.push(chunk);
  };
  const mergeOldest = async () => {
    const chunk = inFlight[0];
    await chunk.done;
    if (progressError) throw progressError;
    const m = await openMerger();
    await (direct ? m.appendFragment(chunk.file) : m.append(chunk.file, opts.pageBoxes));
    await fs.rm(chunk.file, { force: true });
    inFlight.shift();
    pieces += chunk.pieces;
    await report(true);
  };

  try {
    let pending: Record<string, string>[] = [];
    let seen = 0;
    const sep = opts.separators;
    const flush = async (min: number) => {
      while (pending.length >= min && pending.length > 0) {
        dispatch(pending.slice(0, chunkPieces));
        pending = pending.slice(chunkPieces);
        while (inFlight.length > opts.pool.size + 1) await mergeOldest();
      }
    };
    for await (const batch of opts.batches) {
      if (!sep) {
        pending.push(...batch);
      } else {
        for (const input of batch) {
          if (sep.before.has(++seen)) {
            await flush(1); // the pieces before the sheet go out as they are
            dispatch([sep.inputs(seen)], true);
          }
          pending.push(input);
        }
      }
      await flush(chunkPieces);
    }
    if (pending.length > 0) dispatch(pending);
    dispatchedAll = true;
    enterMerging();
    while (inFlight.length > 0) await mergeOldest();
    enterMerging();
    await merging;
    if (progressError) throw progressError;
    const { bytes, pages, fallbacks } = await (await openMerger()).finish({ title: opts.title, outputIntent: opts.outputIntent });
    return { pieces, pages, bytes, ...(direct ? { fallbacks: fallbacks ?? 0 } : {}) };
  } catch (err) {
    failed = true;
    await (await started)?.abort();
    throw err;
  } finally {
    await Promise.allSettled(inFlight.map((c) => c.done));
    await (await started)?.close();
    await fs.rm(tmpDir, { recursive: true, force: true });
    if (failed) await fs.rm(opts.outFile, { force: true });
  }
}
