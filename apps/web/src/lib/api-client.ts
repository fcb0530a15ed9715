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

/** Status texts for when the connection (e.g. HTTP/2) does not carry one. */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict',
  413: 'Payload Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Entity',
  429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
};

/**
 * POSTs `form` (multipart) to `path` with credentials and answers the JSON body of a 2xx answer. XMLHttpRequest
 * rather than `api()` because fetch cannot report upload progress: `onProgress` receives 0–100 as the file goes.
 * Failures throw the same ApiError as `api()` (status, statusText, the server's `{error: {message, code}}`); status 0
 * when the server could not be reached.
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network Error', 'The server could not be reached. Check your connection and try again.'));
    xhr.onload = () => {
      let body: { error?: { message?: string; code?: string } } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const statusText = xhr.statusText || STATUS_TEXT[xhr.status] || 'Error';
      reject(new ApiError(xhr.status, statusText, body.error?.message ?? statusText, body.error?.code));
    };
    xhr.send(form);
  });
}
