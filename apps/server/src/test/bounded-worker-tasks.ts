import { boundedStream, boundedTask } from '../platform/bounded-task.js';
import { AppError } from '../platform/errors.js';

/**
 * Tasks for platform/bounded-worker.test.ts, loaded by its threads: well-behaved ones, one that
 * never ends, one that eats its heap, and ones that fail.
 */

/** Answers its input. */
export const echo = boundedTask((input: unknown) => input);

/** Yields 0 … n − 1, one item each. */
export const count = boundedStream(function* (n: number) {
  for (let i = 0; i < n; i++) yield i;
});

/** Refuses with an AppError, as a parser refusing a file does. */
export const refuse = boundedTask(() => {
  throw new AppError('UNPROCESSABLE', 'This file is not acceptable');
});

/** Fails as a library choking on hostile input might: a message with a file path in it. */
export const crash = boundedTask(() => {
  throw new Error('ENOENT: no such file, open /tmp/mc-secret-1234/chunk-0.pdf');
});

/** Never ends: a parser caught in a loop. */
export const spin = boundedTask(() => {
  for (;;) { /* busy */ }
});

/** Allocates until the thread's heap is full (8 MB arrays of numbers, kept). */
export const hog = boundedTask(() => {
  const kept: number[][] = [];
  for (;;) kept.push(new Array<number>(1_000_000).fill(kept.length + 0.5));
});
