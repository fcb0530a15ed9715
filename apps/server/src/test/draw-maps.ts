import { expect } from 'vitest';
import type { TMapGeneration } from '@mailcraft/shared';
import { eventually } from './eventually.js';
import type { TestUser } from './harness.js';

/**
 * Draws the route map of every record of `listId` for `projectId` through the real routes (a business
 * location in Austin, Generate All Routes at 300 × 300 px) and waits up to 90 s for the run to end;
 * expects it done with no record failed and returns the run.
 */
export async function drawAllMaps(u: TestUser, projectId: string, listId: string): Promise<TMapGeneration> {
  const loc = (await u.req({ method: 'POST', url: '/api/maps/locations', payload: { name: 'Cafe', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } })).json();
  const started = await u.req({
    method: 'POST', url: '/api/maps/generate-routes',
    payload: {
      projectId, listId, businessLocationId: loc.id, mapStyle: 'streets-clean', routeColor: 'rgba(15,83,254,0.78)', routeWidth: 8,
      mapWidth: 300, mapHeight: 300, processAllEntries: true, forceRegenerate: true, markerSettings: null,
    },
  });
  expect(started.statusCode, started.body).toBe(202);
  const { id } = (started.json() as { generation: TMapGeneration }).generation;
  let last: TMapGeneration | undefined;
  await eventually(async () => {
    last = (await u.req({ method: 'GET', url: `/api/maps/generations/${id}` })).json().generation;
    return last?.status === 'done' || last?.status === 'failed';
  }, 90_000);
  expect(last).toMatchObject({ status: 'done', failed: 0 });
  return last!;
}
