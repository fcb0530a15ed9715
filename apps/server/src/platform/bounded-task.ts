import type { MessagePort } from 'node:worker_threads';
import { AppError, type ErrorCode } from './errors.js';

/**
 * The thread side of `BoundedWorkers` (platform/bounded-worker.ts): wraps a parser so it can run
 * in a bounded worker thread. Everything goes back over one MessagePort, in order:
 * `{ started }`, then `{ item }` messages, then `{ end }` or `{ error }` — one port, so the end
 * never overtakes the last item. An `AppError` crosses as its code and message (a structured
 * clone keeps neither its class nor its code); any other error is logged here and crosses as
 * `{ error: null }`, so no library message, stack or file path reaches a user.
 */

/** What the main thread sends a task: its input and the port it answers on. */
export type BoundedTaskCall<I> = { input: I; port: MessagePort };

/** A message of the protocol above. */
export type BoundedTaskMessage<T> =
  | { started: true }
  | { item: T }
  | { end: true }
  | { error: { code: ErrorCode; message: string } | null };

/** ArrayBuffers to move rather than copy: a Uint8Array that owns its whole buffer (pooled Buffers are copied). */
function transfers(value: unknown): ArrayBuffer[] {
  if (!(value instanceof Uint8Array) || value.byteOffset !== 0 || value.byteLength !== value.buffer.byteLength) return [];
  return value.buffer instanceof ArrayBuffer ? [value.buffer] : [];
}

/**
 * A piscina task that runs `produce(input)` and posts what it yields, one message per item, at
 * most as many ahead of the reader as the reader has asked for (the main thread sends credits,
 * a number, as it consumes): a worker never buffers a whole file's rows in the main thread.
 */
export function boundedStream<I, T>(produce: (input: I) => AsyncIterable<T> | Iterable<T>) {
  return async ({ input, port }: BoundedTaskCall<I>): Promise<void> => {
    let credits = 0;
    let wake: (() => void) | null = null;
    port.on('message', (n: number) => {
      credits += n;
      wake?.();
    });
    const send = (message: BoundedTaskMessage<T>, transferList: ArrayBuffer[] = []) => port.postMessage(message, transferList);
    send({ started: true });
    try {
      for await (const item of produce(input)) {
        while (credits <= 0) await new Promise<void>((resolve) => { wake = resolve; });
        credits--;
        send({ item }, transfers(item));
      }
      send({ end: true });
    } catch (err) {
      if (err instanceof AppError) send({ error: { code: err.code, message: err.message } });
      else {
        console.error('[bounded-worker] task failed', err);
        send({ error: null });
      }
    } finally {
      port.close();
    }
  };
}

/** A piscina task that runs `work(input)` once and posts its result (see `boundedStream`). */
export function boundedTask<I, T>(work: (input: I) => Promise<T> | T) {
  return boundedStream<I, T>(async function* (input) {
    yield await work(input);
  });
}
