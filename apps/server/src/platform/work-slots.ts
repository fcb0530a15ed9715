import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { numberValue, rowsOf } from '../db/raw-rows.js';
import { AppError } from './errors.js';

/** This process, as the `holder` of its leases: host, pid and a random tag (a pid is reused after a restart). */
const HOLDER = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
/** How long a lease lasts unless renewed (ms): the slots of a process that died are free after this. */
export const LEASE_MS = 60_000;
/** First and longest pause between two tries of a request waiting in line (ms). */
const FIRST_PAUSE_MS = 50;
const LONGEST_PAUSE_MS = 1_000;

/** What `WorkSlots` bounds: its kind's name in `work_slots`, at most `total` in all and `perUser` per user, `waitMs` in line. */
export type WorkSlotsOptions = {
  /** The slots' name in the `work_slots` table ('list-import', 'effect-preview', …); one per `WorkSlots`. */
  kind: string;
  /** Pieces of work of this kind running at once, in all processes together. */
  total: number;
  /** Pieces of work of this kind running at once for one user, in all processes together. */
  perUser: number;
  /** How long (ms) work waits in line for a slot before it is refused; 0 refuses at once. */
  waitMs: number;
  /** The 429's message when the slots stay busy. */
  busyMessage: string;
  /** The 429's message when it is the user's own slots that are taken (default `busyMessage`). */
  userBusyMessage?: string;
  /** Lease length in ms (default LEASE_MS); renewed every third of it while the work runs. */
  leaseMs?: number;
};

/** A slot taken: `release()` ends the lease (idempotent). */
export type SlotLease = { release(): Promise<void> };

/**
 * Bounds how many pieces of heavy work of one kind run at once (docs/architecture.md#bounded-work-in-threads,
 * docs/decisions/0026-shared-limits-in-postgresql.md): at most `perUser` per user and `total` in all, counted
 * across every process sharing the database — a lease row per running piece in `work_slots`. Work beyond
 * that waits in line up to `waitMs` (tries again with back-off from 50 ms to 1 s, at once when a slot of
 * this process frees), then gets RATE_LIMITED (429) with `busyMessage` (or `userBusyMessage` when the
 * user's own slots are the full ones): a burst from one account queues or is refused instead of taking
 * the server from everyone else. A lease lasts `leaseMs` (60 s) and is renewed every third of it while
 * the work runs, so a process that dies frees its slots within a minute; leases past their end count for
 * nothing. Used for list imports, image-effect previews, address checks and data exports.
 *
 * Taking a slot is one short transaction: an advisory lock per kind (so two processes cannot both take
 * the last slot), then one statement that deletes the kind's expired leases, counts the live ones and
 * inserts the lease when both counts are under their limits.
 */
export class WorkSlots {
  private readonly leaseMs: number;
  /** Requests of this process waiting in line; woken when a slot of this process frees. */
  private readonly wakers = new Set<() => void>();
  /** Releases of this process under way: a try waits for them, so a slot freed just before is seen free. */
  private readonly releasing = new Set<Promise<void>>();

  constructor(private readonly opts: WorkSlotsOptions) {
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
  }

  /** Runs `work` when a slot is free for `userId` (a user's id); releases it when `work` ends. Errors: RATE_LIMITED (429) after `waitMs` in line; whatever `work` throws. */
  async run<T>(db: Db, userId: string, work: () => Promise<T>): Promise<T> {
    const lease = await this.take(db, userId);
    try {
      return await work();
    } finally {
      await lease.release();
    }
  }

  /**
   * Takes a slot for `userId`, waiting in line up to `waitMs`, for work that outlives a function
   * call (a streamed download): the caller must call `release()` when it ends. Errors: RATE_LIMITED (429).
   */
  async take(db: Db, userId: string): Promise<SlotLease> {
    const deadline = Date.now() + this.opts.waitMs;
    let pause = FIRST_PAUSE_MS;
    for (;;) {
      await Promise.all(this.releasing);
      const tried = await this.tryTake(db, userId);
      if (typeof tried !== 'string') return tried;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new AppError('RATE_LIMITED', tried === 'user' ? this.opts.userBusyMessage ?? this.opts.busyMessage : this.opts.busyMessage);
      }
      await this.wait(Math.min(pause, left));
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }

  /** Sleeps `ms`, or less when a slot of this process frees. */
  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }

  /** One try: the lease, or which limit is full ('user' or 'total'). */
  private async tryTake(db: Db, userId: string): Promise<SlotLease | 'user' | 'total'> {
    const { kind, total, perUser } = this.opts;
    const id = randomUUID();
    const leaseMs = this.leaseMs;
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('work_slots'), hashtext(${kind}))`);
      // Data-modifying CTEs see the same snapshot: `live` ignores the expired rows `gone` deletes.
      return rowsOf(await tx.execute(sql`
        WITH gone AS (DELETE FROM work_slots WHERE kind = ${kind} AND expires_at <= now()),
        live AS (SELECT user_id FROM work_slots WHERE kind = ${kind} AND expires_at > now()),
        counts AS (SELECT count(*) AS running, count(*) FILTER (WHERE user_id = ${userId}::uuid) AS mine FROM live),
        taken AS (
          INSERT INTO work_slots (id, kind, user_id, holder, expires_at)
          SELECT ${id}::uuid, ${kind}, ${userId}::uuid, ${HOLDER}, now() + ${leaseMs}::float8 * interval '1 millisecond'
          FROM counts WHERE running < ${total} AND mine < ${perUser}
          RETURNING id
        )
        SELECT (SELECT count(*) FROM taken) AS taken, mine FROM counts`))[0];
    });
    if (numberValue(row.taken) === 0) return numberValue(row.mine) >= perUser ? 'user' : 'total';
    return this.lease(db, id);
  }

  /** The lease `id`: renewed every third of its length until released. */
  private lease(db: Db, id: string): SlotLease {
    const leaseMs = this.leaseMs;
    const renew = setInterval(() => {
      db.execute(sql`UPDATE work_slots SET expires_at = now() + ${leaseMs}::float8 * interval '1 millisecond' WHERE id = ${id}::uuid`)
        .catch((err: Error) => console.warn(`[work-slots] could not renew a ${this.opts.kind} lease: ${err.message}`));
    }, Math.max(1, Math.floor(leaseMs / 3)));
    renew.unref();
    let released: Promise<void> | null = null;
    const release = async () => {
      clearInterval(renew);
      try {
        await db.execute(sql`DELETE FROM work_slots WHERE id = ${id}::uuid`);
      } catch (err) {
        // The lease then ends on its own within leaseMs.
        console.warn(`[work-slots] could not release a ${this.opts.kind} lease: ${(err as Error).message}`);
      } finally {
        this.releasing.delete(released!);
        for (const wake of [...this.wakers]) wake();
      }
    };
    return {
      release: () => {
        if (!released) {
          released = release();
          this.releasing.add(released);
        }
        return released;
      },
    };
  }
}
