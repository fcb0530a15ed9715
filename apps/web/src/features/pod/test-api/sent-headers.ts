import { vi } from 'vitest';

/** One request as the browser sent it: its path (with the query) and headers. */
export type SentRequest = { method: string; path: string; headers: Headers };

/**
 * For tests: wraps the stubbed `fetch` (call after `stubPod`) to record each request's headers,
 * which the shared fake server does not keep. Returns the list, filled as requests go out.
 */
export function recordSentHeaders(): SentRequest[] {
  const inner = globalThis.fetch;
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    sent.push({ method: init.method ?? 'GET', path: url.pathname + url.search, headers: new Headers(init.headers) });
    return inner(input, init);
  });
  return sent;
}
