import { parentPort, type Worker } from 'node:worker_threads';
import { startThread } from './thread-entry.js';
import { lowerThreadPriority } from './thread-priority.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- a handler table of any signatures, typed at the caller by `ThreadCalls<H>` */
/** A thread's functions by name; arguments and results must be structured-cloneable. */
export type ThreadHandlers = Record<string, (...args: any[]) => unknown>;
/* eslint-enable @typescript-eslint/no-explicit-any */

type Call = { id: number; name: string; args: unknown[] };
type Answer = { id: number; value?: unknown; error?: { name: string; message: string } };

/**
 * The thread side of `ThreadCalls` (docs/architecture.md#bounded-work-in-threads): answers each call posted by the parent with the
 * handler of its name, one call at a time in the order they were posted, so a call sees every earlier call finished.
 * A handler's error goes back as the caller's rejection (its name and message; never the stack).
 * The thread runs at background priority (`lowerThreadPriority`): it gives way to the HTTP thread.
 */
export function serveCalls(handlers: ThreadHandlers): void {
  const port = parentPort;
  if (!port) throw new Error('serveCalls runs inside a worker thread');
  lowerThreadPriority();
  let turn: Promise<void> = Promise.resolve();
  port.on('message', (call: Call) => {
    turn = turn.then(async () => {
      try {
        const handler = handlers[call.name];
        if (!handler) throw new Error(`This thread has no '${call.name}'`);
        port.postMessage({ id: call.id, value: await handler(...call.args) } satisfies Answer);
      } catch (err) {
        const error = err instanceof Error ? { name: err.name, message: err.message } : { name: 'Error', message: String(err) };
        port.postMessage({ id: call.id, error } satisfies Answer);
      }
    });
  });
}

/**
 * Calls into a worker thread that runs `serveCalls(handlers)`, typed by the handlers' module
 * (`new ThreadCalls<typeof handlers>(worker, 'the merge')`). Each call resolves with the handler's
 * value or rejects with its error; calls run in the thread in the order made. When the thread
 * dies (out of memory, a crash) every pending and later call rejects with 'The <what> thread stopped …'.
 */
export class ThreadCalls<H extends ThreadHandlers> {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private stopped: Error | null = null;

  /**
   * Starts a thread on the module `task` beside `callerUrl` (the caller's `import.meta.url`; see
   * `startThread`) with a heap of `heapMb` MB, named `mailcraft-<what>` in diagnostics, and returns
   * its calls. `what` names the thread in errors ('The merge thread stopped …').
   */
  static start<H extends ThreadHandlers>(callerUrl: string, task: string, opts: { what: string; heapMb: number }): ThreadCalls<H> {
    const worker = startThread(callerUrl, task, { name: `mailcraft-${opts.what}`, resourceLimits: { maxOldGenerationSizeMb: opts.heapMb } });
    return new ThreadCalls<H>(worker, opts.what);
  }

  constructor(private readonly worker: Worker, private readonly what: string) {
    worker.on('message', (answer: Answer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.error) waiting.reject(Object.assign(new Error(answer.error.message), { name: answer.error.name }));
      else waiting.resolve(answer.value);
    });
    worker.on('error', (err) => this.stop(new Error(`The ${what} thread stopped: ${err.message}`)));
    worker.on('exit', (code) => this.stop(new Error(`The ${what} thread stopped (exit code ${code})`)));
  }

  /** Runs `name(...args)` in the thread; `transfer` lists buffers moved rather than copied. */
  call<K extends keyof H & string>(name: K, args: Parameters<H[K]>, transfer: ArrayBuffer[] = []): Promise<Awaited<ReturnType<H[K]>>> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, name, args } satisfies Call, transfer);
    });
  }

  /** Ends the thread; pending calls reject. */
  async close(): Promise<void> {
    this.stop(new Error(`The ${this.what} thread was closed`));
    await this.worker.terminate();
  }

  private stop(err: Error): void {
    this.stopped ??= err;
    for (const waiting of this.pending.values()) waiting.reject(this.stopped);
    this.pending.clear();
  }
}
