import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, type TApiKeyCreated, type TApiTemplate, type TOrder, type TProject, type TReinforcementDesign } from '@mailcraft/shared';
import { eventually } from '../../test/eventually.js';
import { createDesign, createMailingList, createProject, designPage, onPlan, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { pdfPageTexts } from '../../test/pdf-text.js';

const PNG_1PX = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Reinforcements R1–R3 (docs/requirements/print-on-demand-api.md#data; docs/requirements/print-on-demand-api.md#print-on-demand-api): designed through the web API, listed and
 * ordered through the public API; templates and permits on the public API.
 */
describe('reinforcements, templates and reinforcement orders', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let key: string;
  let readOnly: string;
  let otherKey: string;
  let projectId: string;
  let listId: string;
  let recordIds: string[];
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app);
    other = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { api: true });
    await onPlan(t.ctx.db, other.id, 'pro', { api: true });
    projectId = (await createProject(t.ctx.db, owner.id, { name: 'Spring', templateType: 'postcard', paperSize: '6x9', sides: 'double', permitType: 'none' })).id;
    const { headers, rows } = us500(5);
    listId = (await createMailingList(t.ctx.db, owner.id, { headers, rows, projectId })).id;
    await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
    await createDesign(t.ctx.db, projectId, { inside: designPage([textElement('full_name', 20, 20)], '6x9'), outside: designPage([], '6x9') });
    key = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'shop' } })).json() as TApiKeyCreated).api_key;
    readOnly = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'read', scopes: ['*:get'] } })).json() as TApiKeyCreated).api_key;
    otherKey = ((await other.req({ method: 'POST', url: '/keys', payload: { name: 'theirs' } })).json() as TApiKeyCreated).api_key;
    const page = (await t.publicApi.inject({ method: 'GET', url: `/api/recipients/${listId}`, headers: { 'x-api-key': key } })).json();
    recordIds = page.data.recipients.map((r: { id: string }) => r.id);
  }, 60_000);
  afterAll(() => t?.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, apiKey = key) =>
    t.publicApi.inject({ method, url, payload, headers: { 'x-api-key': apiKey } });
  const thankYou = (over: object = {}) => ({
    name: 'Thank you', type: 'image', template_data: designPage([textElement('first_name', 20, 20), textElement('city', 20, 40)], '6x9'), thumbnail: PNG_1PX, ...over,
  });

  it('saves R1 and R3 in the Designer; the project card and the public API list them', async () => {
    const saved = await owner.req({ method: 'PUT', url: `/api/projects/${projectId}/reinforcements/1`, payload: thankYou() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: `${projectId}-r1`, slot: 1, name: 'Thank you', type: 'image', size: '6x9' });
    expect((await owner.req({ method: 'PUT', url: `/api/projects/${projectId}/reinforcements/3`, payload: thankYou({ name: 'Last call', type: 'digital', thumbnail: undefined }) })).statusCode).toBe(200);
    const wrongSize = await owner.req({ method: 'PUT', url: `/api/projects/${projectId}/reinforcements/2`, payload: thankYou({ template_data: designPage([], '8.5x11') }) });
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().error.message).toMatch(/must be 152\.4 × 228\.6 mm \(6x9\)/);
    expect((await owner.req({ method: 'PUT', url: `/api/projects/${projectId}/reinforcements/2`, payload: thankYou({ name: '  ' }) })).json().error.message).toBe('Reinforcement name is required');
    expect((await other.req({ method: 'PUT', url: `/api/projects/${projectId}/reinforcements/2`, payload: thankYou() })).statusCode).toBe(404);

    const designs = (await owner.req({ method: 'GET', url: `/api/projects/${projectId}/reinforcements` })).json() as TReinforcementDesign[];
    expect(designs.map((r) => [r.slot, r.name, r.type])).toEqual([[1, 'Thank you', 'image'], [3, 'Last call', 'digital']]);
    expect(designs[0].template_data.schemas[0]).toHaveLength(2);

    const project = (await owner.req({ method: 'GET', url: `/api/projects/${projectId}` })).json() as TProject;
    expect(project.thumbnail_r1).toMatch(new RegExp(`^/api/projects/${projectId}/thumbnails/r1\\.png\\?v=\\d+$`));
    expect(project.thumbnail_r2).toBeNull();
    expect(project.thumbnail_r3).toBeNull(); // saved without a thumbnail
    const img = await owner.req({ method: 'GET', url: project.thumbnail_r1! });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await api('GET', project.thumbnail_r1!)).statusCode).toBe(200);

    for (const prefix of ['/api', '']) {
      const listed = await api('GET', `${prefix}/reinforcements?projectId=${projectId}`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().data.map((r: { id: string; name: string }) => [r.id, r.name])).toEqual([[`${projectId}-r1`, 'Thank you'], [`${projectId}-r3`, 'Last call']]);
      expect(listed.json().data[0].template_data).toBeUndefined();
    }
    expect((await api('GET', `/api/reinforcements?projectId=${projectId}`, undefined, otherKey)).statusCode).toBe(404);
    expect((await api('GET', '/api/reinforcements')).json().data.map((r: { id: string }) => r.id)).toEqual([`${projectId}-r1`, `${projectId}-r3`]);
    expect((await api('GET', '/api/reinforcements?projectId=nope')).statusCode).toBe(400);
  });

  it('lists templates as Order Entry builds them, saves a design, sets a permit; scopes hold', async () => {
    const mine = (await api('GET', `/api/templates/project/${projectId}`)).json().data as TApiTemplate[];
    expect(mine.map((tp) => [tp.id, tp.kind, tp.sides])).toEqual([[`${projectId}-main`, 'main', 2], [`${projectId}-r1`, 'reinforcement', 1], [`${projectId}-r3`, 'reinforcement', 1]]);
    expect(mine[1].thumbnail_inside).toMatch(/thumbnails\/r1\.png/);
    expect((await api('GET', '/templates')).json().data.map((tp: TApiTemplate) => tp.id)).toEqual(mine.map((tp) => tp.id));
    expect((await api('GET', '/api/templates', undefined, otherKey)).json().data).toEqual([]);

    const permit = await api('POST', '/api/templates/permits', { name: 'Bulk', indicia: { line1: 'PRSRT STD', line2: 'US POSTAGE PAID', line3: 'PERMIT 42', line4: 'PAID', line5: 'PERMIT 42', line6: 'AUSTIN TX' }, isDefault: true });
    expect(permit.statusCode, permit.body).toBe(201);
    expect((await api('GET', '/api/templates/permits')).json().data.map((p: { name: string }) => p.name)).toEqual(['Bulk']);
    const set = await api('PUT', `/api/templates/project/${projectId}/permit`, { permitId: permit.json().id, templateType: 'postcard', paperSize: '6x9', sides: 'double' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().permit_type).toBe('custom');
    expect((await api('POST', '/api/templates/permits', { name: 'X', indicia: { line1: 'A' } }, readOnly)).statusCode).toBe(403);
    expect((await api('DELETE', `/api/templates/permits/${permit.json().id}`, undefined, otherKey)).statusCode).toBe(404);

    const design = await api('POST', `/api/templates/project/${projectId}/design`, {
      template_data_inside: designPage([textElement('full_name', 20, 20), textElement('address', 20, 30)], '6x9'),
    });
    expect(design.statusCode, design.body).toBe(200);
    expect(design.json().template_data_inside.schemas[0]).toHaveLength(2);
    expect((await api('POST', `/api/templates/project/${projectId}/design`, { template_data_inside: designPage([], '8.5x11') })).statusCode).toBe(400);
  });

  it('orders a reinforcement for a us-500 recipient: its own one-page file, linked to the others; refuses what does not exist', async () => {
    const body = {
      reinforcementId: `${projectId}-r1`, additionalReinforcements: [`${projectId}-r3`], mailingListId: listId, recipientId: recordIds[0],
      deliveryType: 'print-mail', format: 'postcard',
    };
    const res = await api('POST', '/orders/reinforcement', body);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as TOrder;
    expect(created).toMatchObject({
      order_type: 'reinforcement', status: 'pending', cost: 0.25, template_id: `${projectId}-r1`, reinforcement_id: `${projectId}-r1`,
      additional_reinforcements: [`${projectId}-r3`],
    });
    let done!: TOrder;
    await eventually(async () => {
      done = (await api('GET', `/api/orders/${created.id}`)).json();
      return done.status !== 'pending';
    }, 60_000);
    expect(done.status, done.message).toBe('rendered');
    const pages = pdfPageTexts((await api('GET', done.file_url!)).rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('James');
    expect(pages[0]).toContain('New Orleans');

    const empty = await api('POST', '/api/orders/reinforcement', { ...body, reinforcementId: `${projectId}-r2`, additionalReinforcements: [] });
    expect(empty.statusCode).toBe(404);
    expect(empty.json().error.message).toBe('Reinforcement not found');
    const foreign = await api('POST', '/api/orders/reinforcement', { ...body, additionalReinforcements: ['00000000-0000-4000-8000-000000000000-r1'] });
    expect(foreign.statusCode).toBe(400);
    expect((await api('POST', '/api/orders/reinforcement', { ...body, reinforcementId: 'nope' })).statusCode).toBe(400);
    expect((await api('POST', '/api/orders/reinforcement', body, otherKey)).statusCode).toBe(404);
  }, 90_000);

  it('removes a reinforcement: gone from the lists and the card', async () => {
    expect((await owner.req({ method: 'DELETE', url: `/api/projects/${projectId}/reinforcements/1` })).statusCode).toBe(204);
    expect((await owner.req({ method: 'DELETE', url: `/api/projects/${projectId}/reinforcements/1` })).statusCode).toBe(404);
    expect((await api('GET', `/api/reinforcements?projectId=${projectId}`)).json().data.map((r: { slot: number }) => r.slot)).toEqual([3]);
    expect(((await owner.req({ method: 'GET', url: `/api/projects/${projectId}` })).json() as TProject).thumbnail_r1).toBeNull();
    // R3 has no thumbnail: it is still a template of the project.
    expect((await api('GET', '/api/templates')).json().data.map((tp: TApiTemplate) => tp.id)).toEqual([`${projectId}-main`, `${projectId}-r3`]);
  });
});
