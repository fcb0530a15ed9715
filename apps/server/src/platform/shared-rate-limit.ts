import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client.js';
import { groupCommit } from './group-commit.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Requests of one key a process lets through in a window before it counts them in the database
     * (`sharedRateLimitStore`; default 0: every request counted). For hot routes only: across N
     * processes the limit may be passed by up to (N − 1) × this many.
     */
    rateLimitLocalAllowance?: number;
  }
}

/** Requests counted per statement at most. */
const MAX_BATCH = 512;
/** How often a process deletes counters whose window ended over a minute ago. */
const PURGE_EVERY_MS = 5 * 60_000;
/** Keys a process remembers (as over their limit, or counted locally so far), each until its window ends. */
const MAX_KEYS = 50_000;

/** A request's count: the requests of its key in the window so far, this one included, and the ms the window still runs. */
type Count = { current: number; ttl: number };
/** Requests waiting for their batch; `n` > 1 carries requests let through before counting began. */
/** One request to count: its key, how many it counts for, its route's window (ms). */
type Pending = { key: string; n: number; windowMs: number };
/** A key counted in this process: requests in its window, when the window ends, whether the database counts it now. */
type Local = { count: number; until: number; counted: boolean };

/**
 * Counts a batch: one row per key, a new window (count from zero, ending `w` ms from the database's
 * clock) once the old one is over. Keys in order, so two processes' batches lock rows in the same order.
 */
const COUNT_SQL = `
INSERT INTO rate_limits AS r (key, count, expires_at)
SELECT h.key, h.n, now() + h.w * interval '1 millisecond'
FROM jsonb_to_recordset($1::jsonb) AS h(key text, n integer, w double precision)
ORDER BY h.key
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN r.expires_at <= now() THEN excluded.count ELSE r.count + excluded.count END,
  expires_at = CASE WHEN r.expires_at <= now() THEN excluded.expires_at ELSE r.expires_at END
RETURNING r.key, r.count, greatest(0, ceil(extract(epoch FROM r.expires_at - now()) * 1000))::integer AS ttl_ms`;

/**
 * A `@fastify/rate-limit` store whose counters live in the `rate_limits` table, so a route's limit
 * holds across every process sharing the database (docs/architecture.md#security-baseline,
 * docs/decisions/0026-shared-limits-in-postgresql.md): 30 sign-ins a minute from one address are 30
 * whether they reach one web process or two. Fixed windows as the plugin's own in-memory store: a
 * window of `timeWindow` ms starts at a key's first request (on the database's clock); within it the
 * requests are counted and past `max` refused.
 *
 * Cost: at most one small statement per request, and far fewer under load — requests that arrive
 * while a batch is being counted go into the next batch (group commit; one upsert per batch, up to
 * MAX_BATCH requests, 2 batches at once on PostgreSQL, 1 on the embedded PGlite). Each request waits
 * for its own batch, so its count includes every process's requests counted before it. A key found
 * over its limit is remembered in this process until its window ends and refused from memory, so a
 * flood from one address costs the database nothing more.
 *
 * A hot route may set `config.rateLimitLocalAllowance` (the short links: a tenth of SCAN_RATE_LIMIT):
 * a process then lets the first that many requests of a key in a window through on its own count,
 * and from the next one on counts in the database, the ones it let through included. A phone
 * scanning a few codes costs no statement; the limit is exact within one process and may be passed
 * by at most (N − 1) × the allowance across N processes.
 *
 * Keys are namespaced per route ('{METHOD} {url}|{key}', HEAD counted with GET), as the plugin's
 * in-memory store keeps one counter set per route; at most MAX_KEYS keys are remembered per process.
 * `continueExceeding` and `exponentialBackoff` are not supported (no route uses them). A failed
 * statement fails the request (the plugin's `skipOnError` is off): the route needs the same database anyway.
 */
export function sharedRateLimitStore(database: Pick<Database, 'kind' | 'executePrepared'>): FastifyRateLimitStoreCtor {
  const maxInFlight = database.kind === 'postgres' ? 2 : 1;
  const blocked = new LRUCache<string, number>({ max: MAX_KEYS });
  const local = new LRUCache<string, Local>({ max: MAX_KEYS });
  let lastPurge = Date.now();

  async function countBatch(batch: Pending[]): Promise<Count[]> {
    const perKey = new Map<string, { n: number; w: number }>();
    for (const h of batch) {
      const k = perKey.get(h.key);
      if (k) k.n += h.n;
      else perKey.set(h.key, { n: h.n, w: h.windowMs });
    }
    const { rows } = await database.executePrepared('rate-limit-count', COUNT_SQL, [
      JSON.stringify([...perKey].map(([key, { n, w }]) => ({ key, n, w }))),
    ]);
    const after = new Map(rows.map((r) => [String(r.key), { count: Number(r.count), ttl: Number(r.ttl_ms) }]));
    // The batch's requests of one key take the count up to the total, in the order they came.
    const before = new Map([...perKey].map(([key, { n }]) => [key, after.get(key)!.count - n]));
    const counts = batch.map((h) => {
      const current = before.get(h.key)! + h.n;
      before.set(h.key, current);
      return { current, ttl: after.get(h.key)!.ttl };
    });
    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now();
      database.executePrepared('rate-limit-purge', `DELETE FROM rate_limits WHERE expires_at < now() - interval '1 minute'`, [])
        .catch((err: Error) => console.warn(`[rate-limit] could not delete old counters: ${err.message}`));
    }
    return counts;
  }

  const count = groupCommit<Pending, Count>({ maxBatch: MAX_BATCH, maxInFlight, write: countBatch });
  const countKey = (key: string, n: number, windowMs: number): Promise<Count> => count({ key, n, windowMs });

  /** The store of one route (or of the plugin itself: namespace '', no allowance). */
  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(_params?: unknown, private readonly namespace = '', private readonly allowance = 0) {}

    incr(key: string, cb: (err: Error | null, res?: Count) => void, timeWindow: number, max: number): void {
      const full = `${this.namespace}|${key}`;
      const now = Date.now();
      const until = blocked.get(full);
      if (until !== undefined && until > now) return cb(null, { current: max + 1, ttl: until - now });
      let n = 1;
      let mine: Local | undefined;
      if (this.allowance > 0) {
        mine = local.get(full);
        if (!mine || mine.until <= now) local.set(full, (mine = { count: 0, until: now + timeWindow, counted: false }));
        mine.count++;
        if (!mine.counted && mine.count <= this.allowance) return cb(null, { current: mine.count, ttl: mine.until - now });
        // The first request counted brings the ones this process let through with it.
        n = mine.counted ? 1 : mine.count;
        mine.counted = true;
      }
      countKey(full, n, timeWindow).then((res) => {
        if (mine) mine.until = Date.now() + res.ttl; // the database's window from now on
        if (res.current > max) blocked.set(full, Date.now() + res.ttl);
        cb(null, res);
      }, (err: Error) => cb(err));
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string; config?: { rateLimitLocalAllowance?: number } } }).routeInfo ?? {};
      const methods = [route.method ?? ''].flat().map((m) => (m === 'HEAD' ? 'GET' : m));
      return new SharedRateLimitStore(undefined, `${[...new Set(methods)].join(',')} ${route.url ?? ''}`, Math.max(0, Math.floor(route.config?.rateLimitLocalAllowance ?? 0)));
    }
  }
  return SharedRateLimitStore;
}
