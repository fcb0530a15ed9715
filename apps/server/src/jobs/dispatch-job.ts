import { z } from 'zod';
import type { AppContext } from '../platform/context.js';
import { createFairDispatcher, type AttemptSource, type FairDispatcher } from './fair-dispatcher.js';
import { defineJob, type JobDefinition } from './job.js';

/**
 * The typed job `id` that drains one table of deliveries (docs/architecture.md#fair-delivery-dispatchers), and how to
 * start it; `name` labels its log lines. `source(ctx)` builds the table's `AttemptSource` once per app context (tests run several
 * apps in one process). The job runs this process's dispatcher as long as deliveries are due soon and
 * queues itself again when a run spent its budget; `start(ctx)` wakes the dispatcher when it runs here,
 * else queues a run for any worker (at most one waits). A minute schedule (modules/index.ts) picks up
 * retries due later.
 */
export function dispatchJob<A>(id: string, name: string, source: (ctx: AppContext) => AttemptSource<A>): {
  job: JobDefinition<z.ZodObject<Record<string, never>>>;
  start(ctx: AppContext): Promise<void>;
} {
  const dispatchers = new WeakMap<AppContext, FairDispatcher>();
  const dispatcherOf = (ctx: AppContext): FairDispatcher => {
    let dispatcher = dispatchers.get(ctx);
    if (!dispatcher) dispatchers.set(ctx, (dispatcher = createFairDispatcher(name, source(ctx))));
    return dispatcher;
  };
  const job = defineJob({
    id,
    payload: z.object({}),
    queuePolicy: 'short',
    retry: { limit: 2, delaySeconds: 5, backoff: true },
    expireInSeconds: 15 * 60,
    handler: async (_payload, ctx, run) => {
      if ((await dispatcherOf(ctx).run(run.signal)) === 'budget') await ctx.queue.send(job, {});
    },
  });
  return {
    job,
    start: async (ctx) => {
      if (!dispatchers.get(ctx)?.wake()) await ctx.queue.send(job, {});
    },
  };
}
