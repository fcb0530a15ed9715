import { HttpStatusError, retryingFetch, type HttpRetryPolicy } from '../../platform/retrying-http.js';

/**
 * HTTP calls to a map service (geocoder, router, tile server) — operator-configured URLs, not
 * user input, so no SSRF guard: paced to `requestsPerSecond` (one queue per service, so a public
 * Nominatim's 1/s is kept across every job of the process), retried on 429, 5xx and network
 * errors (3 tries, 0.5 s then 1 s, honouring Retry-After up to 10 s), 10 s time-out per try —
 * through the platform's retrying client (`platform/retrying-http.ts`).
 */
export type ProviderHttp = { getJson<T>(url: string): Promise<T>; getBytes(url: string): Promise<Buffer> };

/** Thrown when a map service keeps failing; `status` is its last HTTP status, 0 for a network error. */
export class ProviderError extends Error {
  constructor(message: string, readonly status: number) { super(message); }
}

const TIMEOUT_MS = 10_000;
const USER_AGENT = 'Mailcraft/1.0 (direct-mail route maps)';

/** A paced, retrying client for one map service (`name` appears in errors). */
export function providerHttp(name: string, requestsPerSecond: number): ProviderHttp {
  const gapMs = 1000 / requestsPerSecond;
  let next = 0;
  const slot = async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gapMs;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  };
  /** 3 tries, each paced: a Retry-After (up to 10 s) is waited before the back-off (0.5 s, then 1 s). */
  const RETRY: HttpRetryPolicy = { retries: 2, baseMs: 500, retryAfter: 'before', maxRetryAfterMs: 10_000, beforeTry: slot };
  const get = async (url: string, accept: string): Promise<Response> => {
    let res: Response;
    try {
      res = await retryingFetch(url, { headers: { accept, 'user-agent': USER_AGENT }, timeoutMs: TIMEOUT_MS }, RETRY);
    } catch (err) {
      if (err instanceof HttpStatusError) throw new ProviderError(`${name} answered ${err.status}`, err.status);
      throw new ProviderError(`${name} could not be reached: ${err instanceof Error ? err.message : String(err)}`, 0);
    }
    if (res.ok) return res;
    await res.body?.cancel();
    throw new ProviderError(`${name} answered ${res.status}`, res.status);
  };
  return {
    getJson: async <T>(url: string) => (await (await get(url, 'application/json')).json()) as T,
    getBytes: async (url: string) => Buffer.from(await (await get(url, 'image/*')).arrayBuffer()),
  };
}
