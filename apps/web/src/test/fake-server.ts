import { vi } from 'vitest';

/** An answer other than 200 JSON, returned by a handler: `new Reply(204)`, `new Reply(201, body)`. */
export class Reply {
  constructor(public status: number, public body?: unknown) {}
}
/** A failure with the server's error body, thrown from a handler: `throw new Failure(402, 'You need …')`. */
export class Failure {
  constructor(public status: number, public message: string) {}
}

/** One request the fake server got: JSON `body`, or the multipart `form`. */
export type Call = { method: string; path: string; url: URL; body: unknown; form: FormData | null };
/** Answers one request: its return is sent as 200 JSON, a `Reply` as that status; a thrown `Failure` as the error envelope. */
export type Handler = (call: Call) => unknown;

/**
 * A fake server behind `fetch` for component tests: `routes` maps 'METHOD /path' to a handler; its
 * return is sent as 200 JSON, a `Reply` as that status, a thrown `Failure` as the server's error
 * body `{ error: { code, message } }`. Unknown routes answer 404. Returns every call (JSON and
 * multipart bodies), in order.
 */
export function stubServer(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const call: Call = {
      method, path: url.pathname, url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init.body instanceof FormData ? init.body : null,
    };
    calls.push(call);
    const json = (status: number, body: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    try {
      const out = await handler(call);
      return out instanceof Reply ? json(out.status, out.body) : json(200, out);
    } catch (err) {
      if (err instanceof Failure) return json(err.status, { error: { code: 'FAILED', message: err.message } });
      throw err;
    }
  });
  return calls;
}
