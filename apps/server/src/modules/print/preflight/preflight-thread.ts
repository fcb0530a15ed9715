import type { TPreflight } from '@mailcraft/shared';
import { ThreadCalls } from '../../../platform/thread-rpc.js';
import type { PreflightPlan } from './preflight.js';
import type { preflightCalls } from './preflight-task.js';

/** Heap of the preflight thread (MB): fonts, the text-measure caches and a few sampled pages. */
const PREFLIGHT_HEAP_MB = 256;
/** Batches posted to the thread and not yet checked before the tap waits (memory stays bounded). */
const BATCHES_AHEAD = 2;

/**
 * `Preflight` in its own thread (docs/architecture.md#bounded-work-in-threads; the checks: docs/requirements/print.md#preflight):
 * measuring every piece's text with fontkit and running pdfinfo, pdffonts and zbarimg on the finished file took
 * seconds of CPU on the HTTP thread. Same use as Preflight — `tap(batches)` on the way to the renderer, then
 * `finish(file, tmpDir)` — and `close()` always. Errors: 'The preflight thread stopped …' if the thread dies.
 */
export class PreflightThread {
  private readonly calls: ThreadCalls<typeof preflightCalls>;
  private readonly started: Promise<void>;

  constructor(plan: PreflightPlan) {
    this.calls = ThreadCalls.start<typeof preflightCalls>(import.meta.url, 'preflight-task', { what: 'preflight', heapMb: PREFLIGHT_HEAP_MB });
    this.started = this.calls.call('start', [plan]);
    this.started.catch(() => {}); // observed by the first check or finish
  }

  /** Passes `batches` through unchanged while the thread checks them, at most BATCHES_AHEAD batches behind. */
  async* tap(batches: AsyncIterable<Record<string, string>[]>): AsyncGenerator<Record<string, string>[]> {
    await this.started;
    const ahead: Promise<void>[] = [];
    for await (const batch of batches) {
      const checked = this.calls.call('check', [batch]);
      checked.catch(() => {}); // observed below, in order
      ahead.push(checked);
      if (ahead.length > BATCHES_AHEAD) await ahead.shift();
      yield batch;
    }
    await Promise.all(ahead);
  }

  /** Checks the finished file `file` (temporary files go to `tmpDir`) and resolves with the report (see Preflight.finish). */
  async finish(file: string, tmpDir: string): Promise<TPreflight> {
    await this.started;
    return this.calls.call('finish', [file, tmpDir]);
  }

  /** Ends the thread. */
  close(): Promise<void> {
    return this.calls.close();
  }
}
