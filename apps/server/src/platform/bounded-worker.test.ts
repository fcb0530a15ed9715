import { afterAll, describe, expect, it } from 'vitest';
import { BoundedWorkers } from './bounded-worker.js';

const messages = { code: 'UNPROCESSABLE', tooBig: 'This file needs too much memory', tooSlow: 'This file takes too long', failed: 'This file could not be read' } as const;
const tasks = new URL('../test/bounded-worker-tasks.js', import.meta.url);
const workers = new BoundedWorkers(tasks, { heapMb: 64, timeoutMs: 1_500, threads: 2 }, messages);
// Filling a heap takes a while on a busy machine: this pool's time limit is not what it tests.
const roomy = new BoundedWorkers(tasks, { heapMb: 64, timeoutMs: 60_000, threads: 1 }, messages);
afterAll(async () => { await Promise.all([workers.close(), roomy.close()]); });

/** Resolves with how late (ms) a 20 ms timer fires on this thread while `work` runs: the event loop stays free. */
async function timerLateness(work: Promise<unknown>): Promise<number[]> {
  const late: number[] = [];
  let running = true;
  void work.finally(() => { running = false; }).catch(() => undefined);
  while (running) {
    const start = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    late.push(Date.now() - start - 20);
  }
  return late;
}

describe('bounded worker threads', () => {
  it('answers results, streams items and carries an AppError across as itself', async () => {
    expect(await workers.run('echo', { a: [1, 'x'] })).toEqual({ a: [1, 'x'] });
    const items: number[] = [];
    for await (const n of workers.stream<number>('count', 5)) items.push(n);
    expect(items).toEqual([0, 1, 2, 3, 4]);
    await expect(workers.run('refuse', null)).rejects.toMatchObject({ name: 'AppError', code: 'UNPROCESSABLE', message: 'This file is not acceptable' });
  });

  it('never passes on a library message (with its file path): the caller gets its own sentence', async () => {
    const err = await workers.run('crash', null).catch((e: unknown) => e as Error);
    expect(err).toMatchObject({ code: 'UNPROCESSABLE', message: messages.failed });
    expect(String((err as Error).message)).not.toContain('/tmp');
  });

  it('ends a task past its time and one past its heap; the event loop stays free and the pool keeps working', async () => {
    const spinning = workers.run('spin', null);
    const lateness = await timerLateness(spinning);
    await expect(spinning).rejects.toMatchObject({ code: 'UNPROCESSABLE', message: messages.tooSlow });
    expect(Math.max(...lateness)).toBeLessThan(500);

    const hogging = roomy.run('hog', null);
    const hogLateness = await timerLateness(hogging);
    await expect(hogging).rejects.toMatchObject({ code: 'UNPROCESSABLE', message: messages.tooBig });
    expect(Math.max(...hogLateness)).toBeLessThan(500);

    expect(await workers.run('echo', 'still here')).toBe('still here');
    expect(await roomy.run('echo', 'replaced')).toBe('replaced');
  });

  it('ends the thread\'s work when the reader stops early', async () => {
    for await (const n of workers.stream<number>('count', 1_000_000)) if (n === 3) break;
    expect(await workers.run('echo', 'free again')).toBe('free again');
  });
});
