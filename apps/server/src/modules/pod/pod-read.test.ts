import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, type TApiKeyCreated, type TRecipients } from '@mailcraft/shared';
import { createMailingList, createProject, onPlan, saveColumnMappings, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { eq } from 'drizzle-orm';
import { mailingLists, mailPieces } from '../../db/schema/index.js';
import { insertPiece, insertTrackingEvent } from '../../test/mail-pieces.js';
import { indexListSearchJob } from '../mailing-lists/mailing-lists.jobs.js';

/** The Print-on-Demand API's read routes on API_PORT, both path forms, with scopes (docs/requirements/print-on-demand-api.md#scopes; docs/requirements/print-on-demand-api.md#print-on-demand-api). */
describe('the public API: projects, mailing lists, recipients and mappings', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let key: string;
  let projectId: string;
  let listId: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    owner = await signUpUser(t.app);
    other = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { api: true });
    await onPlan(t.ctx.db, other.id, 'pro', { api: true });
    projectId = (await createProject(t.ctx.db, owner.id, { name: 'Spring' })).id;
    const { headers, rows } = us500();
    listId = (await createMailingList(t.ctx.db, owner.id, { headers, rows, projectId })).id;
    await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
    key = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'read', scopes: ['*:get'] } })).json() as TApiKeyCreated).api_key;
  });
  afterAll(() => t?.close());

  const get = (url: string, apiKey = key) => t.publicApi.inject({ method: 'GET', url, headers: { 'x-api-key': apiKey } });

  it('lists projects and lists at /api/… and the bare path, and finds a list\'s mappings', async () => {
    for (const prefix of ['/api', '']) {
      const projects = await get(`${prefix}/projects?userId=${owner.id}`);
      expect(projects.statusCode, projects.body).toBe(200);
      expect(projects.json().data.map((p: { id: string }) => p.id)).toEqual([projectId]);
      expect((await get(`${prefix}/projects/${projectId}`)).json().name).toBe('Spring');
      expect((await get(`${prefix}/mailingLists?projectId=${projectId}`)).json().data.map((l: { id: string }) => l.id)).toEqual([listId]);
      expect((await get(`${prefix}/mailingLists/${listId}`)).json()).toMatchObject({ id: listId, row_count: 500 });
    }
    const keys = (await get('/keys')).json().data as Array<{ name: string; api_key: string }>;
    expect(keys.map((k) => k.name)).toEqual(['read']);
    expect(keys[0].api_key).not.toBe(key);
    const addresses = (await get('/api/addresses')).json().data as Array<{ mailing_list_id: string }>;
    expect(addresses).toHaveLength(25);
    expect(addresses[0].mailing_list_id).toBe(listId);
    expect((await get('/health')).statusCode).toBe(200);
    const m = (await get(`/api/mappings/${listId}`)).json();
    expect(m.mappings.first_name).toBe('first_name');
    expect(m.originalMappings.first_name).toBe('first_name');
  });

  it('answers on the web port\'s /api paths too when a key comes with the call; without one the session API answers', async () => {
    const keyed = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { 'x-api-key': key } });
    expect(keyed.statusCode, keyed.body).toBe(200);
    expect(keyed.json().name).toBe('Spring');
    expect(keyed.headers['x-ratelimit-limit']).toBe('100');
    const who = await t.app.inject({ method: 'GET', url: '/api/debug/user', headers: { 'x-api-key': key } });
    expect(who.json(), who.body).toMatchObject({ id: owner.id, is_admin: true, userId: owner.id }); // the first user of a server is its admin
    const bare = await t.app.inject({ method: 'GET', url: `/projects/${projectId}`, headers: { 'x-api-key': key } });
    expect(bare.json().name).toBe('Spring');
    const byQuery = await t.app.inject({ method: 'GET', url: `/api/mailingLists/${listId}?api_key=${encodeURIComponent(key)}` });
    expect(byQuery.json()).toMatchObject({ id: listId, row_count: 500 });
    const badKey = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { 'x-api-key': 'live_nope' } });
    expect(badKey.statusCode).toBe(401);
    expect(badKey.json().error.doc_url).toMatch(/\/pod\/documentation#errors-/);
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().info.title).toBe('Mailcraft Print-on-Demand API');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' })).statusCode).toBeLessThan(400);
    const session = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}` });
    expect(session.statusCode).toBe(401);
    expect(session.json().error.doc_url).toBeUndefined();
    expect((await owner.req({ method: 'GET', url: `/api/projects/${projectId}` })).json().name).toBe('Spring');
  });

  it('finds the same recipients through the search index once the list is in it, and again after an import appends', async () => {
    const search = async (q: string) => ((await get(`/api/recipients/${listId}?${q}`)).json() as TRecipients).data;
    const queries = ['search=butt&field=last_name&criteria=exact', 'search=new%20or&field=city&criteria=startsWith', 'search=Butt', 'search=LA&criteria=exact', 'search=%22'];
    const before = await Promise.all(queries.map(search));
    expect(before[3].pagination.filteredTotal, 'any column exactly "LA"').toBeGreaterThan(1);
    await indexListSearchJob.handler({ listId }, t.ctx, { jobId: 'test', signal: new AbortController().signal });
    const [list] = await t.ctx.db.select().from(mailingLists).where(eq(mailingLists.id, listId));
    expect(list.searchReady).toBe(true);
    expect(await Promise.all(queries.map(search))).toEqual(before);
  });

  it('pages and searches recipients by field and criteria', async () => {
    const page = (await get(`/api/recipients/${listId}?page=2&limit=50`)).json() as TRecipients;
    expect(page.status).toBe('success');
    expect(page.data.pagination).toEqual({ total: 500, filteredTotal: 500, pages: 10, page: 2 });
    expect(page.data.recipients).toHaveLength(50);
    expect(page.data.recipients[0].row).toBe(51);
    expect(page.data.list).toMatchObject({ id: listId, name: 'us-500.csv', row_count: 500 });
    const exact = (await get(`/api/recipients/${listId}?search=butt&field=last_name&criteria=exact`)).json() as TRecipients;
    expect(exact.data.recipients.map((r) => `${r.first_name} ${r.last_name}`)).toEqual(['James Butt']);
    const starts = (await get(`/api/recipients/${listId}?search=new%20or&field=city&criteria=startsWith`)).json() as TRecipients;
    expect(starts.data.pagination.filteredTotal).toBeGreaterThan(1);
    expect(starts.data.recipients.every((r) => r.city?.toLowerCase().startsWith('new or'))).toBe(true);
    const anywhere = (await get(`/api/recipients/${listId}?search=Butt`)).json() as TRecipients;
    expect(anywhere.data.pagination.filteredTotal).toBeGreaterThanOrEqual(1);
    const none = (await get(`/api/recipients/${listId}?search=${encodeURIComponent('%_')}`)).json() as TRecipients;
    expect(none.data.pagination.filteredTotal).toBe(0);
    expect((await get(`/api/recipients/${listId}?limit=30`)).statusCode).toBe(400);
    expect((await get(`/api/recipients/${listId}?search=x&field=nickname`)).json().error.message).toBe('The list does not map the field nickname');
  });

  it('shows each searched record\'s mail piece of its latest print file with its stage and timeline, and none for a record never printed', async () => {
    const search = async (q: string) => ((await get(`/api/recipients/${listId}?${q}`)).json() as TRecipients).data.recipients;
    const [butt] = await search('search=butt&field=last_name&criteria=exact');
    expect(butt.mail_piece).toBeNull();
    const older = await insertPiece(t.ctx.db, { userId: owner.id, listId, recordId: butt.id, projectId });
    await t.ctx.db.update(mailPieces).set({ createdAt: new Date('2026-10-01T12:00:00Z') }).where(eq(mailPieces.id, older.id));
    await insertTrackingEvent(t.ctx.db, older, 'delivered', new Date('2026-10-03T16:00:00Z'));
    const latest = await insertPiece(t.ctx.db, { userId: owner.id, listId, recordId: butt.id, projectId });
    await insertTrackingEvent(t.ctx.db, latest, 'out_for_delivery', new Date('2026-11-27T08:00:00Z'));
    await insertTrackingEvent(t.ctx.db, latest, 'accepted', new Date('2026-11-25T09:00:00Z'));
    await t.ctx.db.update(mailPieces).set({ stage: 'out_for_delivery', stageAt: new Date('2026-11-27T08:00:00Z') }).where(eq(mailPieces.id, latest.id));

    const [found] = await search('search=butt&field=last_name&criteria=exact');
    expect(found.mail_piece).toMatchObject({
      id: latest.id, print_job_id: latest.printJobId, imb: latest.imb, stage: 'out_for_delivery', stage_at: '2026-11-27T08:00:00.000Z', in_home_at: null,
    });
    expect(found.mail_piece!.events.map((e) => [e.stage, e.occurred_at, e.operation_code, e.source])).toEqual([
      ['accepted', '2026-11-25T09:00:00.000Z', '919', 'push'], ['out_for_delivery', '2026-11-27T08:00:00.000Z', '919', 'push'],
    ]);
    expect(found.mail_piece!.events[0]).toMatchObject({ facility: { zip: '70116', city: 'New Orleans', state: 'LA' }, time_zone: 'America/Chicago' });
    const page = await search('search=new%20or&field=city&criteria=startsWith');
    expect(page.find((r) => r.id === butt.id)?.mail_piece?.id).toBe(latest.id);
    expect(page.filter((r) => r.id !== butt.id).every((r) => r.mail_piece === null)).toBe(true);
  });

  it('enforces each key\'s scopes and never reaches another user\'s data', async () => {
    const ordersOnly = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'orders', scopes: ['orders:post'] } })).json() as TApiKeyCreated).api_key;
    const refused = await get('/api/projects', ordersOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'This API key may not GET projects (its scopes: orders:post)' });
    const lists = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'lists', scopes: ['mailingLists:*'] } })).json() as TApiKeyCreated).api_key;
    expect((await get('/api/mailingLists', lists)).statusCode).toBe(200);
    expect((await get('/api/projects', lists)).statusCode).toBe(403);
    const theirs = ((await other.req({ method: 'POST', url: '/keys', payload: { name: 'theirs' } })).json() as TApiKeyCreated).api_key;
    expect((await get('/api/projects', theirs)).json()).toMatchObject({ data: [], has_more: false, next_cursor: null, total_count: 0 });
    for (const url of [`/api/projects/${projectId}`, `/api/mailingLists/${listId}`, `/api/recipients/${listId}`, `/api/mappings/${listId}`]) {
      const res = await get(url, theirs);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.doc_url).toMatch(/#errors-not_found$/);
    }
  });
});
