import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import type { AppContext } from '../platform/context.js';

/**
 * Thrown inside a tracked run whose row another run has claimed since (docs/architecture.md#tracked-jobs):
 * the run stops quietly — it is neither a failure nor retried, the other run carries on.
 */
export class Superseded extends Error {
  constructor() {
    super('Another run took this job over');
    this.name = 'Superseded';
  }
}

/**
 * What differs between tracked jobs (docs/architecture.md#tracked-jobs): the module's own repository
 * calls on its table of runs and the timings. The tracked job never imports a module's repository.
 */
export type TrackedJobSpec<Row extends { id: string }> = {
  /** Milliseconds between heartbeats of a running run. */
  heartbeatMs: number;
  /** Milliseconds of silence after which a running run is taken to have died with its process. */
  staleMs: number;
  /**
   * Claims row `id` for run `runId` when it is queued, or running with a heartbeat older than
   * `staleBefore` (or none); sets it running and beats. Returns the row, or undefined when it is
   * finished or held by a live run.
   */
  claim: (db: Db, id: string, runId: string, staleBefore: Date) => Promise<Row | undefined>;
  /** Refreshes the heartbeat of row `id` held by `runId`; false when another run holds it. */
  beat: (db: Db, id: string, runId: string) => Promise<boolean>;
  /** Ids of running rows whose heartbeat is older than `staleBefore` (or missing). */
  staleRuns: (db: Db, staleBefore: Date) => Promise<string[]>;
  /** Puts row `id` back to queued, without a run (the next job claims it at once). */
  requeue: (db: Db, id: string) => Promise<unknown>;
  /** Enqueues the job that runs row `id` (the module's `queue.send`). */
  send: (ctx: AppContext, id: string) => Promise<unknown>;
};

/** What a tracked run's work and failure handler learn about the run. */
export type TrackedRun = {
  /** This run's id (a UUID), held in the row while the run owns it. */
  runId: string;
  /** Throws `Superseded` when `stillHeld` is false — pass the result of a write guarded by `runId`. */
  held(stillHeld: boolean): void;
  /**
   * Registers a clean-up that runs once the run ends — done, failed or superseded — after the
   * heartbeat stopped and after the failure handler; clean-ups run last registered first.
   */
  defer(cleanup: () => unknown): void;
};

/** The work of one tracked run and what to record when it throws. */
export type TrackedWork<Row> = {
  /** The work, on the claimed row; it writes through calls guarded by `run.runId` and passes their result to `run.held`. */
  work: (row: Row, run: TrackedRun) => Promise<void>;
  /** Records a failure of `work` (any error but `Superseded`) on the row; its own errors propagate. */
  failed: (err: unknown, row: Row, run: TrackedRun) => Promise<void>;
};

/** One kind of tracked job: its lifecycle, built by `trackedJob`. */
export type TrackedJob<Row> = {
  /** The spec's `staleMs`. */
  staleMs: number;
  /**
   * Claims row `id` with a fresh run id and runs `steps.work` on it while beating every
   * `heartbeatMs`; returns at once when the row cannot be claimed. A `Superseded` thrown by the
   * work ends the run quietly; any other error goes to `steps.failed` and is not rethrown.
   */
  run(ctx: AppContext, id: string, steps: TrackedWork<Row>): Promise<void>;
  /** Puts row `id` back to queued and enqueues its job (a turn handed over, or a stale run taken over). */
  requeue(ctx: AppContext, id: string): Promise<void>;
  /**
   * Requeues every running row silent for `staleMs` (default the spec's) and returns their ids;
   * `staleMs` 0 takes every running row — right only when no other process runs them.
   */
  recover(ctx: AppContext, staleMs?: number): Promise<string[]>;
  /**
   * At a worker's start: on the embedded database (one process) every running row was cut off
   * and is requeued at once; on PostgreSQL other workers may be alive, so only silent ones are.
   * Returns the ids requeued.
   */
  recoverAtStart(ctx: AppContext): Promise<string[]>;
};

/** Runs in progress in this process, each with how to hand its row back to the queue. */
const runsHere = new Map<string, () => Promise<void>>();

/**
 * At shutdown (SIGTERM), after the queue stopped waiting for running jobs: puts the rows of runs
 * still in progress in this process back in the queue, so another worker takes them over at once
 * instead of after their `staleMs` of silence (README "Running at scale"). The runs here end
 * `Superseded` on their next guarded write, if the process lives that long. Returns how many
 * were handed back; errors are logged, not thrown.
 */
export async function releaseTrackedRuns(ctx: AppContext): Promise<number> {
  let released = 0;
  for (const [key, release] of [...runsHere]) {
    runsHere.delete(key);
    await release().then(() => { released++; }, (err: Error) => console.warn(`[jobs] could not hand back ${key}: ${err.message}`));
  }
  if (released > 0) console.info(`[jobs] handed ${released} running job(s) back to the queue for another worker (${ctx.config.role} stopping)`);
  return released;
}

/**
 * Builds the lifecycle of a long job whose progress lives in a row of its module's table
 * (docs/architecture.md#tracked-jobs): claim by run id, heartbeat, `Superseded` when taken over,
 * stale takeover and recovery at start.
 */
export function trackedJob<Row extends { id: string }>(spec: TrackedJobSpec<Row>): TrackedJob<Row> {
  const requeue = async (ctx: AppContext, id: string) => {
    await spec.requeue(ctx.db, id);
    await spec.send(ctx, id);
  };
  const recover = async (ctx: AppContext, staleMs = spec.staleMs) => {
    const ids = await spec.staleRuns(ctx.db, new Date(Date.now() - staleMs));
    for (const id of ids) await requeue(ctx, id);
    return ids;
  };
  return {
    staleMs: spec.staleMs,
    async run(ctx, id, steps) {
      const runId = randomUUID();
      const row = await spec.claim(ctx.db, id, runId, new Date(Date.now() - spec.staleMs));
      if (!row) return;
      const cleanups: Array<() => unknown> = [];
      const run: TrackedRun = {
        runId,
        held(stillHeld) { if (!stillHeld) throw new Superseded(); },
        defer(cleanup) { cleanups.push(cleanup); },
      };
      // A missed beat is not an error: the next guarded write finds out whether the run is still held.
      const beat = setInterval(() => void spec.beat(ctx.db, row.id, runId).catch(() => undefined), spec.heartbeatMs);
      runsHere.set(runId, () => requeue(ctx, row.id));
      try {
        await steps.work(row, run);
      } catch (err) {
        if (err instanceof Superseded) return;
        await steps.failed(err, row, run);
      } finally {
        runsHere.delete(runId);
        clearInterval(beat);
        for (const cleanup of cleanups.reverse()) await cleanup();
      }
    },
    requeue,
    recover,
    recoverAtStart: (ctx) => recover(ctx, ctx.database.kind === 'pglite' ? 0 : spec.staleMs),
  };
}

/** How often a worker looks for tracked runs whose process died (ms). */
export const STALE_WATCH_MS = 10_000;

/**
 * On a worker: every STALE_WATCH_MS runs each of `recoverers` (a tracked job's `recover`, which
 * requeues runs silent past their `staleMs`), so a run whose process was killed is taken over
 * within `staleMs` + STALE_WATCH_MS — well inside a minute (README "Running at scale"). The
 * timer ends when the database closes; a failed look is logged and tried again next time.
 */
export function watchStaleRuns(ctx: AppContext, recoverers: ReadonlyArray<(ctx: AppContext) => Promise<string[]>>): void {
  let looking = false;
  const timer = setInterval(() => {
    if (looking) return;
    looking = true;
    void (async () => {
      for (const recover of recoverers) {
        const ids = await recover(ctx).catch((err: Error) => { console.warn(`[jobs] looking for stopped runs: ${err.message}`); return []; });
        if (ids.length > 0) console.info(`[jobs] took over ${ids.length} run(s) whose process stopped`);
      }
    })().finally(() => { looking = false; });
  }, STALE_WATCH_MS);
  timer.unref();
  ctx.database.onClose(async () => clearInterval(timer));
}
