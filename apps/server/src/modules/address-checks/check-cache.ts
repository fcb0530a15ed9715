import { LRUCache } from 'lru-cache';

/** One check asked for a list: queued behind the list's earlier checks, then computing. */
type Run<T> = { key: string; computing: boolean; stale: boolean; promise: Promise<T> };
type Entry<T> = { key: string; value: T; size: number; at: number };

/** Bounds of a CheckCache: how many lists, for how long (ms), and how much in all (in `sizeOf` units). */
export type CheckCacheLimits<T> = { maxLists: number; maxAgeMs: number; maxSize: number; sizeOf: (value: T) => number; now?: () => number };

/**
 * The last full check of each list in this process (docs/requirements/address-checks.md#check-cache), and the checks
 * running for it. `run(listId, key, compute)` answers, in this order: the cached result of `key`
 * (the list's fingerprint: anything that changes the answer changes it), the running or queued
 * check of `key` (concurrent requests share one check), or a new check queued behind the list's
 * others — at most one check per list computes at a time, whoever asks. `invalidate(listId)` after
 * an edit of the list's records drops its result, and a check that was already computing (it may
 * have read the records before the edit) is neither cached nor shared afterwards.
 * Bounded: at most `maxLists` lists (least recently used go first), each result at most
 * `maxAgeMs` old, and `maxSize` in all (a larger result is answered but not kept).
 * Process-local: the owner wires `invalidate` to the other processes' edits (address-check.service.ts,
 * docs/architecture.md#caches-across-processes).
 */
export class CheckCache<T> {
  /**
   * Lists' results, least recently used dropped first past `maxLists` or `maxSize` (lru-cache
   * counts each result as at least 1). The age is checked here against `at`, not by lru-cache's
   * `ttl`: it counts from the start of the check, on the injectable clock.
   */
  private readonly entries: LRUCache<string, Entry<T>>;
  /** Each list's checks not finished yet, oldest first (each waits for the one before). */
  private readonly runs = new Map<string, Run<T>[]>();
  private readonly now: () => number;

  constructor(private readonly limits: CheckCacheLimits<T>) {
    this.now = limits.now ?? Date.now;
    this.entries = new LRUCache({ max: limits.maxLists, maxSize: limits.maxSize, sizeCalculation: (entry) => entry.size });
  }

  /** The cached result of `key` for the list, or undefined (another key's or an expired result is dropped). */
  get(listId: string, key: string): T | undefined {
    const entry = this.entries.get(listId);
    if (!entry) return undefined;
    if (entry.key !== key || this.now() - entry.at > this.limits.maxAgeMs) {
      this.entries.delete(listId);
      return undefined;
    }
    return entry.value;
  }

  /** The result of `key` for the list: cached, shared with a check of `key` not yet computing or still valid, or computed (see the class). */
  run(listId: string, key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.get(listId, key);
    if (hit !== undefined) return Promise.resolve(hit);
    const queue = this.runs.get(listId) ?? [];
    const shared = queue.findLast((r) => r.key === key && !r.stale);
    if (shared) return shared.promise;
    const before = queue.at(-1);
    const run: Run<T> = { key, computing: false, stale: false, promise: Promise.resolve(undefined as T) };
    this.runs.set(listId, [...queue, run]);
    run.promise = (async () => {
      try {
        if (before) await before.promise.catch(() => undefined);
        run.computing = true;
        const at = this.now();
        const value = await compute();
        if (!run.stale) this.put(listId, key, value, at);
        return value;
      } finally {
        const left = (this.runs.get(listId) ?? []).filter((r) => r !== run);
        if (left.length > 0) this.runs.set(listId, left);
        else this.runs.delete(listId);
      }
    })();
    return run.promise;
  }

  /** Forgets the list's result, and any check of it computing now (it may have read records from before the edit). */
  invalidate(listId: string): void {
    this.entries.delete(listId);
    for (const run of this.runs.get(listId) ?? []) if (run.computing) run.stale = true;
  }

  /** Forgets every list's result and marks every computing check stale (`invalidate` of every list). */
  clear(): void {
    this.entries.clear();
    for (const runs of this.runs.values()) for (const run of runs) if (run.computing) run.stale = true;
  }

  /** How many lists have a result kept (for tests and logs). */
  get lists(): number {
    return this.entries.size;
  }

  /** Keeps the result (the list's older one dropped; one larger than `maxSize` is not kept), expired ones dropped first. */
  private put(listId: string, key: string, value: T, at: number) {
    this.entries.delete(listId);
    const size = Math.max(1, this.limits.sizeOf(value));
    if (size > this.limits.maxSize) return;
    const now = this.now();
    const expired = [...this.entries.entries()].filter(([, entry]) => now - entry.at > this.limits.maxAgeMs);
    for (const [id] of expired) this.entries.delete(id);
    this.entries.set(listId, { key, value, size, at });
  }
}
