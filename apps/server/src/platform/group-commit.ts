/**
 * Group commit, as the short-link scan recorder and the shared rate-limit store write: items that arrive while earlier batches are being written wait for the
 * next batch, so under load one statement serves many requests, and each caller is answered only
 * once its own batch is done.
 *
 * `write(items)` writes one batch of at most `maxBatch` items and resolves with one result per item,
 * in order; at most `maxInFlight` batches run at once (several on PostgreSQL, whose connections work
 * in parallel; one on the embedded database). A batch whose write rejects rejects each of its
 * callers with that error. Returns `add(item)`, which resolves with the item's result.
 */
export function groupCommit<I, O>(opts: { maxBatch: number; maxInFlight: number; write: (items: I[]) => Promise<O[]> }): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  function pump() {
    scheduled = false;
    while (queue.length && inFlight < opts.maxInFlight) {
      const batch = queue.slice(0, opts.maxBatch);
      queue = queue.slice(batch.length);
      inFlight++;
      opts.write(batch.map((w) => w.item))
        .then((results) => batch.forEach((w, i) => w.resolve(results[i])), (err: unknown) => batch.forEach((w) => w.reject(err)))
        .finally(() => {
          inFlight--;
          if (queue.length && !scheduled) { scheduled = true; setImmediate(pump); }
        });
    }
  }

  return (item) => new Promise<O>((resolve, reject) => {
    queue.push({ item, resolve, reject });
    if (!scheduled && inFlight < opts.maxInFlight) { scheduled = true; setImmediate(pump); }
  });
}
