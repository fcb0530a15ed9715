import { describe, expect, it } from 'vitest';
import type { ApiCallResult } from '../api-call';
import { DEBUG_CHECKS, groupOfPath } from './debug-checks';
import { answeredRow, groupRows, groupSummary, pendingRow, skippedRow, unreachableRow } from './debug-results';
import { keyOwnerFrom, keyOwnerOf } from './key-owner';
import { runLimited } from './run-limited';

const answer = (status: number, body: unknown = null): ApiCallResult => ({ status, ok: status >= 200 && status < 300, ms: 12, body, headers: {} });
const c = (path: string) => ({ id: path, path, description: path });

describe('the debug batch (docs/requirements/print-on-demand-api.md#api "Debug tab GETs")', () => {
  it('checks each resource with and without /api, health, and both debug paths', () => {
    const paths = DEBUG_CHECKS.map((d) => d.path);
    for (const r of ['keys', 'mailingLists', 'templates', 'addresses', 'projects', 'orders', 'reinforcements']) {
      expect(paths).toContain(`/api/${r}`);
      expect(paths).toContain(`/${r}`);
    }
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/debug/routes', '/debug/user', '/api/debug/routes', '/api/debug/user']));
    expect(DEBUG_CHECKS.filter((d) => !d.needsKey).map((d) => d.path)).toEqual(['/api/health', '/health']);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each([
    ['/api/projects', 'projects'], ['/projects', 'projects'], ['/api/projects/42?x=1', 'projects'],
    ['/api/debug/user', 'debug'], ['/apikeys', 'apikeys'], ['/api', '/'], ['/', '/'],
  ])('%s is in group %s', (path, group) => expect(groupOfPath(path)).toBe(group));
});

describe('rows and groups', () => {
  it('an answer is OK, the server message, or HTTP {status}; no answer says the server may be down', () => {
    expect(answeredRow(c('/api/projects'), answer(200, [])).result).toBe('OK');
    expect(answeredRow(c('/api/projects'), answer(403, { error: { code: 'FORBIDDEN', message: 'Missing scope' } })).result).toBe('Missing scope');
    expect(answeredRow(c('/api/projects'), answer(502, '<html>')).result).toBe('HTTP 502');
    expect(unreachableRow(c('/api/projects'))).toMatchObject({ status: null, ok: false, result: 'No answer: the server may be down' });
  });

  it('groups by first segment in order, counting working among tested, skipped and running apart', () => {
    const groups = groupRows([
      answeredRow(c('/api/health'), answer(200)),
      answeredRow(c('/api/projects'), answer(200)),
      answeredRow(c('/projects'), answer(404)),
      pendingRow(c('/api/orders')),
      skippedRow(c('/orders')),
      answeredRow(c('/api/projects/1'), answer(200)),
    ]);
    expect(groups.map((g) => [g.name, g.rows.length, groupSummary(g)])).toEqual([
      ['health', 1, '1 of 1 working'],
      ['projects', 3, '2 of 3 working'],
      ['orders', 2, '0 of 0 working · 1 skipped · 1 checking'],
    ]);
  });
});

describe('runLimited', () => {
  it('runs every item, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runLimited([1, 2, 3, 4, 5, 6, 7, 8, 9], 4, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      done.push(n);
      running -= 1;
    });
    expect(done.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(4);
  });

  it('starts nothing more once aborted', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    await runLimited([1, 2, 3, 4], 1, async (n) => {
      started.push(n);
      if (n === 2) controller.abort();
    }, controller.signal);
    expect(started).toEqual([1, 2]);
  });
});

describe('the key owner (GET /debug/user)', () => {
  it('reads this API\'s answer and the spec\'s {id, is_admin}', () => {
    expect(keyOwnerFrom({ userId: 'u1', keyId: 'k1', mode: 'live', scopes: ['*:*'] })).toEqual({ userId: 'u1', isAdmin: null, keyId: 'k1', mode: 'live', scopes: ['*:*'] });
    expect(keyOwnerFrom({ user: { id: 'u2', is_admin: true } })).toMatchObject({ userId: 'u2', isAdmin: true });
    expect(keyOwnerFrom({ error: 'nope' })).toBeNull();
  });

  it('comes from a successful /debug/user row only', () => {
    expect(keyOwnerOf([answeredRow(c('/api/debug/user'), answer(401, { error: 'x' })), answeredRow(c('/debug/routes'), answer(200, { userId: 'no' }))])).toBeNull();
    expect(keyOwnerOf([answeredRow(c('/debug/user'), answer(200, { userId: 'u1' }))])?.userId).toBe('u1');
  });
});
