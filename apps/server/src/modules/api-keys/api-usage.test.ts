import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TApiKeyCreated, TBilling } from '@mailcraft/shared';
import { rowsOf } from '../../db/raw-rows.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { apiKeysPurgeJob } from './api-keys.jobs.js';

/** Public API calls counted for billing (docs/requirements/administration.md#administration): the hourly purge of the rate windows keeps their counts. */
describe('API usage for billing', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    admin = await signUpUser(t.app); // the first account: on business, which has the API
  });
  afterAll(() => t?.close());

  const billing = async (u: TestUser) => (await u.req({ method: 'GET', url: '/api/billing' })).json() as TBilling;

  it('counts this month\'s API calls, also after the hourly purge of the rate windows', async () => {
    const key = ((await admin.req({ method: 'POST', url: '/keys', payload: { name: 'usage' } })).json() as TApiKeyCreated).api_key;
    for (let i = 0; i < 3; i++) expect((await t.publicApi.inject({ method: 'GET', url: '/api/projects', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    expect((await billing(admin)).usage.api_calls).toBe(3);
    // The purge keeps the counts of the windows it deletes: move them two hours back (not out of this month), then purge.
    await t.ctx.db.execute(sql`UPDATE api_rate_windows SET window_start = greatest(window_start - interval '2 hours', date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`);
    await apiKeysPurgeJob.handler({}, t.ctx, { id: 'test', retryCount: 0 } as never);
    const left = rowsOf(await t.ctx.db.execute(sql`SELECT count(*) AS n FROM api_rate_windows WHERE window_start < now() - interval '1 hour'`));
    expect(Number(left[0].n), 'the old windows are gone').toBe(0);
    expect((await billing(admin)).usage.api_calls).toBe(3);
  });
});
