import os from 'node:os';
import pLimit from 'p-limit';

/** What one look at the owners with pending attempts found. */
export type DueOwners = {
  /** Owners with an attempt due now, in the order visited. */
  due: string[];
  /** Milliseconds until the next attempt of a visited owner with none due now; null when none waits. */
  nextDueMs: number | null;
  /** The last owner visited when the look stopped at its limit (more owners follow), else null. */
  continueAfter: string | null;
};

/**
 * A table of delivery attempts, each owned by a customer and due at a time, that a dispatcher
 * drains (a module implements it over its repository; see `fair-claim.ts` for the statements).
 */
export type AttemptSource<A> = {
  /** Owners with pending attempts after `after` (null: from the first), in owner order, at most `limit`. */
  dueOwners(after: string | null, limit: number): Promise<DueOwners>;
  /**
   * Leases up to `limit` due attempts of `owners` for `leaseSeconds`, round-robin between them and
   * none of an owner with `perOwner` attempts out already. Returns them in that order.
   */
  claim(owners: string[], limit: number, perOwner: number, leaseSeconds: number): Promise<A[]>;
  /** The owner of a claimed attempt. */
  ownerOf(attempt: A): string;
  /** Makes a claimed attempt and records its outcome: success, the next attempt's due time, or failure. */
  attempt(attempt: A): Promise<void>;
};

/** How a dispatcher paces itself. */
export type DispatchLimits = {
  /** Attempts out at once in this process. */
  concurrency: number;
  /** Attempts of one owner out at once, in all processes. */
  perOwner: number;
  /** Seconds an attempt is leased: one not finished by then (its process died) is taken over. */
  leaseSeconds: number;
  /** Milliseconds between looks for due attempts while a run waits (work from other processes). */
  pollMs: number;
  /** A run ends when no attempt is out and none is due within this many milliseconds. */
  horizonMs: number;
  /** Milliseconds after which a run hands over to a fresh job (pg-boss expires a job that runs too long). */
  budgetMs: number;
  /** Owners visited per look. */
  maxOwners: number;
};

/**
 * Limits sized to this machine: an attempt mostly waits on the network (at most the 15 s webhook
 * time-out) and costs a few statements and an HMAC, so 8 attempts per core, 8 to 64 in all; one
 * owner gets a quarter of them (at least 2), so a flood from one customer — or a slow endpoint —
 * leaves three quarters to the others. The lease outlasts the 15 s webhook and SMTP time-outs with
 * room for slow steps and the records. `horizonMs` outlasts the minute between scheduled runs, so
 * a retry due later is picked up on time.
 */
export function deliveryLimits(cores = os.availableParallelism()): DispatchLimits {
  const concurrency = Math.min(64, Math.max(8, 8 * cores));
  return {
    concurrency, perOwner: Math.max(2, Math.floor(concurrency / 4)), leaseSeconds: 90, pollMs: 500,
    horizonMs: 65_000, budgetMs: 5 * 60_000, maxOwners: 500,
  };
}

/** How a run ended: nothing left to do soon, its budget spent (start another), or the queue stopped. */
export type RunEnd = 'idle' | 'budget' | 'stopped';

/** Drains an `AttemptSource` fairly between owners (see `createFairDispatcher`). */
export type FairDispatcher = {
  /**
   * Claims and makes due attempts until none is out and none is due within `horizonMs`, the
   * budget is spent, or `signal` aborts — then waits for the attempts it has out. Runs of one
   * dispatcher take turns. Throws when the database fails (attempts already out carry on).
   */
  run(signal: AbortSignal): Promise<RunEnd>;
  /**
   * Tells the running run that attempts may be due now (new deliveries in this process); false
   * when none runs here — then a run has to be started.
   */
  wake(): boolean;
};

/**
 * A fair dispatcher in the manner of per-endpoint delivery queues (Svix, Hookdeck): the table is the
 * queue; each look visits the owners round-robin from where the last one stopped, claims their
 * earliest due attempts one owner at a time, never more than `perOwner` out per owner, and keeps up
 * to `concurrency` attempts out, claiming again as each one ends — so one customer's backlog, or
 * a slow endpoint, takes at most its share and others' attempts start within a look.
 */
export function createFairDispatcher<A>(name: string, source: AttemptSource<A>, limits: DispatchLimits = deliveryLimits()): FairDispatcher {
  const out = new Set<Promise<void>>();
  let cursor: string | null = null;
  let active = false;
  let woken = false;
  let onWake: (() => void) | null = null;
  /** Runs take turns, one at a time (a failed run hands over too). */
  const turns = pLimit(1);

  const wake = () => {
    woken = true;
    onWake?.();
    return active;
  };

  /** Waits `ms`, or until woken or aborted. */
  const pause = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
    if (woken || signal.aborted) { woken = false; resolve(); return; }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      onWake = null;
      woken = false;
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    onWake = done;
  });

  /**
   * The attempts out are counted here, not queued behind a p-limit: each look claims (leases) only
   * as many as are free, so a claimed attempt never waits in this process while its lease runs.
   */
  const start = (attempt: A) => {
    const running: Promise<void> = source.attempt(attempt)
      .catch((err: unknown) => console.error(`[${name}] an attempt could not be recorded:`, err instanceof Error ? err.message : err))
      .finally(() => {
        out.delete(running);
        wake();
      });
    out.add(running);
  };

  /**
   * One look: claims up to `free` attempts from the owners after the cursor — and, when the walk
   * reaches the last owner, from the first ones again (`wrapped`). `unvisited`: owners were left
   * for the next look (more than `maxOwners` have pending attempts).
   */
  const claimRound = async (free: number) => {
    const first = await source.dueOwners(cursor, limits.maxOwners);
    const owners = [...first.due];
    let { nextDueMs, continueAfter } = first;
    const wrapped = continueAfter === null && cursor !== null;
    if (wrapped) {
      const again = await source.dueOwners(null, limits.maxOwners);
      owners.push(...again.due.filter((o) => !owners.includes(o)));
      nextDueMs = minOf(nextDueMs, again.nextDueMs);
      continueAfter = again.continueAfter;
    }
    const claimed = owners.length ? await source.claim(owners, free, limits.perOwner, limits.leaseSeconds) : [];
    // The next look starts after the last owner served (or visited), so every owner gets its turn.
    const served = Math.max(-1, ...claimed.map((a) => owners.indexOf(source.ownerOf(a))));
    cursor = served >= 0 ? owners[served] : continueAfter;
    claimed.forEach(start);
    return { claimed: claimed.length, nextDueMs, unvisited: continueAfter !== null, wrapped };
  };

  const loop = async (signal: AbortSignal): Promise<RunEnd> => {
    const started = Date.now();
    active = true;
    try {
      while (!signal.aborted) {
        if (Date.now() - started >= limits.budgetMs) return 'budget';
        const free = limits.concurrency - out.size;
        if (free === 0) {
          await pause(limits.pollMs, signal);
          continue;
        }
        const look = await claimRound(free);
        // All slots filled: more may be due at once. Owners left unvisited: walk on to them.
        if (look.claimed === free || (look.unvisited && !look.wrapped)) continue;
        const soon = look.nextDueMs !== null && look.nextDueMs <= limits.horizonMs;
        if (out.size === 0 && look.claimed === 0 && !look.unvisited && !soon) {
          // Woken during the look: its work may have come after the look read the table.
          if (!woken) return 'idle';
          woken = false;
          continue;
        }
        await pause(Math.min(limits.pollMs, look.nextDueMs ?? limits.pollMs), signal);
      }
      await Promise.allSettled([...out]);
      return 'stopped';
    } finally {
      active = false;
    }
  };

  return {
    run: (signal) => turns(() => loop(signal)),
    wake,
  };
}

const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
