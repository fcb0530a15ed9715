import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, MAP_DEFAULTS } from '@mailcraft/shared';
import { mapGenerations, mapRoutes } from '../../db/schema/index.js';
import { createMailingList, createProject, onPlan, saveColumnMappings, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { GENERATION_STALE_MS, runGeneration } from './map-generation.js';
import { drawRoutes } from './route-drawing.js';
import { mapProviders } from './map-providers.js';
import { mapRoutesRepo } from './map-routes.repo.js';
import { routeTarget } from './route-previews.service.js';

/** docs/requirements/maps.md#generate-all-routes: a run that died part-way is taken over and finishes without drawing again what it had drawn. */
describe('Generate All Routes resumes after a crash', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    user = await signUpUser(t.app);
    await onPlan(t.ctx.db, user.id, 'pro', { maps: true });
  });
  afterAll(() => t?.close());

  it('takes over a silent run and draws only the records it had not written', async () => {
    const projectId = (await createProject(t.ctx.db, user.id)).id;
    const { headers, rows } = us500(250);
    const list = await createMailingList(t.ctx.db, user.id, { headers, rows, projectId });
    await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
    const loc = (await user.req({ method: 'POST', url: '/api/maps/locations', payload: { name: 'Cafe', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } })).json();
    const drawing = { mapStyle: MAP_DEFAULTS.map_style, routeColor: MAP_DEFAULTS.route_color, routeWidth: 8, mapWidth: 300, mapHeight: 300, markerSettings: null };
    const generation = await mapRoutesRepo.createGeneration(t.ctx.db, {
      userId: user.id, projectId, listId: list.id, total: 250, settings: { projectId, locationId: loc.id, force: true, drawing },
    });
    // The dead run: it drew the first 100 records, counted them, and its heartbeat stopped two minutes ago.
    const principal = { userId: user.id, isAdmin: false, via: 'job' as const, scopes: [] };
    const target = await routeTarget(t.ctx, principal, { projectId, listId: list.id, locationId: loc.id }, drawing);
    const first = await mapRoutesRepo.pending(t.ctx.db, list.id, generation.createdAt, -1, 100);
    await mapRoutesRepo.upsert(t.ctx.db, (await drawRoutes(t.ctx, mapProviders(t.ctx.config), target, first, { force: true })).map((d) => d.row));
    const stale = new Date(Date.now() - 2 * GENERATION_STALE_MS);
    await t.ctx.db.update(mapGenerations).set({ status: 'running', done: 100, runId: crypto.randomUUID(), heartbeatAt: stale }).where(eq(mapGenerations.id, generation.id));
    const before = new Map((await t.ctx.db.select().from(mapRoutes).where(eq(mapRoutes.listId, list.id))).map((r) => [r.recordId, r.updatedAt.getTime()]));
    expect(before.size).toBe(100);

    await runGeneration(t.ctx, generation.id);

    const done = (await mapRoutesRepo.generation(t.ctx.db, user.id, generation.id))!;
    expect(done).toMatchObject({ status: 'done', done: 250, failed: 0 });
    const after = await t.ctx.db.select().from(mapRoutes).where(eq(mapRoutes.listId, list.id));
    expect(after).toHaveLength(250);
    expect(after.every((r) => r.imageKey)).toBe(true);
    // The 100 drawn before the crash were left alone.
    for (const r of after) if (before.has(r.recordId)) expect(r.updatedAt.getTime()).toBe(before.get(r.recordId));
    // A live run is not taken over.
    const live = await mapRoutesRepo.createGeneration(t.ctx.db, { userId: user.id, projectId, listId: list.id, total: 250, settings: generation.settings });
    await t.ctx.db.update(mapGenerations).set({ status: 'running', runId: crypto.randomUUID(), heartbeatAt: sql`now()` }).where(eq(mapGenerations.id, live.id));
    await runGeneration(t.ctx, live.id);
    expect((await mapRoutesRepo.generation(t.ctx.db, user.id, live.id))!.done).toBe(0);
  }, 120_000);

  it('takes turns: a run queues itself again after 1,000 records and goes on from there', async () => {
    const projectId = (await createProject(t.ctx.db, user.id)).id;
    const { headers, rows } = us500();
    const list = await createMailingList(t.ctx.db, user.id, { headers, rows: [...rows, ...rows, ...rows].slice(0, 1200), projectId });
    await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
    const loc = (await user.req({ method: 'POST', url: '/api/maps/locations', payload: { name: 'Cafe', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } })).json();
    const drawing = { mapStyle: MAP_DEFAULTS.map_style, routeColor: MAP_DEFAULTS.route_color, routeWidth: 8, mapWidth: 300, mapHeight: 300, markerSettings: null };
    const g = await mapRoutesRepo.createGeneration(t.ctx.db, { userId: user.id, projectId, listId: list.id, total: 1200, settings: { projectId, locationId: loc.id, force: true, drawing } });
    await runGeneration(t.ctx, g.id);
    expect(await mapRoutesRepo.generation(t.ctx.db, user.id, g.id)).toMatchObject({ status: 'queued', done: 1000 });
    await runGeneration(t.ctx, g.id);
    expect(await mapRoutesRepo.generation(t.ctx.db, user.id, g.id)).toMatchObject({ status: 'done', done: 1200 });
  }, 180_000);
});
