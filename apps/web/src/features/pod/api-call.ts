/** What a call of the public API answered (docs/requirements/print-on-demand-api.md#print-on-demand-api: Test API, API Debug, Order Entry). */
export type ApiCallResult = {
  /** HTTP status; 0 when the request never got an answer (transport failure). */
  status: number;
  /** Whether the status is 2xx. */
  ok: boolean;
  /** Time from sending to the whole answer read, in milliseconds (rounded). */
  ms: number;
  /** The answer parsed as JSON, or its text when it is not JSON, or null when empty. */
  body: unknown;
  /** Answer headers, lower-case names (e.g. 'x-ratelimit-remaining'). */
  headers: Record<string, string>;
};

/** Methods of the public API (docs/requirements/print-on-demand-api.md#test-api-tab API). */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Thrown when the request got no HTTP answer at all (network down, server gone). */
export class TransportError extends Error {}

/**
 * Calls the public API of this Mailcraft with an API key (docs/requirements/print-on-demand-api.md#api: the key in `X-API-Key`).
 * The web server hands any request with an `X-API-Key` header to the public API, at `/api/…` and the
 * bare path alike, so the call goes to this page's own origin (no CORS, no second host to
 * configure). `path` starts with '/', e.g. '/api/projects'; `body` is sent as JSON for
 * POST/PUT/PATCH; `headers` are added (custom headers of the Advanced tab, `Idempotency-Key`).
 * Answers of every status resolve; only a transport failure throws TransportError. No cookie is
 * sent: the key alone authenticates, as it would from the caller's own system.
 */
export async function callApi(opts: {
  method: ApiMethod; path: string; apiKey: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal;
}): Promise<ApiCallResult> {
  const headers: Record<string, string> = { ...opts.headers, 'x-api-key': opts.apiKey, accept: 'application/json' };
  const hasBody = opts.body !== undefined && opts.method !== 'GET' && opts.method !== 'DELETE';
  if (hasBody) headers['content-type'] = 'application/json';
  const started = performance.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(opts.path, {
      method: opts.method, headers, credentials: 'omit', signal: opts.signal,
      body: hasBody ? JSON.stringify(opts.body) : undefined,
    });
    text = await res.text();
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new TransportError(err instanceof Error ? err.message : String(err));
  }
  const ms = Math.round(performance.now() - started);
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const out: Record<string, string> = {};
  res.headers.forEach((v, k) => { out[k] = v; });
  return { status: res.status, ok: res.ok, ms, body, headers: out };
}

/**
 * The message of a failed answer: the envelope's `error.message` (`{ error: { code, message,
 * doc_url } }`), a plain `error` string, or null when the body carries none.
 */
export function apiErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return null;
}
