import type { Database } from './db/client.js';
import { createEventBus } from './jobs/events.js';
import { startQueue } from './jobs/queue.js';
import type { Config } from './platform/config.js';
import type { AppContext } from './platform/context.js';
import { startCacheInvalidation } from './platform/cache-invalidation.js';
import { createMailer } from './platform/mailer.js';
import { StallWatchdog } from './platform/stall-watchdog.js';
import { openStorage } from './platform/storage-open.js';
import { seedFonts } from './modules/fonts/fonts.service.js';
import { seedSampleTemplates } from './modules/sample-templates/seed-sample-templates.js';
import { eventSubscriptions, jobDefinitions, jobSchedules, retiredSchedules, workerStartTasks } from './modules/index.js';

/**
 * The running app's context on an open, migrated database: storage (`openStorage`: the local
 * directory or the S3 bucket of `config.storage`), the job queue, the event
 * bus with every module's subscriptions and the mailer; the default fonts and the built-in sample templates seeded. `pollSeconds`: how often idle
 * job workers poll (default 1 s). On PostgreSQL it also starts the cache-invalidation listener
 * (`startCacheInvalidation`, ended by `database.close()`), so this process's caches hear other processes' changes.
 */
export async function createContext(config: Config, database: Database, opts: { pollSeconds?: number } = {}): Promise<AppContext> {
  await startCacheInvalidation(database);
  const queue = await startQueue(database, { pollSeconds: opts.pollSeconds });
  const ctx: AppContext = {
    config, database, db: database.db, storage: await openStorage(config.storage), queue,
    events: createEventBus(queue, eventSubscriptions, database.db),
    mailer: await createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db }),
    watchdog: new StallWatchdog(undefined, database.embedded ? () => database.embedded!.status() : null).start(),
  };
  await seedFonts(ctx);
  await seedSampleTemplates(ctx);
  return ctx;
}

/**
 * Makes this process a worker (roles worker and all): runs every job definition, sets the cron
 * schedules, then the modules' start-up tasks (e.g. requeueing interrupted print jobs).
 */
export async function startWorkers(ctx: AppContext): Promise<void> {
  // Jobs query through the job pool: on PostgreSQL their statements may run longer than a request's.
  const jobCtx: AppContext = { ...ctx, db: ctx.database.jobDb };
  for (const job of jobDefinitions) await ctx.queue.work(job, jobCtx);
  for (const { job, cron, payload, tz } of jobSchedules) await ctx.queue.schedule(job, cron, payload, tz);
  for (const id of retiredSchedules) await ctx.queue.unschedule(id);
  for (const task of workerStartTasks) await task(jobCtx);
}
