import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import type { AppContext } from '../platform/context.js';
import type { JobDefinition } from './job.js';
import { asActivity } from '../platform/runtime-activity.js';
import { isStatementTimeout, jobTimeoutError } from '../db/statement-timeouts.js';

/** Options of one `send`: a later start, a singleton key (one queued job per key), a longer expiry. */
export type SendOptions = { startAfterSeconds?: number; singletonKey?: string; expireInSeconds?: number };

/**
 * The job queue (docs/architecture.md#jobs-and-events): pg-boss 10 in the app's own database — through the
 * `executeSql` adapter on PGlite. Jobs survive restarts; a failed job is retried by its
 * definition's policy.
 */
export type JobQueue = {
  /** Validates `payload` (zod; throws ZodError) and enqueues the job; returns its id. */
  send<S extends z.ZodType>(job: JobDefinition<S>, payload: z.input<S>, opts?: SendOptions): Promise<string | null>;
  /**
   * Validates and enqueues one job per payload in a single insert (a batch of scans fans out this
   * way). Each job gets the definition's retry policy. With `parsed` the payloads are the output of
   * `job.payload` already (the event bus parsed them with the same schema) and are not validated again.
   */
  sendMany<S extends z.ZodType>(job: JobDefinition<S>, payloads: Array<z.input<S>>, opts?: { parsed?: boolean }): Promise<void>;
  /** Runs `job` in this process (worker and all roles) with its concurrency. */
  work<S extends z.ZodType>(job: JobDefinition<S>, ctx: AppContext): Promise<void>;
  /**
   * Runs `job` with `payload` on a cron schedule (5 fields, e.g. '*\/15 * * * *') in time zone
   * `tz` (IANA, default UTC). pg-boss keeps one schedule per queue; calling again replaces it.
   */
  schedule<S extends z.ZodType>(job: JobDefinition<S>, cron: string, payload: z.input<S>, tz?: string): Promise<void>;
  /** Removes the cron schedule of the job named `id` if a database still holds one (a schedule an older version set). */
  unschedule(id: string): Promise<void>;
  /**
   * Stops fetching jobs in this process (running ones go on) while the queue stays usable for
   * sending — the first step of a shutdown, before tracked runs are handed back (`releaseTrackedRuns`).
   */
  pauseWork(): Promise<void>;
  /** Stops taking jobs and waits up to `timeoutMs` (default 10 s) for running ones to finish. */
  stop(timeoutMs?: number): Promise<void>;
};

/** Starts pg-boss on `database`; `pollSeconds` is how often idle workers look for jobs (default 1 s). */
export async function startQueue(database: Database, opts: { pollSeconds?: number } = {}): Promise<JobQueue> {
  const boss = new PgBoss(
    database.kind === 'postgres'
      ? { connectionString: database.url!, max: 4 }
      : { db: { executeSql: (text, values) => database.executeSql(text, values) }, supervise: true },
  );
  boss.on('error', (err) => console.error('[jobs]', err.message));
  await boss.start();

  const created = new Set<string>();
  // Aborted by stop(): handlers that loop over work of their own see it in JobRun.signal.
  const stopping = new AbortController();
  /** Handlers of fetched jobs running now (`stop` waits for them). */
  let handling = 0;
  /** The queues this process works (for `pauseWork`). */
  const worked = new Set<string>();
  const ensure = async (job: JobDefinition) => {
    if (created.has(job.id)) return;
    const policy = {
      retryLimit: job.retry.limit, retryDelay: job.retry.delaySeconds, retryBackoff: job.retry.backoff,
      expireInSeconds: job.expireInSeconds, policy: job.queuePolicy ?? 'standard',
    };
    // createQueue keeps an existing queue's policy: update it so a changed definition applies.
    await boss.createQueue(job.id, { name: job.id, ...policy });
    await boss.updateQueue(job.id, { name: job.id, ...policy });
    created.add(job.id);
  };

  return {
    async send(job, payload, sendOpts = {}) {
      const data = job.payload.parse(payload) as object;
      await ensure(job);
      return boss.send(job.id, data, {
        ...(sendOpts.startAfterSeconds ? { startAfter: sendOpts.startAfterSeconds } : {}),
        ...(sendOpts.singletonKey ? { singletonKey: sendOpts.singletonKey } : {}),
        ...(sendOpts.expireInSeconds ? { expireInSeconds: sendOpts.expireInSeconds } : {}),
      });
    },
    async sendMany(job, payloads, opts = {}) {
      if (payloads.length === 0) return;
      const jobs = payloads.map((p) => ({
        name: job.id, data: (opts.parsed ? p : job.payload.parse(p)) as object,
        retryLimit: job.retry.limit, retryDelay: job.retry.delaySeconds, retryBackoff: job.retry.backoff,
        expireInSeconds: job.expireInSeconds,
      }));
      await ensure(job);
      await boss.insert(jobs);
    },
    async work(job, ctx) {
      await ensure(job);
      worked.add(job.id);
      /** Runs the jobs of one fetch; a job fetched alone fails through pg-boss, in a batch only the one that threw. */
      const runFetched = async (pgJobs: Array<{ id: string; data: unknown }>) => {
        for (const pgJob of pgJobs) {
          try {
            await asActivity(`job ${job.id}`, () => job.handler(job.payload.parse(pgJob.data), ctx, { jobId: pgJob.id, signal: stopping.signal }))
              .catch((err: unknown) => { throw isStatementTimeout(err) ? jobTimeoutError(job.id, err) : err; });
          } catch (err) {
            if (pgJobs.length === 1) throw err;
            await boss.fail(job.id, pgJob.id, { message: err instanceof Error ? err.message : String(err) });
          }
        }
      };
      for (let i = 0; i < Math.max(1, job.concurrency); i++) {
        await boss.work(job.id, { pollingIntervalSeconds: opts.pollSeconds ?? 1, batchSize: job.batchSize ?? 1 }, async (pgJobs) => {
          handling++;
          try {
            await runFetched(pgJobs);
          } finally {
            handling--;
          }
        });
      }
    },
    async schedule(job, cron, payload, tz = 'UTC') {
      await ensure(job);
      await boss.schedule(job.id, cron, job.payload.parse(payload) as object, { tz });
    },
    async unschedule(id) {
      await boss.unschedule(id);
    },
    async pauseWork() {
      stopping.abort();
      for (const id of worked) await boss.offWork(id);
    },
    async stop(timeoutMs = 10_000) {
      stopping.abort();
      const deadline = Date.now() + timeoutMs;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      // pg-boss counts a job as running only once its fetch has returned: one fetched while it was
      // stopping starts after its stop resolved. Wait until no handler has run for three looks in a row,
      // so none outlives the queue (and meets a closed database).
      let quiet = 0;
      while (quiet < 3 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        quiet = handling === 0 ? quiet + 1 : 0;
      }
    },
  };
}
