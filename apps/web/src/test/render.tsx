import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

/** A QueryClient for one test: no retries, nothing refetched on focus (as in main.tsx). */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/**
 * Renders `ui` as the app does (antd App, TanStack Query, React Router) at `route`. Pass `client`
 * to share one QueryClient between renders or to look into it.
 */
export function renderWithApp(
  ui: ReactElement,
  { route = '/', client = testQueryClient() }: { route?: string; client?: QueryClient } = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AntApp>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </AntApp>
  );
  return { ...render(ui, { wrapper }), client };
}

type Handler = (request: { body: unknown; url: URL }) => unknown;

/**
 * A fake server behind `fetch`: `routes` maps 'METHOD /path' (the path without its query) to a
 * handler whose return value is sent as JSON; an unknown route answers 404 with the server's
 * error body. Returns the list of requests made ('METHOD /path?query').
 */
export function stubApi(routes: Record<string, Handler>): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) {
      return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), {
        status: 404, statusText: 'Not Found', headers: { 'content-type': 'application/json' },
      });
    }
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    return new Response(JSON.stringify(handler({ body, url })), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}
