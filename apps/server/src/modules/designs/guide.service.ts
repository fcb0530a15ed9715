import type { Readable } from 'node:stream';
import type { TTemplateGuideQuery } from '@mailcraft/shared';
import { BoundedWorkers } from '../../platform/bounded-worker.js';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/principal.js';
import type { Storage } from '../../platform/storage.js';
import { guideFileName, guideLayout, type GuideLayout } from '@mailcraft/shared/designs';

/** Bump when the drawing changes: cached files live in storage under this version. */
const GUIDE_VERSION = 2;
const inFlight = new WeakMap<Storage, Map<string, Promise<void>>>();

/**
 * Heap of the guide thread, in MB: the largest guide, an A2 PSD, draws within 64 MB of heap (its
 * layers' pixels live in typed arrays outside the heap, bounded by the fixed paper sizes).
 */
const GUIDE_HEAP_MB = 256;
/** Longest a guide may take to draw, in seconds: an A2 PSD takes ~3 s on a quiet machine. */
const GUIDE_SECONDS = 60;
let guideThread: BoundedWorkers | null = null;

/** Draws a guide file in the guide thread (one; a second drawing waits for it). */
function renderInThread(layout: GuideLayout, ext: 'pdf' | 'psd'): Promise<Uint8Array> {
  const failed = 'The template guide could not be drawn. Please try again.';
  guideThread ??= new BoundedWorkers(new URL('./guide-task.js', import.meta.url), { heapMb: GUIDE_HEAP_MB, timeoutMs: GUIDE_SECONDS * 1000, threads: 1 }, {
    code: 'INTERNAL', tooBig: failed, tooSlow: failed, failed,
  });
  return guideThread.run<Uint8Array>('renderGuide', { layout, ext });
}

/**
 * A template guide file (`ext`: PDF or PSD) for a paper size, type and sides, as a stream with its
 * download name. Files are deterministic, so each is rendered once and kept in storage at
 * `template-guides/v{n}/{name}`; concurrent first requests share one render (an A2 PSD takes
 * ~3 s and ~0.8 GB while ag-psd writes it; 8.5x11 ~0.5 s and ~0.3 GB), drawn in the guide thread
 * (`renderInThread`). Errors: INTERNAL (500) when the drawing fails or runs out of time or heap.
 */
export async function openGuideFile(
  ctx: AppContext, _principal: Principal, input: TTemplateGuideQuery & { ext: 'pdf' | 'psd' },
): Promise<{ name: string; stream: Readable }> {
  const { storage } = ctx;
  const { ext, ...query } = input;
  const name = guideFileName(query, ext);
  const key = `template-guides/v${GUIDE_VERSION}/${name}`;
  const renders = inFlight.get(storage) ?? new Map<string, Promise<void>>();
  inFlight.set(storage, renders);
  // Checked and set synchronously: a request arriving mid-write waits instead of streaming half a file.
  if (!renders.has(key)) {
    renders.set(key, (async () => {
      if (await storage.exists(key)) return;
      // Drawn in a thread of its own: pdf-lib and ag-psd stay out of the server's memory and off its HTTP thread.
      const file = await renderInThread(guideLayout(query), ext);
      await storage.put(key, Buffer.from(file.buffer, file.byteOffset, file.byteLength));
    })().finally(() => renders.delete(key)));
  }
  await renders.get(key);
  return { name, stream: storage.stream(key) };
}
