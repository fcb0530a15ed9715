import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { ownerFeatureCheck } from './subscriptions.service.js';
import { subscriptionsRepo } from './subscriptions.repo.js';

/**
 * The plan check of work that runs without a request (docs/requirements/plans-and-billing.md#plan-gating):
 * an answer that allows is kept a short while, so a backlog reads each owner's plan once, not per
 * delivery; a refusal is never kept, so a move back to a plan with the feature counts at once.
 */
describe('ownerFeatureCheck', () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    await signUpUser(t.app); // the operator
    userId = (await signUpUser(t.app)).id;
  });
  afterAll(() => t?.close());

  it('keeps an allowing answer for its time, then reads the plan again', async () => {
    await subscriptionsRepo.setPlan(t.ctx.db, userId, 'business');
    const kept = ownerFeatureCheck(t.ctx.db, 'webhooks', 60_000);
    expect(await Promise.all(Array.from({ length: 50 }, () => kept(userId)))).toEqual(Array(50).fill(true));
    await subscriptionsRepo.setPlan(t.ctx.db, userId, 'free');
    // Within its time the kept answer stands; a check that keeps nothing sees the change.
    expect(await kept(userId)).toBe(true);
    expect(await ownerFeatureCheck(t.ctx.db, 'webhooks', 0)(userId)).toBe(false);
  });

  it('never keeps a refusal', async () => {
    await subscriptionsRepo.setPlan(t.ctx.db, userId, 'free');
    const check = ownerFeatureCheck(t.ctx.db, 'notifications', 60_000);
    expect(await check(userId)).toBe(false);
    await subscriptionsRepo.setPlan(t.ctx.db, userId, 'pro');
    expect(await check(userId)).toBe(true);
  });
});
