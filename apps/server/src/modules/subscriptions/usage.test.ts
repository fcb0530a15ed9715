import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBilling } from '@mailcraft/shared';
import { printJobs } from '../../db/schema/index.js';
import { createProject } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

/** This month's usage counts billable pieces only: the pieces of finished print files, not of proofs. */
describe('usage: pieces printed', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    admin = await signUpUser(t.app); // the first account: administrator
    user = await signUpUser(t.app);
  });
  afterAll(() => t?.close());

  /** A finished print job of `pieces` pieces, a proof when `proof`. */
  const finished = async (projectId: string, pieces: number, options: { proof?: boolean; bleed?: boolean } = {}) =>
    t.ctx.db.insert(printJobs).values({ userId: user.id, projectId, status: 'done', done: pieces, total: pieces, options, finishedAt: new Date() });

  it('counts one 7-piece print file as 7, whatever proofs were made before it', async () => {
    const project = await createProject(t.ctx.db, user.id);
    for (let i = 0; i < 3; i++) await finished(project.id, 7, { proof: true });
    await finished(project.id, 7, { bleed: true });
    const billing = (await user.req({ method: 'GET', url: '/api/billing' })).json() as TBilling;
    expect(billing.usage.pieces_printed).toBe(7);
    const detail = (await admin.req({ method: 'GET', url: `/api/admin/users/${user.id}` })).json() as { usage: TBilling['usage'] };
    expect(detail.usage.pieces_printed).toBe(7);
  });
});
