import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, type TransferListItem } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { BoundedTaskMessage } from './bounded-task.js';
import { AppError, type ErrorCode } from './errors.js';

/** How long an idle thread is kept before it ends (threads start again on demand). */
const IDLE_MS = 30_000;
/** Items a streaming task may post ahead of its reader (each a batch of a few thousand rows at most). */
const STREAM_CREDITS = 2;

/** The bounds of one kind of work: every thread has them, every task is held to them. */
export type WorkerLimits = {
  /** Old-generation heap of each thread, in MB (V8 `maxOldGenerationSizeMb`): a task past it ends its thread, not the process. */
  heapMb: number;
  /**
   * Longest the caller waits for a task's thread, in ms, counted from the moment the thread picks
   * the task up and not while a streaming task waits for its reader; a task waiting in line for
   * a thread has the same time again.
   */
  timeoutMs: number;
  /** Threads at most; further tasks wait in line. */
  threads: number;
};

/** What the caller is told when a limit is hit: a sentence for the user and its error code. */
export type WorkerMessages = {
  /** The task ran out of heap (`heapMb`). */
  tooBig: string;
  /** The task took longer than `timeoutMs`. */
  tooSlow: string;
  /** The task failed with an error that is not an AppError (a library choking on hostile input). */
  failed: string;
  /** Code of the three errors above (e.g. UNPROCESSABLE for an upload, VALIDATION for a form). */
  code: ErrorCode;
};

/**
 * Where a thread's code is. From compiled JS (dist) the `.js` file exists; from TypeScript source
 * (vitest, tsx) a thread cannot load `.ts` by itself, so it first registers tsx's ESM hooks
 * through tsx's API (`--import` of tsx's own entry registers them on the main thread only on
 * Node 20), resolved to a file so any working directory works.
 */
function taskFile(jsUrl: URL): { filename: string; execArgv: string[] } {
  if (fs.existsSync(fileURLToPath(jsUrl))) return { filename: jsUrl.href, execArgv: [] };
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const api = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  return { filename: jsUrl.href.replace(/\.js$/, '.ts'), execArgv: ['--import', `data:text/javascript,import{register}from${JSON.stringify(api)};register();`] };
}

/**
 * Untrusted input parsed off the HTTP thread, bounded (a hostile file must cost one request, never
 * the server): a pool of worker threads (piscina) for one kind of work, each thread with its own
 * heap limit, each task with a time limit. A thread that runs out of heap, or whose task runs past
 * its time, is ended and replaced; only its task fails, with the caller's sentence. Threads start
 * on demand, end after IDLE_MS idle and do not keep the process alive.
 *
 * `taskUrl` is the `.js` URL of a module whose named exports are `boundedTask` / `boundedStream`
 * functions (platform/bounded-task.ts); `run` and `stream` call them by name.
 * Errors of `run` and `stream`: the task's own AppError as it threw it; AppError(`messages.code`)
 * with `messages.tooBig`, `messages.tooSlow` or `messages.failed` as above.
 */
export class BoundedWorkers {
  private readonly pool: Piscina;

  constructor(taskUrl: URL, readonly limits: WorkerLimits, private readonly messages: WorkerMessages) {
    this.pool = new Piscina({
      ...taskFile(taskUrl), minThreads: 0, maxThreads: limits.threads, idleTimeout: IDLE_MS, concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    // A thread that dies between tasks has no task to fail: piscina reports it on the pool.
    this.pool.on('error', (err: unknown) => console.error('[bounded-worker] idle thread failed', err));
  }

  /** Runs the `boundedTask` exported as `name` on `input` and resolves with its result. */
  async run<T>(name: string, input: unknown, transferList: TransferListItem[] = []): Promise<T> {
    const results: T[] = [];
    // Read to the end (not only the first item): a reader that stops early ends the thread.
    for await (const item of this.stream<T>(name, input, transferList)) results.push(item);
    if (results.length !== 1) throw this.fail('failed');
    return results[0];
  }

  /**
   * Runs the `boundedStream` exported as `name` on `input`, yielding its items as the thread posts
   * them. Stopping early (break, or an error thrown by the reader) ends the thread's work.
   */
  async *stream<T>(name: string, input: unknown, transferList: TransferListItem[] = []): AsyncGenerator<T> {
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    const items: T[] = [];
    let started = false;
    let ended = false;
    let failure: AppError | null = null;
    let timedOut = false;
    let stopped = false;
    let wake: (() => void) | null = null;
    port1.on('message', (message: BoundedTaskMessage<T>) => {
      if ('item' in message) items.push(message.item);
      else if ('started' in message) started = true;
      else if ('end' in message) ended = true;
      else failure ??= message.error ? new AppError(message.error.code, message.error.message) : this.fail('failed');
      wake?.();
    });
    const task = this.pool.run({ input, port: port2 }, { name, transferList: [port2, ...transferList], signal: abort.signal });
    task.then(() => undefined, (err: unknown) => {
      if (!stopped) failure ??= this.failureOf(err, timedOut);
      wake?.();
    });
    port1.postMessage(STREAM_CREDITS);
    // Time the caller waited for the thread: in line (a thread that never starts must not hang
    // the request), then while it works. Each has the budget `timeoutMs`.
    const waited = { queued: 0, working: 0 };
    try {
      for (;;) {
        if (items.length > 0) {
          port1.postMessage(1);
          yield items.shift()!;
          continue;
        }
        if (failure) throw failure;
        if (ended) return;
        const since = Date.now();
        const phase = started ? 'working' : 'queued';
        const timer = setTimeout(() => { timedOut = true; abort.abort(); }, Math.max(0, this.limits.timeoutMs - waited[phase]));
        await new Promise<void>((resolve) => { wake = resolve; });
        wake = null;
        clearTimeout(timer);
        waited[phase] += Date.now() - since;
      }
    } finally {
      if (!ended && !failure) {
        stopped = true; // the reader stopped early: the thread's work is not wanted
        abort.abort();
      }
      port1.close();
      await task.catch(() => undefined);
    }
  }

  private fail(kind: 'tooBig' | 'tooSlow' | 'failed'): AppError {
    return new AppError(this.messages.code, this.messages[kind]);
  }

  /** The caller's error for a task that ended without answering (its thread died or was ended). */
  private failureOf(err: unknown, timedOut: boolean): AppError {
    if (timedOut) return this.fail('tooSlow');
    if ((err as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') return this.fail('tooBig');
    console.error('[bounded-worker] thread failed', err);
    return this.fail('failed');
  }

  /** Ends every thread; queued and running tasks fail. */
  async close(): Promise<void> {
    await this.pool.close({ force: true });
  }
}
