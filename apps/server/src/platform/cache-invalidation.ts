import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/client.js';

/**
 * In-process caches that users' changes make stale, each with the topic its writers publish
 * (docs/architecture.md#caches-across-processes). The key names the entry (a list id, a user id,
 * a font id); null means every entry of the topic.
 * - `list-context`: a list's scan context for the short-link redirect (qr-codes), by list id;
 * - `plans`: the plan answers of `ownerFeatureCheck` (subscriptions), by user id or null;
 * - `address-check`: a list's cached address check (address-checks), by list id;
 * - `font-files`: the local copy of a deleted font's file for the render threads (fonts), by font id.
 */
export type CacheTopic = 'list-context' | 'plans' | 'address-check' | 'font-files';
const TOPICS: ReadonlySet<string> = new Set<CacheTopic>(['list-context', 'plans', 'address-check', 'font-files']);

/** What a cache does when told an entry changed: drop `key` (every entry when null). May return a promise; a failure is logged. */
export type InvalidationHandler = (key: string | null) => void | Promise<void>;

/** The PostgreSQL channel every process listens on and notifies. */
export const CACHE_CHANNEL = 'mailcraft_cache';
/** `application_name` of the listening connection (what `pg_stat_activity` shows for it). */
export const LISTENER_NAME = 'mailcraft-cache-listener';
/** Waits before reconnecting the listener: the first after BASE_MS, doubled each failure, at most MAX_MS. */
const RECONNECT = { baseMs: 500, maxMs: 30_000 };

/** This process's mark on its own notifications: they were delivered here already, when sent. */
const ORIGIN = randomUUID();
const handlers = new Map<CacheTopic, Set<InvalidationHandler>>();
const generations = new Map<CacheTopic, number>();
const listeners = new WeakMap<Database, Listener>();

const warn = (message: string) => console.warn(`[caches] ${message}`);
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Registers `handler` for `topic` in this process (a cache registers once, at module load).
 * Handlers run on every invalidation of the topic — made here or in another process sharing the
 * PostgreSQL database — and with key null when the listener reconnects (notifications may have
 * been missed meanwhile). Answers a function that removes the handler.
 */
export function onInvalidate(topic: CacheTopic, handler: InvalidationHandler): () => void {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(handler);
  return () => { set.delete(handler); };
}

/**
 * How many invalidations of `topic` this process has seen. A cache reads it before loading an
 * entry from the database and keeps the entry only when it has not moved meanwhile: a load that
 * began before a change committed elsewhere may have read the old row, and its notification may
 * have arrived while the load ran.
 */
export function cacheGeneration(topic: CacheTopic): number {
  return generations.get(topic) ?? 0;
}

/** Runs the topic's handlers here (their synchronous part at once); settles when their promises do. Never rejects. */
function deliver(topic: CacheTopic, key: string | null): Promise<void> {
  generations.set(topic, cacheGeneration(topic) + 1);
  const pending: Array<Promise<void>> = [];
  for (const handler of handlers.get(topic) ?? []) {
    try {
      const done = handler(key);
      if (done) pending.push(done.catch((err: unknown) => warn(`a handler of ${topic} failed: ${messageOf(err)}`)));
    } catch (err) {
      warn(`a handler of ${topic} failed: ${messageOf(err)}`);
    }
  }
  return Promise.all(pending).then(() => undefined);
}

/** Every cache drops everything (the listener was away: any notification of that time is lost). */
function dropEverything(): void {
  for (const topic of handlers.keys()) void deliver(topic, null);
}

/**
 * Tells every process's caches of `topic` that entry `key` changed (null: every entry): this
 * process's handlers run first (their work awaited), then, on PostgreSQL, `SELECT
 * pg_notify('mailcraft_cache', …)` reaches the others' listeners (`startCacheInvalidation`); the
 * embedded PGlite is one process by design (docs/architecture.md#data-directory-lock), so there
 * it is delivered here only. Call it after the change has committed — a notification sent before
 * lets another process reload the old row — and never inside a transaction. Never rejects: when
 * the notification cannot be sent it logs, and the other processes' entries expire by their own
 * time limits (docs/architecture.md#caches-across-processes).
 */
export async function invalidate(ctx: { database: Database }, topic: CacheTopic, key: string | null): Promise<void> {
  await deliver(topic, key);
  if (ctx.database.kind !== 'postgres') return;
  try {
    await ctx.database.executeSql('SELECT pg_notify($1, $2)', [CACHE_CHANNEL, JSON.stringify({ o: ORIGIN, t: topic, k: key })]);
  } catch (err) {
    warn(`could not tell other processes that ${topic} ${key ?? '(all)'} changed: ${messageOf(err)}`);
  }
}

/** A notification from the channel: delivered unless this process sent it or it is not one of ours. */
function receive(payload: string | undefined): void {
  let message: unknown;
  try {
    message = JSON.parse(payload ?? '');
  } catch {
    return;
  }
  if (typeof message !== 'object' || message === null) return;
  const { o, t, k } = message as Record<string, unknown>;
  if (o === ORIGIN || typeof t !== 'string' || !TOPICS.has(t) || (k !== null && typeof k !== 'string')) return;
  void deliver(t as CacheTopic, k);
}

/**
 * The dedicated `LISTEN mailcraft_cache` connection of one process: reconnects after a loss,
 * waiting `baseMs`, then twice as long each failure, at most `maxMs`; on every connection but
 * the first it drops every cache.
 */
class Listener {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private tried = false;
  private stopped = false;

  constructor(private readonly url: string, private readonly timing: { baseMs: number; maxMs: number }) {}

  /** One attempt to connect and listen; a failure schedules the next. Never rejects. */
  async connect(): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.url, application_name: LISTENER_NAME, keepAlive: true });
    let gone = false;
    const lost = (err?: Error) => {
      if (gone) return;
      gone = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (!this.stopped) this.retry(err?.message ?? 'the connection closed');
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => { if (n.channel === CACHE_CHANNEL) receive(n.payload); });
    const again = this.tried;
    this.tried = true;
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (err) {
      lost(err as Error);
      return;
    }
    if (gone) return;
    if (this.stopped) {
      gone = true;
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    if (again) {
      warn('the invalidation listener is connected again; every cache is dropped, as changes made meanwhile were not heard');
      dropEverything();
    }
  }

  private retry(reason: string): void {
    const delay = Math.min(this.timing.maxMs, this.timing.baseMs * 2 ** this.failures++);
    warn(`the invalidation listener is not connected (${reason}); trying again in ${delay} ms`);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }

  /** Ends the connection and any reconnecting. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

/**
 * Starts this process's listener on `database` (at start-up, `createContext`): on PostgreSQL a
 * connection of its own, outside the pools, runs `LISTEN mailcraft_cache` and hands other
 * processes' invalidations to the handlers (`onInvalidate`); lost, it reconnects with back-off
 * (0.5 s doubling to 30 s) and then drops every cache. It ends when the database closes
 * (`database.onClose`). On the embedded PGlite, and when already started for `database`,
 * nothing. Resolves after the first attempt to connect; a failed one is retried, never thrown.
 * `timing` shortens the waits in tests.
 */
export async function startCacheInvalidation(database: Database, timing = RECONNECT): Promise<void> {
  if (database.kind !== 'postgres' || !database.url || listeners.has(database)) return;
  const listener = new Listener(database.url, timing);
  listeners.set(database, listener);
  database.onClose(() => listener.stop());
  await listener.connect();
}
