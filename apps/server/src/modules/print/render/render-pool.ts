import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { threadEntry } from '../../../platform/thread-entry.js';
import type { Template } from '@pdfme/common';
import type { RenderFonts } from '../../fonts/builtin-fonts.js';
import type { RenderTask } from './render-task.js';
import type { PageBoxOptions } from './page-boxes.js';
import { canWriteDirect } from '../writer/render-fragment.js';

/** How a chunk is rendered: by the direct print writer (a fragment, pages with their boxes) or by pdfme (a PDF). */
export type ChunkWriter = { direct: boolean; pageBoxes?: PageBoxOptions };

/** How long an idle thread is kept before it ends (threads start again on demand). */
const IDLE_MS = 30_000;

/**
 * The print render threads (docs/architecture.md#print-renderer), on `piscina` (docs/decisions/0009-piscina-for-print-threads.md#decision: as fast
 * as our own worker_threads pool it replaced, within the noise of BENCHMARKS.md's print cases):
 * `size` threads (one per core by default, `config.printWorkers`), each with an old-generation
 * heap of at most `heapMb` MB (V8 grows a busy thread's heap lazily towards its limit; the cap
 * keeps RSS flat), started on demand and ended after IDLE_MS idle; idle threads do not keep the
 * process alive. Tasks queue FIFO. A thread that dies (e.g. out of memory) fails its task and is
 * replaced.
 */
export class RenderPool {
  private readonly pool: Piscina<RenderTask, number | Uint8Array>;
  private isClosed = false;

  constructor(readonly size: number, heapMb = 256) {
    this.pool = new Piscina({
      ...threadEntry(import.meta.url, 'render-task'), minThreads: 0, maxThreads: size, idleTimeout: IDLE_MS, concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
  }

  /**
   * Renders `inputs` with `template` into `outFile`; resolves with the bytes written. `onPieces`
   * hears how many of these pieces are finished as the thread renders them (a MessagePort moved
   * to the thread); `fonts` are the uploaded fonts to print with (see `RenderTask`); `writer` says
   * whether `outFile` gets a direct-writer fragment or a pdfme PDF (pdfme when absent). (`_key` is kept for the pool interface.)
   */
  async render(
    _key: string, template: Template, inputs: Record<string, string>[], outFile: string, onPieces?: (done: number) => void, fonts?: RenderFonts,
    writer?: ChunkWriter,
  ): Promise<number> {
    const task: RenderTask = { template, inputs, outFile, fonts, direct: writer?.direct, pageBoxes: writer?.pageBoxes };
    if (!onPieces) return this.pool.run(task) as Promise<number>;
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (done: number) => onPieces(done));
    try {
      return await (this.pool.run({ ...task, progress: port2 }, { transferList: [port2] }) as Promise<number>);
    } finally {
      port1.close();
    }
  }

  /**
   * Renders `inputs` with `template` (and the uploaded `fonts`) and resolves with the PDF bytes
   * (previews, proofs, on-demand orders): by the direct print writer when it can write the
   * template (`canWriteDirect`), else by pdfme — the same writer as the print file.
   */
  renderPdf(template: Template, inputs: Record<string, string>[], fonts?: RenderFonts): Promise<Uint8Array> {
    return this.pool.run({ template, inputs, fonts, direct: canWriteDirect(template) }) as Promise<Uint8Array>;
  }

  /** Whether `close()` was called: a closed pool renders nothing more. */
  get closed(): boolean {
    return this.isClosed;
  }

  /** Ends every thread; queued and running tasks are rejected. */
  async close(): Promise<void> {
    this.isClosed = true;
    await this.pool.close({ force: true });
  }
}

const pools = new Map<string, RenderPool>();

/**
 * The process-wide pool for `config.printWorkers` threads of `config.printWorkerHeapMb` MB,
 * shared by print files and previews (created on first use, again after `close()`).
 */
export function renderPool(config: { printWorkers: number; printWorkerHeapMb: number }): RenderPool {
  const key = `${config.printWorkers}/${config.printWorkerHeapMb}`;
  let pool = pools.get(key);
  if (!pool || pool.closed) {
    pool = new RenderPool(config.printWorkers, config.printWorkerHeapMb);
    pools.set(key, pool);
  }
  return pool;
}
