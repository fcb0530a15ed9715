import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, MAP_MESSAGES, type TMapGeneration } from '@mailcraft/shared';
import { mapRoutes } from '../../db/schema/index.js';
import { createMailingList, createProject, saveColumnMappings, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { changePlan } from '../../test/plan-changes.js';
import { runGeneration } from './map-generation.js';

/**
 * Drawing maps needs the plan's `maps` when the run draws, not only when it is started
 * (docs/requirements/maps.md#plan-gating): a Generate All Routes run queued on Business whose owner
 * then moves to free fails with the plan message and draws nothing. The app runs no workers, so the
 * test runs the 'maps.generate' job's handler itself, after the plan change.
 */
describe('Generate All Routes after a plan downgrade', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let payload: Record<string, unknown>;
  let listId: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    admin = await signUpUser(t.app);
    customer = await signUpUser(t.app);
    await changePlan(admin, customer, 'business');
    const projectId = (await createProject(t.ctx.db, customer.id)).id;
    const { headers, rows } = us500(5);
    listId = (await createMailingList(t.ctx.db, customer.id, { headers, rows, projectId })).id;
    await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
    const loc = await customer.req({ method: 'POST', url: '/api/maps/locations', payload: { name: 'Cafe', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } });
    expect(loc.statusCode, loc.body).toBe(201);
    payload = {
      projectId, listId, businessLocationId: loc.json().id, mapStyle: 'streets-clean', routeColor: 'rgba(15,83,254,0.78)', routeWidth: 8,
      mapWidth: 300, mapHeight: 300, processAllEntries: true, forceRegenerate: true, markerSettings: null,
    };
  }, 60_000);
  afterAll(() => t?.close());

  const start = async (): Promise<TMapGeneration> => {
    const res = await customer.req({ method: 'POST', url: '/api/maps/generate-routes', payload });
    expect(res.statusCode, res.body).toBe(202);
    return res.json().generation;
  };
  const generation = async (id: string): Promise<TMapGeneration> =>
    (await customer.req({ method: 'GET', url: `/api/maps/generations/${id}` })).json().generation;
  /** Records of the list with a map image. */
  const drawn = async () => (await t.ctx.db.select({ id: mapRoutes.recordId }).from(mapRoutes).where(and(eq(mapRoutes.listId, listId), isNotNull(mapRoutes.imageKey)))).length;

  it('a run queued before the move to free fails with the plan message and draws nothing; back on Business a run draws', async () => {
    const queued = await start();
    expect(queued.status).toBe('queued');
    await changePlan(admin, customer, 'free');
    await runGeneration(t.ctx, queued.id);
    expect(await generation(queued.id)).toMatchObject({ status: 'failed', done: 0, error: MAP_MESSAGES.upgrade });
    expect(await drawn()).toBe(0);

    await changePlan(admin, customer, 'business');
    const again = await start();
    await runGeneration(t.ctx, again.id);
    expect(await generation(again.id)).toMatchObject({ status: 'done', done: 5, error: null });
    expect(await drawn()).toBe(5);
  }, 60_000);
});
