import type { z } from 'zod';
import type { Db } from '../db/client.js';
import type { AppContext } from '../platform/context.js';

/** How a failed job is tried again (pg-boss `retryLimit`, `retryDelay`, `retryBackoff`). */
export type RetryPolicy = {
  /** Further attempts after the first; 0 = never retried. */
  limit: number;
  /** Seconds before the first retry. */
  delaySeconds: number;
  /** Double the delay on every further retry (with jitter, pg-boss). */
  backoff: boolean;
};

/**
 * What a handler learns about the run besides its payload: its job id, and `signal`, aborted when
 * the queue stops — a handler that loops over work of its own (a dispatcher) stops taking more
 * then and returns once what it started has finished.
 */
export type JobRun = { jobId: string; signal: AbortSignal };

/**
 * A typed background job (docs/architecture.md#jobs-and-events; docs/architecture.md#conventions after Documenso: id + zod payload + handler):
 * `queue.send(job, payload)` validates the payload against `payload` before it is stored, and
 * the worker validates it again before `handler` runs, so a handler never sees a cast.
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  /** Queue name, `<domain>.<verb>`, e.g. 'print.render'. */
  id: string;
  payload: S;
  handler: (payload: z.output<S>, ctx: AppContext, run: JobRun) => Promise<void>;
  retry: RetryPolicy;
  /** Jobs of this kind run at once per worker process. */
  concurrency: number;
  /** Seconds an active job may run before pg-boss expires it and retries. */
  expireInSeconds: number;
  /**
   * Jobs one worker takes per poll (default 1), run one after another; one that throws is failed
   * and retried alone. For many small jobs (a scan flood's fan-out): a worker waits for its next
   * poll after each fetch, so one job per fetch would cap the queue at `concurrency` jobs a poll.
   */
  batchSize?: number;
  /**
   * pg-boss queue policy: 'standard' (default), or 'short' — at most one job waiting, a send while
   * one waits is dropped (a wake-up call: the waiting job will see the work either way).
   */
  queuePolicy?: 'standard' | 'short';
  /**
   * For a subscriber of a domain event (docs/architecture.md#jobs-and-events): at publish time, the part of the payloads
   * it would act on — e.g. only the stage changes of lists that have a webhook for them — so a million stage changes
   * nobody listens to enqueue nothing. Reads only the subscriber's own tables and returns payloads its schema accepts
   * (`narrowChanges` keeps them non-empty); the handler still checks everything when it runs.
   */
  narrow?: (payloads: Array<z.output<S>>, db: Db) => Promise<Array<z.output<S>>>;
};

/** Declares a job; `retry`, `concurrency` and `expireInSeconds` default to 3 backed-off retries, 1 and 15 min. */
export function defineJob<S extends z.ZodType>(
  def: Pick<JobDefinition<S>, 'id' | 'payload' | 'handler'> & Partial<Omit<JobDefinition<S>, 'id' | 'payload' | 'handler'>>,
): JobDefinition<S> {
  return {
    retry: { limit: 3, delaySeconds: 5, backoff: true },
    concurrency: 1,
    expireInSeconds: 15 * 60,
    ...def,
  };
}
