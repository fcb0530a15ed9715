import { PRODUCT_PERMIT_UNAVAILABLE } from '@mailcraft/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankTemplate } from '@mailcraft/shared';
import { mailingLists, projects } from '../../db/schema/index.js';
import { onPlan } from '../../test/factories.js';
import { expectError, LOGIN_REQUIRED } from '../../test/expect-error.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { loadConfig } from '../../platform/config.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

const create = (u: TestUser, payload: Record<string, unknown>) => u.req({ method: 'POST', url: '/api/projects', payload });
const newProject = async (u: TestUser, payload: Record<string, unknown> = {}) => {
  const res = await create(u, { name: 'Spring mailer', ...payload });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const addPermit = async (u: TestUser, name: string) => (await u.req({
  method: 'POST', url: '/api/templates/permits',
  payload: { name, indicia: { line1: 'PRESORTED', line2: 'STANDARD', line3: 'U.S. POSTAGE', line4: 'PAID', line5: 'PERMIT NO. 1', line6: 'AUSTIN, TX' } },
})).json();

/** Factory: a mailing list of the user made the project's current list (as the upload module does). */
async function attachList(userId: string, projectId: string, name: string, rowCount: number) {
  const [list] = await t.ctx.db.insert(mailingLists)
    .values({ userId, projectId, name, headers: ['name'], rowCount, sourceFormat: 'csv' }).returning();
  await t.ctx.db.update(projects).set({ listId: list.id }).where(eq(projects.id, projectId));
  return list;
}

describe('projects', () => {
  it('without a product permit on the server: no permit by default, and the product permit is refused', async () => {
    const u = await signUpUser(t.app);
    const res = await create(u, { name: 'Plain' });
    expect(res.json()).toMatchObject({ permit_type: 'none', mailing_permit_id: null });
    expectError(await create(u, { name: 'Product', permit_type: 'product' }), 422, 'UNPROCESSABLE', PRODUCT_PERMIT_UNAVAILABLE);
  });

  it('creates a project with the spec defaults (product permit when the server has one) and answers it with an id', async () => {
    // The operator's permit as PRODUCT_PERMIT_NUMBER=77 / PRODUCT_PERMIT_CITY=Reno, NV configure it (read per request).
    const { config } = t.ctx;
    config.productPermit = loadConfig({ PRODUCT_PERMIT_NUMBER: '77', PRODUCT_PERMIT_CITY: 'Reno, NV' }, []).productPermit;
    try {
      const u = await signUpUser(t.app);
      const offered = await u.req({ method: 'GET', url: '/api/templates/permits/product' });
      expect(offered.json()).toMatchObject({ available: true, indicia: { line5: 'PERMIT NO. 77', line6: 'RENO, NV', text: 'PRESORTED\nSTANDARD\nU.S. POSTAGE\nPAID\nPERMIT NO. 77\nRENO, NV' } });
      const res = await create(u, { name: '  Spring mailer ', description: 'Flyer' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Spring mailer', description: 'Flyer',
        template_type: 'self_mailer', paper_size: '8.5x11', sides: 'double', permit_type: 'product',
        mailing_permit_id: null, list_id: null, list_size: null, list_name: null,
        has_template: false, progress: 0,
        thumbnail_inside: null, thumbnail_outside: null, thumbnail_r1: null, thumbnail_r2: null, thumbnail_r3: null,
      });
      expect(new Date(res.json().created_at).getTime()).not.toBeNaN();
    } finally {
      config.productPermit = null;
    }
  });

  it('requires a name and limits the size to the mailer type', async () => {
    const u = await signUpUser(t.app);
    const noName = await create(u, { name: '  ' });
    expectError(noName, 400, 'VALIDATION', 'Project name is required', [{ message: 'Project name is required', path: '/name' }]);
    const wrongSize = await create(u, { name: 'Card', template_type: 'postcard', paper_size: '8.5x11' });
    expectError(wrongSize, 400, 'VALIDATION', 'Additional sizes coming soon', [{ message: 'Additional sizes coming soon', path: '/paper_size' }]);
    const postcard = await newProject(u, { template_type: 'postcard', paper_size: '6x9', sides: 'single' });
    expect(postcard).toMatchObject({ template_type: 'postcard', paper_size: '6x9', sides: 'single' });
  });

  it('lists the user\'s projects newest first and gets one by id', async () => {
    const u = await signUpUser(t.app);
    const first = await newProject(u, { name: 'First' });
    const second = await newProject(u, { name: 'Second' });
    const list = (await u.req({ method: 'GET', url: '/api/projects' })).json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Second', 'First']);
    const one = await u.req({ method: 'GET', url: `/api/projects/${first.id}` });
    expect(one.json()).toEqual(first);
    expect(second.id).not.toBe(first.id);
  });

  it('answers 404 for another user\'s project on every route and 401 when signed out', async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const p = await newProject(owner);
    const update = { name: 'Stolen', template_type: 'self_mailer', paper_size: '8.5x11', sides: 'double' };
    for (const [method, url, payload] of [
      ['GET', `/api/projects/${p.id}`], ['GET', `/api/projects/${p.id}/status`],
      ['POST', `/api/projects/${p.id}/update`, update], ['DELETE', `/api/projects/${p.id}`],
      ['GET', '/api/projects/not-a-uuid'],
    ] as const) {
      const res = await other.req({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expectError(res, 404, 'NOT_FOUND', 'Project not found');
    }
    expect((await other.req({ method: 'GET', url: '/api/projects' })).json()).toEqual([]);
    expectError(await t.app.inject({ method: 'GET', url: '/api/projects' }), 401, 'UNAUTHORIZED', LOGIN_REQUIRED);
    expectError(await t.app.inject({ method: 'POST', url: '/api/projects', payload: {} }), 401, 'UNAUTHORIZED', LOGIN_REQUIRED);
    expect((await owner.req({ method: 'GET', url: `/api/projects/${p.id}` })).json().name).toBe('Spring mailer');
  });

  it('updates name, description, type, size and sides and keeps the permit', async () => {
    const u = await signUpUser(t.app);
    const permit = await addPermit(u, 'Main');
    const p = await newProject(u, { permit_type: 'custom' });
    expect(p.mailing_permit_id).toBe(permit.id);
    const res = await u.req({
      method: 'POST', url: `/api/projects/${p.id}/update`,
      payload: { name: 'Renamed', description: 'New text', template_type: 'postcard', paper_size: '6x9', sides: 'single' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: p.id, name: 'Renamed', description: 'New text', template_type: 'postcard', paper_size: '6x9', sides: 'single',
      mailing_permit_id: permit.id, permit_type: 'custom',
    });
    const bad = await u.req({
      method: 'POST', url: `/api/projects/${p.id}/update`,
      payload: { name: 'Renamed', template_type: 'postcard', paper_size: '8.5x11', sides: 'single' },
    });
    expectError(bad, 400, 'VALIDATION', 'Additional sizes coming soon', [{ message: 'Additional sizes coming soon', path: '/paper_size' }]);
  });

  it('deletes a project (204) with its design', async () => {
    const u = await signUpUser(t.app);
    const p = await newProject(u);
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const blank = blankTemplate('8.5x11');
    await u.req({ method: 'POST', url: `/api/templates/project/${p.id}/design`, payload: { template_data_inside: blank, thumbnails: { inside: png } } });
    const thumbnail = `projects/${p.id}/thumbnails/inside.png`;
    expect(await t.ctx.storage.exists(thumbnail)).toBe(true);
    expect((await u.req({ method: 'DELETE', url: `/api/projects/${p.id}` })).statusCode).toBe(204);
    // Its thumbnails and print files go in the background (project-deletion.test.ts, with the job workers running).
    expectError(await u.req({ method: 'GET', url: `/api/templates/project/${p.id}/design` }), 404, 'NOT_FOUND', 'Project not found');
    expectError(await u.req({ method: 'GET', url: `/api/projects/${p.id}` }), 404, 'NOT_FOUND', 'Project not found');
    expectError(await u.req({ method: 'DELETE', url: `/api/projects/${p.id}` }), 404, 'NOT_FOUND', 'Project not found');
  });

  it('reports progress 0, 50 and 100 as the list and the template arrive', async () => {
    const u = await signUpUser(t.app);
    const p = await newProject(u);
    const status = async () => (await u.req({ method: 'GET', url: `/api/projects/${p.id}/status` })).json();
    expect(await status()).toEqual({ list: null, template: false, designed: false, progress: 0 });

    const list = await attachList(u.id, p.id, 'Customers.csv', 42);
    expect(await status()).toEqual({ list: { id: list.id, name: 'Customers.csv', row_count: 42 }, template: false, designed: false, progress: 50 });
    expect((await u.req({ method: 'GET', url: `/api/projects/${p.id}` })).json())
      .toMatchObject({ list_id: list.id, list_name: 'Customers.csv', list_size: 42, progress: 50 });

    const blank = blankTemplate('8.5x11');
    await u.req({ method: 'POST', url: `/api/templates/project/${p.id}/design`, payload: { template_data_inside: blank, template_data_outside: blank } });
    // The blank design is the project's template (docs/requirements/workflow.md#clear-states-and-fast-pages): present, not yet designed.
    expect(await status()).toMatchObject({ template: true, designed: false, progress: 50 });
    const withText = { ...blank, schemas: [[{ name: 'headline', type: 'text', content: 'Hi', position: { x: 10, y: 10 }, width: 50, height: 10 }]] };
    await u.req({ method: 'POST', url: `/api/templates/project/${p.id}/design`, payload: { template_data_inside: blank, template_data_outside: withText } });
    expect(await status()).toMatchObject({ template: true, designed: true, progress: 100 });
    expect((await u.req({ method: 'GET', url: '/api/projects' })).json()[0]).toMatchObject({ has_template: true, progress: 100 });
  });

  it('ignores a list of another user set on the project', async () => {
    const u = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const p = await newProject(u);
    const foreign = await attachList(other.id, p.id, 'Theirs.csv', 5);
    await t.ctx.db.update(projects).set({ listId: foreign.id }).where(eq(projects.id, p.id));
    expect((await u.req({ method: 'GET', url: `/api/projects/${p.id}/status` })).json()).toEqual({ list: null, template: false, designed: false, progress: 0 });
  });

  it('refuses a project over the plan\'s max_projects with 402', async () => {
    const u = await signUpUser(t.app);
    await onPlan(t.ctx.db, u.id, 'pay_as_you_go', { max_projects: 2 });
    await newProject(u);
    await newProject(u);
    const third = await create(u, { name: 'Third' });
    expectError(third, 402, 'PAYMENT_REQUIRED', 'Your plan allows 2 projects. Delete a project or upgrade at /pricing?feature=max_projects');
    expect((await u.req({ method: 'GET', url: '/api/projects' })).json()).toHaveLength(2);
  });

  it('keeps no user permit for product and none, takes the chosen or default permit for custom', async () => {
    const u = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    expect((await newProject(u)).mailing_permit_id).toBeNull();
    const main = await addPermit(u, 'Main');
    const second = await addPermit(u, 'Second');
    expect((await newProject(u)).mailing_permit_id).toBeNull();
    expect((await newProject(u, { permit_type: 'custom' })).mailing_permit_id).toBe(main.id);
    expect((await newProject(u, { permit_type: 'custom', permit_id: second.id })))
      .toMatchObject({ permit_type: 'custom', mailing_permit_id: second.id });
    expect((await newProject(u, { permit_type: 'none' })).mailing_permit_id).toBeNull();
    const theirs = await addPermit(other, 'Theirs');
    const foreign = await create(u, { name: 'X', permit_type: 'custom', permit_id: theirs.id });
    expectError(foreign, 404, 'NOT_FOUND', 'Permit not found');
  });

  it('makes an existing list of the user the current list, refusing another user\'s list', async () => {
    const u = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const p = await newProject(u);
    const first = await attachList(u.id, p.id, 'First list', 10);
    const [second] = await t.ctx.db.insert(mailingLists)
      .values({ userId: u.id, name: 'Second list', headers: ['name'], rowCount: 20, sourceFormat: 'csv' }).returning();
    const [theirs] = await t.ctx.db.insert(mailingLists)
      .values({ userId: other.id, name: 'Theirs', headers: ['name'], rowCount: 5, sourceFormat: 'csv' }).returning();
    expect((await u.req({ method: 'GET', url: `/api/projects/${p.id}` })).json().list_id).toBe(first.id);
    const res = await u.req({ method: 'PUT', url: `/api/projects/${p.id}/list`, payload: { listId: second.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ list_id: second.id, list_name: 'Second list', list_size: 20 });
    const refused = await u.req({ method: 'PUT', url: `/api/projects/${p.id}/list`, payload: { listId: theirs.id } });
    expectError(refused, 404, 'NOT_FOUND', 'Mailing list not found');
    expect((await u.req({ method: 'GET', url: `/api/projects/${p.id}` })).json().list_id).toBe(second.id);
  });
});
