import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { autoMap, MAP_DEFAULTS } from '@mailcraft/shared';
import { migrateDatabase, openDatabase } from '../db/client.js';
import { businessLocations, columnMappings, mailingListRecords, mailingLists, projects } from '../db/schema/index.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../platform/config.js';
import { createContext } from '../runtime.js';
import { runGeneration } from '../modules/maps/map-generation.js';
import { mapRoutesRepo } from '../modules/maps/map-routes.repo.js';
import { drawMapPng } from '../modules/maps/cartography/static-map.js';
import { fitView } from '../modules/maps/cartography/map-view.js';
import { straightLine } from '../modules/maps/router.js';
import { rssSampler } from './rss.js';

const US500 = fileURLToPath(new URL('../../../../fixtures/shared-data/us-500.csv', import.meta.url));

/** Generate All Routes for `records` records: end-to-end maps/s, peak RSS, and one thread drawing alone (the baseline). */
export type MapsBenchResult = { maps: number; seconds: number; mapsPerSecond: number; peakRssMb: number; failed: number; approximate: number; drawOnlyPerSecondOneThread: number };

/**
 * Generate All Routes (docs/requirements/maps.md#maps target: ≥ 100 maps/s on 2 cores, ≤ 1 GB) for `records` records —
 * us-500.csv repeated — with the offline providers (ZIP centroids, straight-line routes, the
 * offline base map) on PGlite: the real run (`runGeneration`: database batches, geocoding,
 * routing, drawing on the map render threads, storing every PNG, progress) at the default
 * 600×900. Baseline in the same run: one thread drawing the same maps with nothing else.
 */
export async function benchMaps(records: number): Promise<MapsBenchResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-maps-bench-'));
  const database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
  await migrateDatabase(database);
  const ctx = await createContext(loadConfig({ DATA_DIR: dir, WEB_DIR: '', ADMIN_EMAIL: 'maps@example.test' }, []), database);
  const app = await buildApp(ctx);
  try {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'maps@example.test', password: 'correct horse battery', given_name: 'Bench' } });
    const userId = (signup.json() as { user: { id: string } }).user.id;
    const [headers, ...rows] = Papa.parse<string[]>(await fs.readFile(US500, 'utf8'), { skipEmptyLines: true }).data;
    const [project] = await ctx.db.insert(projects).values({ userId, name: 'Bench', templateType: 'postcard', paperSize: '6x9', sides: 'double', permitType: 'custom' }).returning();
    const [list] = await ctx.db.insert(mailingLists).values({ userId, projectId: project.id, name: 'bench', headers, rowCount: records, sourceFormat: 'csv' }).returning();
    for (let i = 0; i < records; i += 1000) {
      await ctx.db.insert(mailingListRecords).values(Array.from({ length: Math.min(1000, records - i) }, (_, j) => ({ listId: list.id, rowIndex: i + j, values: rows[(i + j) % rows.length] })));
    }
    await ctx.db.insert(columnMappings).values({ listId: list.id, mappings: autoMap(headers), fieldSettings: {} });
    const [location] = await ctx.db.insert(businessLocations).values({
      userId, name: 'Blue Gum Café', address: '6649 N Blue Gum St', city: 'New Orleans', state: 'LA', zip: '70116', latitude: 29.9691, longitude: -90.0641, precision: 'pin',
    }).returning();
    const drawing = { mapStyle: MAP_DEFAULTS.map_style, routeColor: MAP_DEFAULTS.route_color, routeWidth: MAP_DEFAULTS.route_width, mapWidth: MAP_DEFAULTS.map_width, mapHeight: MAP_DEFAULTS.map_height, markerSettings: null };
    const generation = await mapRoutesRepo.createGeneration(ctx.db, {
      userId, projectId: project.id, listId: list.id, total: records, settings: { projectId: project.id, locationId: location.id, force: true, drawing },
    });

    const stop = rssSampler();
    const t0 = performance.now();
    // The job queue's part: each turn draws 1,000 records and queues the next; here the turns run back to back.
    const live = async () => ['queued', 'running'].includes((await mapRoutesRepo.generation(ctx.db, userId, generation.id))?.status ?? '');
    while (await live()) await runGeneration(ctx, generation.id);
    const seconds = (performance.now() - t0) / 1000;
    const peakRssMb = stop();
    const done = (await mapRoutesRepo.generation(ctx.db, userId, generation.id))!;
    if (done.status !== 'done') throw new Error(`generation ${done.status}: ${done.error}`);

    // Baseline: one thread drawing 200 of the same maps, nothing else.
    const business: [number, number] = [-90.0641, 29.9691];
    const t1 = performance.now();
    for (let i = 0; i < 200; i++) {
      const customer: [number, number] = [-90.0641 - 3 + i * 0.03, 29.9691 + 2 - i * 0.02];
      const route = straightLine(customer, business).geometry;
      const input = { width: 600, height: 900, style: 'streets-clean', route, customer, business, routeColor: drawing.routeColor, routeWidth: 12, marker: { logoPng: null, settings: {}, name: 'Blue Gum Café', address: '' }, attribution: '© OpenStreetMap contributors' };
      await drawMapPng({ input, view: fitView([customer, business], 600, 900), roadsFile: null, transparent: false });
    }
    const drawOnlyPerSecondOneThread = 200 / ((performance.now() - t1) / 1000);
    return { maps: done.done - done.failed, seconds, mapsPerSecond: (done.done - done.failed) / seconds, peakRssMb, failed: done.failed, approximate: done.approximate, drawOnlyPerSecondOneThread };
  } finally {
    await app.close();
    await ctx.queue.stop();
    await database.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
