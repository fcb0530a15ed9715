/**
 * HTTP calls to a map service (geocoder, router, tile server) — operator-configured URLs, not
 * user input, so no SSRF guard: paced to `requestsPerSecond` (one queue per service, so a public
 * Nominatim's 1/s is kept across every job of the process), retried on 429, 5xx and network
 * errors (3 tries, 0.5 s then 1 s, honouring Retry-After up to 10 s), 10 s time-out per try.
 */
export type ProviderHttp = { getJson<T>(url: string): Promise<T>; getBytes(url: string): Promise<Buffer> };

/** Thrown when a map service keeps failing; `status` is its last HTTP status, 0 for a network error. */
export class ProviderError extends Error {
  constructor(message: string, readonly status: number) { super(message); }
}

const TRIES = 3;
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
  const get = async (url: string, accept: string): Promise<Response> => {
    let last: ProviderError = new ProviderError(`${name} did not answer`, 0);
    for (let attempt = 0; attempt < TRIES; attempt++) {
      await slot();
      try {
        const res = await fetch(url, { headers: { accept, 'user-agent': USER_AGENT }, signal: AbortSignal.timeout(TIMEOUT_MS) });
        if (res.ok) return res;
        await res.body?.cancel();
        last = new ProviderError(`${name} answered ${res.status}`, res.status);
        if (res.status !== 429 && res.status < 500) throw last;
        const retryAfter = Number(res.headers.get('retry-after'));
        if (retryAfter > 0) await new Promise((r) => setTimeout(r, Math.min(retryAfter, 10) * 1000));
      } catch (err) {
        if (err instanceof ProviderError && err.status > 0 && err.status < 500 && err.status !== 429) throw err;
        if (!(err instanceof ProviderError)) last = new ProviderError(`${name} could not be reached: ${err instanceof Error ? err.message : String(err)}`, 0);
      }
      if (attempt < TRIES - 1) await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    }
    throw last;
  };
  return {
    getJson: async <T>(url: string) => (await (await get(url, 'application/json')).json()) as T,
    getBytes: async (url: string) => Buffer.from(await (await get(url, 'image/*')).arrayBuffer()),
  };
}
