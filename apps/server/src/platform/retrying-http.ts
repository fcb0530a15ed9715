import pRetry, { AbortError } from 'p-retry';

/**
 * The one retrying client of calls to other services (the Lob verifier, the map providers) and the
 * one Retry-After parser (also used by webhook deliveries, whose retries the delivery job schedules).
 * Built on p-retry 7 (docs/decisions/README.md#library-choices): p-retry counts the tries and
 * stops on errors that retrying cannot help; the waits between tries are worked out here, because
 * a Retry-After answer replaces (or comes before) the exponential back-off.
 */

/**
 * Milliseconds a Retry-After header asks for (RFC 9110 §10.2.3: delay-seconds, or an HTTP date),
 * capped at `capMs`; a date in the past is 0. Null without a header or when it is neither
 * (garbage, negative numbers, dates in other forms). `nowMs` (epoch ms) is the clock a date is measured from.
 */
export function retryAfterMs(header: string | null | undefined, capMs: number, nowMs = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.min(Number(value) * 1000, capMs);
  // Every HTTP date form (IMF-fixdate, RFC 850, asctime) starts with the day's name; Date.parse alone takes '-5' as a year.
  const at = /^(mon|tue|wed|thu|fri|sat|sun)/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? null : Math.min(Math.max(at - nowMs, 0), capMs);
}

/** A failed try worth another one: `waitMs` is what the service asked for (Retry-After), if anything. */
export class RetryableError extends Error {
  constructor(message: string, readonly waitMs: number | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RetryableError';
  }
}

/** A 429 or 5xx answer that was still the answer after the last try. */
export class HttpStatusError extends RetryableError {
  constructor(readonly status: number, waitMs: number | null) {
    super(`HTTP ${status}`, waitMs);
    this.name = 'HttpStatusError';
  }
}

/** How a call is tried again. */
export type RetryPolicy = {
  /** Tries after the first one. */
  retries: number;
  /** First back-off in ms, doubled on each retry. */
  baseMs: number;
  /**
   * What a Retry-After (a RetryableError's `waitMs`) does to a retry's back-off: 'instead' (the
   * default) waits only that long, 'before' waits that long and then the back-off.
   */
  retryAfter?: 'instead' | 'before';
  /** Whether an error thrown by a try is worth another (default: any error). */
  shouldRetry?: (error: unknown) => boolean;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Carries a retryable error through p-retry, whatever it is (p-retry gives up on a TypeError that is not a network error). */
class Attempt extends Error {
  constructor(readonly original: unknown) {
    super('retry');
  }
}

/**
 * Runs `tryOnce(attemptNumber)` (1-based) until it resolves, at most `retries + 1` times: after a
 * failed try that `shouldRetry` accepts, waits its Retry-After and/or `baseMs · 2^(n−1)` (see
 * `RetryPolicy`). Rejects with the last try's own error, or at once with an error `shouldRetry`
 * refuses. No wait follows the last try.
 */
export async function withRetries<T>(tryOnce: (attemptNumber: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  const shouldRetry = policy.shouldRetry ?? (() => true);
  try {
    return await pRetry(async (attemptNumber) => {
      try {
        return await tryOnce(attemptNumber);
      } catch (err) {
        if (!shouldRetry(err)) throw new AbortError(new Attempt(err));
        throw new Attempt(err);
      }
    }, {
      retries: policy.retries,
      minTimeout: 0,
      onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
        if (retriesLeft <= 0 || !(error instanceof Attempt)) return;
        const asked = error.original instanceof RetryableError ? error.original.waitMs : null;
        const backoff = policy.baseMs * 2 ** (attemptNumber - 1);
        const wait = asked === null ? backoff : policy.retryAfter === 'before' ? asked + backoff : asked;
        if (wait > 0) await sleep(wait);
      },
    });
  } catch (err) {
    throw err instanceof Attempt ? err.original : err;
  }
}

/** A `fetch` init plus the time-out of each try, in ms. */
export type RetryingFetchInit = RequestInit & { timeoutMs: number };

/** A RetryPolicy for HTTP calls: the longest Retry-After honoured (ms), and what to await before each try (pacing). */
export type HttpRetryPolicy = Omit<RetryPolicy, 'shouldRetry'> & { maxRetryAfterMs: number; beforeTry?: () => Promise<void> };

/**
 * `fetch(url, init)` tried again on a 429 or 5xx answer (its Retry-After honoured up to
 * `maxRetryAfterMs`), a time-out (`timeoutMs` per try) or a network error, as `policy` says.
 * Resolves with the first answer that is neither 429 nor 5xx (2xx, 3xx or 4xx: the caller reads
 * it). Rejects after the last try with HttpStatusError (the last status; its body is cancelled)
 * or the last try's error (a TimeoutError, a fetch TypeError).
 */
export async function retryingFetch(url: string, init: RetryingFetchInit, policy: HttpRetryPolicy): Promise<Response> {
  const { timeoutMs, ...request } = init;
  return withRetries(async () => {
    await policy.beforeTry?.();
    const res = await fetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs) });
    if (res.status !== 429 && res.status < 500) return res;
    await res.body?.cancel();
    throw new HttpStatusError(res.status, retryAfterMs(res.headers.get('retry-after'), policy.maxRetryAfterMs));
  }, policy);
}
