import { ThreadCalls } from '../../../platform/thread-rpc.js';
import type { mergeCalls } from './merge-task.js';
import type { PageBoxOptions } from './page-boxes.js';

/** Heap of the merge thread (MB): one parsed chunk of ~250 pieces at a time. */
const MERGE_HEAP_MB = 512;

/**
 * `PdfStreamMerger` in its own thread (docs/architecture.md#bounded-work-in-threads): parsing each rendered chunk with pdf-lib
 * takes 50–300 ms of CPU, which on the HTTP thread delayed every request while a print file ran.
 * Usage: `const m = await MergeThread.start(outFile); await m.append(chunkFile, boxes)…; await m.finish(meta)`,
 * and `close()` always (after `abort()` on failure). Errors: pdf-lib's parse error for a damaged chunk;
 * 'The merge thread stopped …' if the thread dies (e.g. past its MERGE_HEAP_MB heap).
 */
export class MergeThread {
  private constructor(private readonly calls: ThreadCalls<typeof mergeCalls>) {}

  /** Starts a thread merging into `outFile` (created or truncated). */
  static async start(outFile: string): Promise<MergeThread> {
    const thread = new MergeThread(ThreadCalls.start<typeof mergeCalls>(import.meta.url, 'merge-task', { what: 'merge', heapMb: MERGE_HEAP_MB }));
    try {
      await thread.calls.call('start', [outFile]);
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

  /** Finishes the file (title and output intent in it); resolves with its size in bytes and its pages. */
  finish(meta: { title?: string; outputIntent?: { profile: Uint8Array; name: string } }): Promise<{ bytes: number; pages: number }> {
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
