import { serveCalls } from '../../platform/thread-rpc.js';

let total = 0;

/** A thread for the thread-rpc tests: a running total, a failing call and a crash. */
export const counterCalls = {
  add: async (n: number) => {
    await new Promise((resolve) => setTimeout(resolve, n % 2 === 0 ? 20 : 0)); // slower calls must not be overtaken
    total += n;
    return total;
  },
  fail: (message: string) => {
    throw new RangeError(message);
  },
  crash: () => process.exit(3),
};

serveCalls(counterCalls);
