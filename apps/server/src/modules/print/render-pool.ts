import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Template } from '@pdfme/common';
import type { WorkerReply, WorkerRequest } from './render-worker.js';

/** How long an idle pool keeps its threads before ending them (they start again on demand). */
const IDLE_MS = 30_000;

/**
 * Starts a render worker. From compiled JS (dist) it loads render-worker.js directly; from
 * TypeScript source (vitest, tsx) a worker cannot load .ts by itself on Node 20, so a tiny
 * bootstrap registers tsx's ESM loader inside the thread first.
 */
function spawnWorker(heapMb: number): Worker {
  const here = import.meta.url;
  // V8 grows a busy thread's heap lazily towards its limit; a cap keeps the process RSS flat.
  const opts = { resourceLimits: { maxOldGenerationSizeMb: heapMb } };
  if (!here.endsWith('.ts')) return new Worker(new URL('./render-worker.js', here), opts);
  // tsx's ESM API (the `import` condition of 'tsx/esm/api'; require.resolve would pick the CJS build)
  const tsxDir = path.dirname(createRequire(here).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./render-worker.ts', here).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, ...opts });
}

type Slot = { worker: Worker; busy: boolean; templates: Set<string>; pending?: { resolve(bytes: number): void; reject(err: Error): void } };
type Task = { key: string; template: Template; inputs: Record<string, string>[]; outFile: string; resolve(bytes: number): void; reject(err: Error): void };

/**
 * A pool of print render threads (one per core by default, `config.printWorkers`). `render()`
 * queues a chunk and resolves with the bytes written to `outFile` once a thread has rendered
 * it. Idle threads are unref'd and ended after IDLE_MS without work, so an idle process can exit.
 */
export class RenderPool {
  private slots: Slot[] = [];
  private queue: Task[] = [];
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  /** `size` threads, each with an old-generation heap of at most `heapMb` MB. */
  constructor(readonly size: number, private readonly heapMb = 256) {}

  /** Renders `inputs` with `template` (sent once per thread per `key`) into `outFile`. */
  render(key: string, template: Template, inputs: Record<string, string>[], outFile: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ key, template, inputs, outFile, resolve, reject });
      this.pump();
    });
  }

  private startSlot(): Slot {
    const worker = spawnWorker(this.heapMb);
    worker.unref();
    const slot: Slot = { worker, busy: false, templates: new Set() };
    worker.on('message', (reply: WorkerReply) => {
      const pending = slot.pending;
      slot.pending = undefined;
      slot.busy = false;
      worker.unref();
      if (reply.ok) pending?.resolve(reply.bytes);
      else pending?.reject(new Error(reply.error));
      this.pump();
    });
    const fail = (err: Error) => {
      slot.pending?.reject(err);
      slot.pending = undefined;
      this.slots = this.slots.filter((s) => s !== slot);
      this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => { if (this.slots.includes(slot)) fail(new Error(`Render worker exited (${code})`)); });
    this.slots.push(slot);
    return slot;
  }

  private pump(): void {
    if (this.idleTimer) { clearTimeout(this.idleTimer); this.idleTimer = null; }
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => !s.busy) ?? (this.slots.length < this.size ? this.startSlot() : null);
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.busy = true;
      slot.worker.ref(); // keep the process alive while a chunk is rendering
      slot.pending = { resolve: task.resolve, reject: task.reject };
      if (!slot.templates.has(task.key)) {
        if (slot.templates.size > 4) slot.templates.clear();
        slot.templates.add(task.key);
        slot.worker.postMessage({ kind: 'template', key: task.key, template: task.template } satisfies WorkerRequest);
      }
      const id = this.nextId++;
      slot.worker.postMessage({ kind: 'render', id, key: task.key, inputs: task.inputs, outFile: task.outFile } satisfies WorkerRequest);
    }
    if (this.slots.every((s) => !s.busy)) {
      this.idleTimer = setTimeout(() => void this.close(), IDLE_MS);
      this.idleTimer.unref();
    }
  }

  /** Ends every thread; queued and running chunks are rejected. */
  async close(): Promise<void> {
    const slots = this.slots;
    this.slots = [];
    for (const task of this.queue.splice(0)) task.reject(new Error('Render pool closed'));
    await Promise.all(slots.map(async (s) => {
      s.pending?.reject(new Error('Render pool closed'));
      await s.worker.terminate();
    }));
  }
}

const pools = new Map<string, RenderPool>();

/** The process-wide pool for `config.printWorkers` threads of `config.printWorkerHeapMb` (created on first use). */
export function renderPool(config: { printWorkers: number; printWorkerHeapMb: number }): RenderPool {
  const key = `${config.printWorkers}/${config.printWorkerHeapMb}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new RenderPool(config.printWorkers, config.printWorkerHeapMb);
    pools.set(key, pool);
  }
  return pool;
}
