import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, convertValue, type TMapGeneration, type TRoutePreview } from '@mailcraft/shared';
import { printedDistance, printedDuration } from '@mailcraft/shared/designs';
import { eventually } from '../../test/eventually.js';
import { createDesign, createMailingList, createProject, designPage, onPlan, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

const run = promisify(execFile);
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const fromB64 = (s: string | null) => Buffer.from(s ?? '', 'base64').toString('utf8');

/**
 * docs/requirements/maps.md#maps "Map fields everywhere": after Generate All Routes, each record's map, distance and
 * driving time reach its QR link (with the QR configuration's conversions) and its printed piece
 * (an image element named map_image, text named distance and duration).
 */
describe('map fields in QR links and print files', () => {
  let t: TestApp;
  let user: TestUser;
  let dir: string;
  let projectId: string;
  let listId: string;
  let previews: TRoutePreview[];
  beforeAll(async () => {
    t = await createTestApp();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-map-print-'));
    user = await signUpUser(t.app);
    await onPlan(t.ctx.db, user.id, 'pro', { maps: true });
    projectId = (await createProject(t.ctx.db, user.id, { sides: 'single', permitType: 'none' })).id;
    const { headers, rows } = us500(4);
    listId = (await createMailingList(t.ctx.db, user.id, { headers, rows, projectId })).id;
    await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
    const loc = (await user.req({ method: 'POST', url: '/api/maps/locations', payload: { name: 'Blue Gum Café', address: '6649 N Blue Gum St', city: 'New Orleans', state: 'LA', zip: '70116' } })).json();
    const started = await user.req({
      method: 'POST', url: '/api/maps/generate-routes',
      payload: { projectId, listId, businessLocationId: loc.id, mapStyle: 'streets-clean', routeColor: 'rgba(15,83,254,0.78)', routeWidth: 12, mapWidth: 600, mapHeight: 900, processAllEntries: true, forceRegenerate: true, markerSettings: null },
    });
    const id = (started.json() as { generation: TMapGeneration }).generation.id;
    await eventually(async () => (await user.req({ method: 'GET', url: `/api/maps/generations/${id}` })).json().generation.status === 'done', 60_000);
    previews = (await user.req({ method: 'GET', url: `/api/maps/route-previews?projectId=${projectId}&listId=${listId}&locationId=${loc.id}` })).json().previews;
    expect(previews.every((p) => p.hasSavedData)).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('a scanned code carries its record\'s distance and time in the chosen formats and its map\'s URL', async () => {
    const saved = await user.req({
      method: 'POST', url: '/api/qr/config',
      payload: { listId, config: { baseUrl: 'https://cafe.example.com/visit', variables: { distance: { param: 'miles', conversion: 'miles_1' }, duration: { param: 'mins', conversion: 'minutes' }, map_image: { param: 'map' } }, staticParams: [] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const records = (await user.req({ method: 'GET', url: `/api/data-preview/list/${listId}?page=1&limit=5` })).json().records as Array<{ record_id: string; short_url: string }>;
    for (const i of [0, 2]) {
      const res = await t.app.inject({ method: 'GET', url: new URL(records[i].short_url).pathname, headers: { 'user-agent': IPHONE } });
      expect(res.statusCode).toBe(302);
      const dest = new URL(res.headers.location as string);
      const p = previews.find((x) => x.id === records[i].record_id)!;
      expect(fromB64(dest.searchParams.get('miles'))).toBe(convertValue(String(Math.round(p.distance!)), 'miles_1'));
      expect(fromB64(dest.searchParams.get('mins'))).toBe(convertValue(String(Math.round(p.duration!)), 'minutes'));
      const map = new URL(fromB64(dest.searchParams.get('map')));
      expect(map.pathname).toBe(new URL(p.mapUrl!).pathname);
      expect((await t.app.inject({ method: 'GET', url: map.pathname })).statusCode).toBe(200);
    }
  });

  it('prints each piece with its own record\'s map, distance and driving time', async () => {
    await createDesign(t.ctx.db, projectId, {
      inside: designPage([
        { name: 'map_image', type: 'image', content: '', position: { x: 15, y: 20 }, width: 60, height: 90, readOnly: false },
        textElement('distance', 100, 30),
        textElement('duration', 100, 50),
        textElement('first_name', 100, 70),
      ]),
    });
    const started = await user.req({ method: 'POST', url: `/api/projects/${projectId}/print` });
    expect(started.statusCode, started.body).toBe(202);
    const jobId = started.json().jobId as string;
    await eventually(async () => {
      const job = (await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}` })).json();
      expect(job.status).not.toBe('failed');
      return job.status === 'done';
    }, 120_000);
    const pdf = path.join(dir, 'print.pdf');
    await fs.writeFile(pdf, (await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}/file` })).rawPayload);
    for (const page of [1, 2]) {
      const { stdout } = await run('pdftotext', ['-f', String(page), '-l', String(page), '-layout', pdf, '-']);
      const p = previews[page - 1];
      expect(stdout).toContain(printedDistance(p.distance!));
      expect(stdout).toContain(printedDuration(p.duration!));
    }
    // The embedded map of each page is that record's stored image, pixel for pixel; the two differ.
    await run('pdfimages', ['-png', '-f', '1', '-l', '2', pdf, path.join(dir, 'img')]);
    const images = (await fs.readdir(dir)).filter((f) => f.startsWith('img')).sort();
    expect(images).toHaveLength(2);
    const pixels = async (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const printed = await Promise.all(images.map(async (f) => pixels(await fs.readFile(path.join(dir, f)))));
    const stored = await Promise.all([0, 1].map(async (i) => pixels((await t.app.inject({ method: 'GET', url: new URL(previews[i].mapUrl!).pathname })).rawPayload)));
    for (const i of [0, 1]) {
      expect([printed[i].info.width, printed[i].info.height]).toEqual([600, 900]);
      expect(pixelmatch(printed[i].data, stored[i].data, undefined, 600, 900, { threshold: 0.05 })).toBe(0);
    }
    expect(pixelmatch(printed[0].data, printed[1].data, undefined, 600, 900, { threshold: 0.05 })).toBeGreaterThan(1000);
  }, 180_000);
});
