import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

/**
 * Background job queue on pg-boss 10 in the app's own database (DESIGN.md "jobs"). On PGlite it
 * runs through the `executeSql` adapter. Jobs survive restarts: a job left active by a crash
 * expires and is retried.
 */
export type JobHandler<T> = (data: T, jobId: string) => Promise<void>;

export type JobQueue = {
  /** Enqueues a job; returns the pg-boss job id. */
  send<T extends object>(name: string, data: T, opts?: PgBoss.SendOptions): Promise<string | null>;
  /** Registers a handler (only in worker or all roles). One job at a time per handler. */
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  stop(): Promise<void>;
};

export async function startQueue(database: Database, opts: { pollSeconds?: number } = {}): Promise<JobQueue> {
  const boss = new PgBoss(
    database.kind === 'postgres'
      ? { connectionString: database.url!, max: 4 }
      : { db: { executeSql: (text, values) => database.executeSql(text, values) }, supervise: true },
  );
  boss.on('error', (err) => console.error('[jobs]', err.message));
  await boss.start();
  const created = new Set<string>();
  const ensure = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  };
  return {
    async send(name, data, sendOpts) {
      await ensure(name);
      return boss.send(name, data, { retryLimit: 3, retryBackoff: true, expireInSeconds: 3600, ...sendOpts });
    },
    async work(name, handler) {
      await ensure(name);
      await boss.work<object>(name, { pollingIntervalSeconds: opts.pollSeconds ?? 1, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never, job.id);
      });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
