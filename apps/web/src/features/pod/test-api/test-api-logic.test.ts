import { describe, expect, it } from 'vitest';
import type { ApiMethod } from '../api-call';
import { buildTestRequest, INITIAL_TEST_FORM, type TestApiForm } from './build-request';
import { COMMON_ENDPOINTS } from './common-endpoints';
import { headersFromRows } from './header-rows';
import { methodSendsBody } from './methods';
import { prettyBody } from './pretty-body';
import { requestPath } from './request-path';
import { statusTone } from './status-tone';
import { TEST_API_MESSAGES as M } from './test-api-messages';

const rows = (...pairs: [string, string][]) => pairs.map(([name, value], i) => ({ id: i, name, value }));
const form = (over: Partial<TestApiForm>): TestApiForm => ({ ...INITIAL_TEST_FORM, ...over });

describe('requestPath (docs/requirements/print-on-demand-api.md#screens "Use /api prefix")', () => {
  it.each([
    ['/projects', true, '/api/projects'],
    ['projects', true, '/api/projects'],
    ['  /projects?limit=5 ', true, '/api/projects?limit=5'],
    ['/api/projects', true, '/api/projects'],
    ['/api', true, '/api'],
    ['/apikeys', true, '/api/apikeys'],
    ['/projects', false, '/projects'],
    ['/api/projects', false, '/api/projects'],
    ['http://localhost:3000/api/orders?x=1', true, '/api/orders?x=1'],
    ['https://example.com/orders', false, '/orders'],
  ])('%s with the prefix %s → %s', (endpoint, prefix, path) => {
    expect(requestPath(endpoint, prefix)).toBe(path);
  });
});

describe('headersFromRows', () => {
  it('lower-cases names, skips blank and reserved ones, joins repeats', () => {
    expect(headersFromRows(rows(['Idempotency-Key', ' abc '], ['', 'ignored'], ['X-API-Key', 'other'], ['Content-Type', 'text/plain'], ['X-Trace', 'a'], ['x-trace', 'b'])))
      .toEqual({ headers: { 'idempotency-key': 'abc', 'x-trace': 'a, b' } });
  });

  it('refuses a name the browser would refuse', () => {
    expect(headersFromRows(rows(['Bad Name', 'x']))).toEqual({ error: 'Invalid header name: "Bad Name"' });
  });
});

describe('buildTestRequest (docs/requirements/print-on-demand-api.md#test-api-tab API)', () => {
  it('checks the key, then the endpoint, then the JSON body', () => {
    expect(buildTestRequest(form({ endpoint: '' }), null, null)).toEqual({ error: M.selectKey });
    expect(buildTestRequest(form({ endpoint: '   ' }), 'live_x', null)).toEqual({ error: M.enterEndpoint });
    expect(buildTestRequest(form({ method: 'POST', endpoint: '/orders', body: '{nope' }), 'live_x', null)).toEqual({ error: M.invalidJson });
  });

  it('sends no body for GET and DELETE, none for a blank body, parsed JSON otherwise', () => {
    const get = buildTestRequest(form({ endpoint: '/projects', body: '{nope' }), 'live_x', null);
    expect(get).toEqual({ request: { method: 'GET', path: '/api/projects', apiKey: 'live_x', body: undefined, headers: {} } });
    const blank = buildTestRequest(form({ method: 'POST', endpoint: '/orders', body: '  ' }), 'live_x', null);
    expect('request' in blank && blank.request.body).toBeUndefined();
    const put = buildTestRequest(form({ method: 'PUT', endpoint: '/projects/1', useApiPrefix: false, body: '{"name":"A"}' }), 'live_x', null);
    expect(put).toEqual({ request: { method: 'PUT', path: '/projects/1', apiKey: 'live_x', body: { name: 'A' }, headers: {} } });
  });

  it('adds only the headers the user wrote (no automatic Idempotency-Key)', () => {
    const post = buildTestRequest(form({ method: 'POST', endpoint: '/orders/mailing', body: '{}' }), 'live_x', []);
    expect('request' in post && post.request.headers).toEqual({});
    const withKey = buildTestRequest(form({ method: 'POST', endpoint: '/orders/mailing', body: '{}' }), 'live_x', rows(['Idempotency-Key', 'k1']));
    expect('request' in withKey && withKey.request.headers).toEqual({ 'idempotency-key': 'k1' });
  });
});

describe('small rules', () => {
  it('only POST, PUT and PATCH carry a body', () => {
    expect(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].filter((m) => methodSendsBody(m as ApiMethod))).toEqual(['POST', 'PUT', 'PATCH']);
  });

  it('pretty-prints JSON with 2 spaces, keeps text, shows nothing for no body', () => {
    expect(prettyBody({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(prettyBody('plain')).toBe('plain');
    expect(prettyBody(null)).toBe('');
  });

  it('tones statuses', () => {
    expect([200, 201, 304, 401, 404, 429, 500, 0].map(statusTone)).toEqual(['success', 'success', 'info', 'warning', 'warning', 'warning', 'error', 'error']);
  });

  it('every common endpoint with a body has valid JSON', () => {
    for (const e of COMMON_ENDPOINTS.filter((c) => c.body)) expect(() => JSON.parse(e.body)).not.toThrow();
  });
});
