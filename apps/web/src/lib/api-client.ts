/**
 * The one HTTP client of the web app. Every call sends credentials (docs/requirements/workflow.md#api). Failures throw
 * ApiError carrying the HTTP status, statusText and the server's `{error: {code, message}}`.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly statusText: string,
    message: string,
    public readonly code?: string,
  ) {
    super(message);
  }
}

type Options = Omit<RequestInit, 'body'> & { body?: unknown };

export async function api<T = unknown>(path: string, opts: Options = {}): Promise<T> {
  const isForm = opts.body instanceof FormData;
  const res = await fetch(path, {
    ...opts,
    credentials: 'include',
    headers: {
      ...(opts.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      accept: 'application/json',
      ...(opts.headers ?? {}),
    },
    body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
  });
  if (!res.ok) {
    let message = res.statusText;
    let code: string | undefined;
    try {
      const body = await res.json();
      message = body?.error?.message ?? message;
      code = body?.error?.code;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, res.statusText, message, code);
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? res.json() : res.blob()) as Promise<T>;
}

/** The server's message of a thrown error, for '{prefix}: {detail}' messages (docs/requirements/workflow.md#messages). */
export const errorDetail = (err: unknown) => (err instanceof Error ? err.message : String(err));
