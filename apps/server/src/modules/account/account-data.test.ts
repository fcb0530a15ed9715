import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, autoMap, blankTemplate } from '@mailcraft/shared';
import { expectError } from '../../test/expect-error.js';
import { eventually } from '../../test/eventually.js';
import { designPage, onPlan, saveColumnMappings, textElement } from '../../test/factories.js';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

const PASSWORD = 'correct horse battery';
/** The tests that render a print file wait for the render threads, slow to start on a busy machine. */
const PRINT_TIMEOUT = 150_000;
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const CSV = 'first_name,last_name,address,city,state,zip,note\r\nAnn,Lee,1 Main St,Austin,TX,78701,"says ""hi"", twice"\r\nBob,Ray,2 Oak Ave,Dallas,TX,75201,\r\nCy,Fox,3 Elm Rd,Waco,TX,76701,élan\r\n';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app); // the first account: the only administrator
});
afterAll(async () => { await t?.close(); });

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every file under the storage root, as relative paths. */
async function storedFiles(): Promise<Set<string>> {
  const root = t.ctx.config.storageDir;
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return new Set(entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))));
}

/**
 * What a user makes through the API: a project, an uploaded list (stored file), a design with a
 * thumbnail (stored file) and a finished print file (stored PDF).
 */
async function makeData(u: TestUser) {
  await onPlan(t.ctx.db, u.id, 'business');
  const created = await u.req({ method: 'POST', url: '/api/projects', payload: { name: 'Spring mailer', sides: 'single' } });
  expect(created.statusCode, created.body).toBe(201);
  const project = created.json();
  const upload = await u.req({ method: 'POST', url: '/api/lists/upload', ...multipartBody({ name: 'people.csv', data: Buffer.from(CSV) }, { projectId: project.id }) });
  expect(upload.statusCode, upload.body).toBe(201);
  const list = upload.json();
  await saveColumnMappings(t.ctx.db, list.id, autoMap(list.headers));
  const design = await u.req({
    method: 'POST', url: `/api/templates/project/${project.id}/design`,
    payload: { template_data_inside: designPage([textElement('first_name', 20, 30)]), thumbnails: { inside: `data:image/png;base64,${PNG_1PX}` } },
  });
  expect(design.statusCode, design.body).toBe(200);
  const print = await u.req({ method: 'POST', url: `/api/projects/${project.id}/print`, payload: { confirm_warnings: true } });
  expect(print.statusCode, print.body).toBe(202);
  const { jobId } = print.json();
  let job: { status: string; error?: string } = { status: 'queued' };
  await eventually(async () => {
    job = (await u.req({ method: 'GET', url: `/api/print-jobs/${jobId}` })).json();
    return job.status === 'done' || job.status === 'failed';
  }, 100_000);
  expect(job, job.error).toMatchObject({ status: 'done' });
  return { project, list, jobId };
}

/**
 * What a user makes besides `makeData`: a map image of every record of the list and a marker logo
 * (maps), and an on-demand order's PDF (print-on-demand API).
 */
async function makeMapsAndOrder(u: TestUser, projectId: string, listId: string) {
  await onPlan(t.ctx.db, u.id, 'business', { maps: true, api: true });
  const locationId: string = (await u.req({ method: 'POST', url: '/api/maps/locations', payload: { name: 'Cafe', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } })).json().id;
  const logo = Buffer.from(PNG_1PX, 'base64');
  const marker = await u.req({ method: 'POST', url: '/api/maps/upload-marker', ...multipartBody({ name: 'logo.png', data: logo, type: 'image/png' }, { businessId: locationId, logoOffsetX: '0', logoOffsetY: '0' }) });
  expect(marker.statusCode, marker.body).toBe(200);
  const started = await u.req({
    method: 'POST', url: '/api/maps/generate-routes',
    payload: {
      projectId, listId, businessLocationId: locationId, mapStyle: 'streets-clean', routeColor: 'rgba(15,83,254,0.78)', routeWidth: 8,
      mapWidth: 300, mapHeight: 300, processAllEntries: true, forceRegenerate: true, markerSettings: null,
    },
  });
  expect(started.statusCode, started.body).toBe(202);
  const generationId: string = started.json().generation.id;
  await eventually(async () => (await u.req({ method: 'GET', url: `/api/maps/generations/${generationId}` })).json().generation.status === 'done', 60_000);
  const apiKey: string = (await u.req({ method: 'POST', url: '/api/keys', payload: { name: 'Shop key' } })).json().api_key;
  const placed = await t.publicApi.inject({
    method: 'POST', url: '/api/orders/mailing', headers: { 'x-api-key': apiKey },
    payload: {
      templateId: `${projectId}-main`, mailingListId: listId, format: 'mailer-letter',
      recipientData: { first_name: 'Ada', last_name: 'Lovelace', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId: string = placed.json().id;
  await eventually(async () => (await t.publicApi.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { 'x-api-key': apiKey } })).json().status === 'rendered', 60_000);
  return { locationId, orderId };
}

describe('delete account', () => {
  it('needs the typed email and the password; the last administrator cannot leave', async () => {
    const u = await signUpUser(t.app);
    const del = (who: TestUser, confirm_email: string, current_password = PASSWORD) =>
      who.req({ method: 'POST', url: '/api/account/delete', payload: { confirm_email, current_password } });
    expectError(await del(u, `x${u.email}`), 400, 'VALIDATION', M.confirmMismatch);
    expectError(await del(u, u.email, 'wrong password'), 403, 'FORBIDDEN', M.wrongPassword);
    expectError(await del(admin, admin.email), 409, 'CONFLICT', M.lastAdmin);
    expect((await u.req({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    expect((await admin.req({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
  });

  it('removes every row and every stored file of the user, and clears the session cookie', async () => {
    const before = await storedFiles();
    const u = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const theirs = await other.req({ method: 'POST', url: '/api/lists/upload', ...multipartBody({ name: 'theirs.csv', data: Buffer.from(CSV) }) });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const othersFiles = await storedFiles();
    expect(othersFiles.has(`lists/${theirs.json().id}/source.csv`)).toBe(true);
    const { project, list, jobId } = await makeData(u);
    await u.req({ method: 'POST', url: '/api/api-keys', payload: { name: 'CI key' } });
    await t.ctx.db.execute(sql`INSERT INTO permits (user_id, name, indicia) VALUES (${u.id}, 'Mine', '{}'::jsonb)`);
    const { locationId, orderId } = await makeMapsAndOrder(u, project.id, list.id);
    const made = [...(await storedFiles())].filter((f) => !othersFiles.has(f));
    expect(made).toEqual(expect.arrayContaining([
      `lists/${list.id}/source.csv`, `projects/${project.id}/thumbnails/inside.png`, `print/${jobId}.pdf`,
      `markers/${locationId}.png`, `orders/${orderId}.pdf`,
    ]));
    expect(made.filter((f) => f.startsWith(`maps/${list.id}/`))).toHaveLength(3);

    const res = await u.req({ method: 'POST', url: '/api/account/delete', payload: { confirm_email: u.email.toUpperCase(), current_password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.cookies.find((c) => c.name === 'mc_session')?.value).toBe('');
    expect((await u.req({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: PASSWORD } })).statusCode).toBe(401);

    // Every column that names a user, a project or a list, in every table: nothing left of this user.
    const columns = await rows<{ table_name: string; column_name: string }>(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name IN ('user_id', 'owner_id', 'actor_id', 'uploaded_by', 'project_id', 'list_id', 'mailing_list_id', 'source_project_id')`);
    expect(columns.length).toBeGreaterThan(15);
    const ids = [u.id, project.id, list.id];
    for (const { table_name, column_name } of columns) {
      const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} WHERE ${sql.identifier(column_name)}::text IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      expect(n, `${table_name}.${column_name}`).toBe(0);
    }
    expect(await rows(sql`SELECT id FROM users WHERE id = ${u.id}`)).toHaveLength(0);

    // Every file the user made goes, in the background; the other user's stay.
    await eventually(async () => {
      const left = await storedFiles();
      return made.every((f) => !left.has(f));
    });
    const after = await storedFiles();
    expect(made.filter((f) => after.has(f))).toEqual([]);
    const othersLists = (await other.req({ method: 'GET', url: '/api/lists' })).json().map((l: { id: string }) => l.id);
    expect([...othersFiles].filter((f) => !after.has(f)), `the other user's lists: ${othersLists.join(', ')}; the deleted user's: ${list.id}`).toEqual([]);
    expect([...after].filter((f) => !before.has(f) && !othersFiles.has(f))).toEqual([]);
    expect((await other.req({ method: 'GET', url: '/api/lists' })).json()).toHaveLength(1);
  }, PRINT_TIMEOUT);
});

describe('download my data', () => {
  it('streams a ZIP with the account, projects, designs, print files, lists as CSV and a README; one at a time', async () => {
    const u = await signUpUser(t.app, { given_name: 'Exporter' });
    const { project } = await makeData(u);
    const [a, b] = await Promise.all([0, 1].map(() => u.req({ method: 'GET', url: '/api/account/export' })));
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429]);
    const refused = a.statusCode === 429 ? a : b;
    expectError(refused, 429, 'RATE_LIMITED', M.exportRunning);

    const res = await u.req({ method: 'GET', url: '/api/account/export' }); // the slot is free again
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mailcraft-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    expect(names).toEqual(expect.arrayContaining([
      'README.txt', 'account.json', 'projects/Spring mailer/project.json', 'projects/Spring mailer/design.json', 'lists/people.csv',
    ]));
    const account = JSON.parse(strFromU8(files['account.json']));
    expect(account).toMatchObject({ id: u.id, email: u.email, given_name: 'Exporter', plan: { id: 'business' }, settings: { time_zone: null } });
    expect(JSON.parse(strFromU8(files['projects/Spring mailer/project.json']))).toMatchObject({ id: project.id, name: 'Spring mailer' });
    const design = JSON.parse(strFromU8(files['projects/Spring mailer/design.json']));
    expect(design.template_data_inside.schemas[0][0]).toMatchObject({ name: 'first_name' });
    expect(design.template_data_inside.basePdf).toEqual(blankTemplate('8.5x11').basePdf);
    const pdfs = names.filter((n) => /^projects\/Spring mailer\/print\/.+\.pdf$/.test(n));
    expect(pdfs).toHaveLength(1);
    expect(strFromU8(files[pdfs[0]].slice(0, 5))).toBe('%PDF-');

    const exported = Papa.parse<string[]>(strFromU8(files['lists/people.csv']), { skipEmptyLines: true }).data;
    expect(exported).toEqual(Papa.parse<string[]>(CSV, { skipEmptyLines: true }).data);
    expect(strFromU8(files['README.txt'])).toContain('lists/<name>.csv');
  }, PRINT_TIMEOUT);
});
