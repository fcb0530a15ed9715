import { afterEach, describe, expect, it } from 'vitest';
import { startThread } from './thread-entry.js';
import { ThreadCalls } from './thread-rpc.js';
import type { counterCalls } from '../test/threads/counter-task.js';

let calls: ThreadCalls<typeof counterCalls> | null = null;
const start = () => (calls = new ThreadCalls<typeof counterCalls>(startThread(import.meta.url, '../test/threads/counter-task', {}), 'counter'));

afterEach(async () => {
  await calls?.close();
  calls = null;
});

describe('calls into a thread', () => {
  it('runs calls one at a time in the order made, and answers each with its value', async () => {
    const thread = start();
    const answers = await Promise.all([2, 1, 4, 3].map((n) => thread.call('add', [n])));
    expect(answers).toEqual([2, 3, 7, 10]);
  });

  it('rejects a call with the thread\'s error and goes on answering the next', async () => {
    const thread = start();
    await expect(thread.call('fail', ['no such chunk'])).rejects.toMatchObject({ name: 'RangeError', message: 'no such chunk' });
    await expect(thread.call('add', [5])).resolves.toBe(5);
  });

  it('rejects pending and later calls when the thread dies, naming it', async () => {
    const thread = start();
    const pending = thread.call('add', [2]);
    await expect(thread.call('crash', [])).rejects.toThrow('The counter thread stopped (exit code 3)');
    await expect(pending).resolves.toBe(2);
    await expect(thread.call('add', [1])).rejects.toThrow('The counter thread stopped');
  });
});
