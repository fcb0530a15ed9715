/**
 * Runs `task` for every item, at most `limit` at a time, in order of `items`; resolves when all
 * are done. Once `signal` aborts, no further task starts (running ones finish). `task` should not
 * throw: a throw rejects the whole run, though the other workers go on.
 */
export async function runLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const item = items[next];
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
