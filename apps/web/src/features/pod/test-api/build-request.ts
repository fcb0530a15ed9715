import type { ApiMethod } from '../api-call';
import { headersFromRows, type HeaderRow } from './header-rows';
import { methodSendsBody } from './methods';
import { requestPath } from './request-path';
import { TEST_API_MESSAGES as M } from './test-api-messages';

/** What the user filled in on the Test API tab (docs/requirements/print-on-demand-api.md#screens): `body` is the JSON text as typed. */
export type TestApiForm = { method: ApiMethod; endpoint: string; useApiPrefix: boolean; body: string };

/** The form as the tab opens: GET, nothing typed, the /api prefix on (docs/requirements/print-on-demand-api.md#screens). */
export const INITIAL_TEST_FORM: TestApiForm = { method: 'GET', endpoint: '', useApiPrefix: true, body: '' };

/** A request ready for callApi: `body` is parsed JSON (undefined: none), `headers` the custom ones. */
export type TestRequest = { method: ApiMethod; path: string; apiKey: string; body?: unknown; headers: Record<string, string> };

/**
 * Checks the form and builds the request (docs/requirements/print-on-demand-api.md#test-api-tab API), in this order:
 * no key or its secret unknown → 'Please select an API key'; a blank endpoint → 'Please enter an
 * API endpoint'; for POST, PUT and PATCH a body that is not JSON → 'Invalid JSON in request body'
 * (a blank body sends none; GET and DELETE never send one); then an invalid custom header name.
 * `headerRows` are the Advanced sub-tab's rows (null on Basic: no custom headers). No header is
 * added on the user's behalf (an Idempotency-Key only if they add one).
 */
export function buildTestRequest(
  form: TestApiForm, apiKey: string | null, headerRows: readonly HeaderRow[] | null,
): { request: TestRequest } | { error: string } {
  if (!apiKey) return { error: M.selectKey };
  if (!form.endpoint.trim()) return { error: M.enterEndpoint };
  let body: unknown;
  if (methodSendsBody(form.method) && form.body.trim()) {
    try {
      body = JSON.parse(form.body);
    } catch {
      return { error: M.invalidJson };
    }
  }
  const custom = headersFromRows(headerRows ?? []);
  if ('error' in custom) return custom;
  return { request: { method: form.method, path: requestPath(form.endpoint, form.useApiPrefix), apiKey, body, headers: custom.headers } };
}
