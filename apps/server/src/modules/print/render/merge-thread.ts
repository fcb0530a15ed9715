import { ThreadCalls } from '../../../platform/thread-rpc.js';
import type { mergeCalls } from './merge-task.js';
import type { RenderFonts } from '../../fonts/builtin-fonts.js';
import type { PrintFileMeta } from '../writer/pdf-file-structure.js';
import type { PageBoxOptions } from './page-boxes.js';

/** Heap of the merge thread (MB): one parsed chunk of ~250 pieces at a time, or one fragment and the fonts being subset. */
const MERGE_HEAP_MB = 512;

/**
 * `PdfStreamMerger` or the direct writer's `PdfFileWriter` in its own thread (docs/architecture.md#bounded-work-in-threads): parsing
 * each rendered chunk with pdf-lib takes 50–300 ms of CPU, which on the HTTP thread delayed every request while a print file ran.
 * Usage: `const m = await MergeThread.start(outFile); await m.append(chunkFile, boxes)…; await m.finish(meta)`, or
 * `MergeThread.startWriter(outFile, fonts)` and `m.appendFragment(fragmentFile)…`,
 * and `close()` always (after `abort()` on failure). Errors: pdf-lib's parse error for a damaged chunk;
 * 'The merge thread stopped …' if the thread dies (e.g. past its MERGE_HEAP_MB heap).
 */
export class MergeThread {
  private constructor(private readonly calls: ThreadCalls<typeof mergeCalls>) {}

  /** Starts a thread merging pdfme chunks into `outFile` (created or truncated). */
  static start(outFile: string): Promise<MergeThread> {
    return MergeThread.open((calls) => calls.call('start', [outFile]));
  }

  /**
   * Starts a thread writing the direct writer's fragments into `outFile` (created or truncated) with `PdfFileWriter`,
   * its fonts the built-in ones, the uploaded ones of `fonts` and the fallback fonts.
   */
  static startWriter(outFile: string, fonts?: RenderFonts): Promise<MergeThread> {
    return MergeThread.open((calls) => calls.call('startWriter', [outFile, fonts]));
  }

  private static async open(start: (calls: ThreadCalls<typeof mergeCalls>) => Promise<void>): Promise<MergeThread> {
    const thread = new MergeThread(ThreadCalls.start<typeof mergeCalls>(import.meta.url, 'merge-task', { what: 'merge', heapMb: MERGE_HEAP_MB }));
    try {
      await start(thread.calls);
    } catch (err) {
      await thread.close();
      throw err;
    }
    return thread;
  }

  /** Appends the pages of the chunk PDF at `file` (page boxes set when `boxes` is given); resolves with the pages so far. */
  append(file: string, boxes?: PageBoxOptions): Promise<number> {
    return this.calls.call('append', [file, boxes]);
  }

  /** Appends the pages of the fragment at `file` (a `startWriter` thread); resolves with the pages so far. */
  appendFragment(file: string): Promise<number> {
    return this.calls.call('appendFragment', [file]);
  }

  /**
   * Finishes the file (title and output intent in it; the direct writer's fonts); resolves with its size in bytes and its
   * pages, and for the direct writer the elements its fragments left to pdfme (`fallbacks`).
   */
  finish(meta: PrintFileMeta): Promise<{ bytes: number; pages: number; fallbacks?: number }> {
    return this.calls.call('finish', [meta]);
  }

  /** Closes the unfinished file (the caller removes it). Never throws. */
  async abort(): Promise<void> {
    await this.calls.call('abort', []).catch(() => {});
  }

  /** Ends the thread. */
  close(): Promise<void> {
    return this.calls.close();
  }
}
