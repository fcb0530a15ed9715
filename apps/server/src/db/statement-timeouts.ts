/**
 * How long one SQL statement may run on PostgreSQL before the server cancels it
 * (`statement_timeout`): a request's statements get REQUEST_STATEMENT_TIMEOUT_S, a background
 * job's JOB_STATEMENT_TIMEOUT_S. A cancelled statement fails its request with a 503 and a sentence,
 * and its job with a clear error that pg-boss retries — never a silent hang. (On the embedded
 * database a timeout cannot interrupt PGlite's WASM; its own thread is what keeps the server answering.)
 */
export const REQUEST_STATEMENT_TIMEOUT_S = 20;
export const JOB_STATEMENT_TIMEOUT_S = 60;

/** PostgreSQL's SQLSTATE for a statement cancelled by `statement_timeout` (or a cancel request). */
const QUERY_CANCELED = '57014';

/** The message a user sees when a request's statement was cancelled. */
export const STATEMENT_TIMEOUT_MESSAGE = 'This took too long and was stopped. Please try again in a moment.';

/** Whether `err` (or what it wraps: Drizzle puts the driver's error in `cause`) is a statement PostgreSQL cancelled (57014). */
export function isStatementTimeout(err: unknown): boolean {
  for (let e = err, depth = 0; typeof e === 'object' && e !== null && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === QUERY_CANCELED) return true;
  }
  return false;
}

/** A job's error for a cancelled statement: what ran too long, for the job's record and its retry. */
export function jobTimeoutError(jobId: string, err: unknown): Error {
  return new Error(`Job ${jobId}: a statement ran longer than ${JOB_STATEMENT_TIMEOUT_S} s and was cancelled (statement_timeout); the job will be retried. ${(err as Error).message}`);
}
