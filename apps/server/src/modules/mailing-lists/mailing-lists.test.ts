import { LIST_MESSAGES, mapRecord } from '@mailcraft/shared';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index.js';
import { createProject } from '../../test/factories.js';
import { expectError, LOGIN_REQUIRED } from '../../test/expect-error.js';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { sharedDataFile } from '../../test/shared-data.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

const sample = (name: string) => fs.readFileSync(sharedDataFile(name));
const upload = (u: TestUser, name: string, data: Buffer, fields: Record<string, string> = {}) =>
  u.req({ method: 'POST', url: '/api/lists/upload', ...multipartBody({ name, data }, fields) });
const uploadOk = async (u: TestUser, name: string, data: Buffer, fields: Record<string, string> = {}) => {
  const res = await upload(u, name, data, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; row_count: number; headers: string[]; project_list: boolean };
};
const get = (u: TestUser, url: string) => u.req({ method: 'GET', url });

describe('mailing lists', () => {
  it('uploads us-500.csv and previews it in list order, raw values as imported', async () => {
    const u = await signUpUser(t.app);
    const list = await uploadOk(u, 'us-500.csv', sample('us-500.csv'));
    expect(list).toMatchObject({ name: 'us-500.csv', row_count: 500 });
    expect(list.headers).toEqual(['first_name', 'last_name', 'company_name', 'address', 'city', 'county', 'state', 'zip', 'phone1', 'phone2', 'email', 'web']);

    const first = await get(u, `/api/lists/${list.id}/preview?step=mapping`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ headers: list.headers, total: 500, offset: 0, limit: 10 });
    expect(first.json().rows).toHaveLength(10);
    expect(first.json().rows[0].slice(0, 4)).toEqual(['James', 'Butt', 'Benton, John B Jr', '6649 N Blue Gum St']);
    expect(first.json().rows[2][7]).toBe('08014');

    const last = (await get(u, `/api/lists/${list.id}/preview?offset=495&limit=100`)).json();
    expect(last.rows).toHaveLength(5);
    expect(last).toMatchObject({ offset: 495, limit: 100, total: 500 });
  });

  it('uploads us-500.xlsx with its ZIPs as stored, padded only when records are mapped', async () => {
    const u = await signUpUser(t.app);
    const list = await uploadOk(u, 'us-500.xlsx', sample('us-500.xlsx'));
    expect(list.row_count).toBe(500);
    const rows = (await get(u, `/api/lists/${list.id}/preview?limit=3`)).json().rows;
    expect(rows[0].slice(0, 4)).toEqual(['James', 'Butt', 'Benton, John B Jr', '6649 N Blue Gum St']);
    expect(rows[2][7]).toBe('8014');
    const { mappings, fieldSettings } = (await get(u, `/api/mappings/list/${list.id}`)).json();
    const page = (await get(u, `/api/lists/${list.id}/preview?offset=2&limit=1`)).json();
    expect(page.total).toBe(500);
    expect(mapRecord(page.headers, page.rows[0], mappings, fieldSettings)).toMatchObject({ first_name: 'Art', last_name: 'Venere', zip: '08014' });
  });

  it('stores the original file after the upload', async () => {
    const u = await signUpUser(t.app);
    const data = sample('letters-small.csv');
    const list = await uploadOk(u, 'letters-small.CSV', data);
    expect(list.row_count).toBe(7);
    expect(await t.ctx.storage.get(`lists/${list.id}/source.csv`)).toEqual(data);
  });

  it('lists the user\'s lists newest first and answers one with its headers', async () => {
    const u = await signUpUser(t.app);
    const a = await uploadOk(u, 'a.csv', Buffer.from('name\nAnn\n'));
    const b = await uploadOk(u, 'b.csv', Buffer.from('name\nBo\nCy\n'));
    const all = (await get(u, '/api/lists')).json();
    expect(all.map((l: { id: string }) => l.id)).toEqual([b.id, a.id]);
    expect(all[0]).toEqual({ id: b.id, name: 'b.csv', row_count: 2, created_at: expect.any(String), project_id: null, column_count: 1 });
    expect(new Date(all[0].created_at).getTime()).not.toBeNaN();
    const one = await get(u, `/api/lists/${a.id}`);
    expect(one.json()).toMatchObject({ id: a.id, name: 'a.csv', row_count: 1, headers: ['name'] });
  });

  it('adopts an upload only for a project without a list; a second upload waits for the user to switch (no silent swap)', async () => {
    const u = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, u.id);
    const first = await uploadOk(u, 'first.csv', Buffer.from('name\nAnn\n'), { projectId: project.id });
    expect(first.project_list).toBe(true);
    const second = await uploadOk(u, 'second.csv', Buffer.from('name\nBo\nCy\n'), { projectId: project.id });
    expect(second.project_list).toBe(false);
    const listOf = async () => (await t.ctx.db.select().from(projects).where(eq(projects.id, project.id)))[0].listId;
    expect(await listOf()).toBe(first.id);
    const switched = await u.req({ method: 'PUT', url: `/api/projects/${project.id}/list`, payload: { listId: second.id } });
    expect(switched.json()).toMatchObject({ list_id: second.id, list_name: 'second.csv', list_size: 2 });
    expect(await listOf()).toBe(second.id);
  });

  it('refuses to delete the project\'s current list (409), deletes others (204)', async () => {
    const u = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, u.id);
    const old = await uploadOk(u, 'old.csv', Buffer.from('name\nAnn\n'), { projectId: project.id });
    const current = await uploadOk(u, 'new.csv', Buffer.from('name\nBo\n'), { projectId: project.id });
    expect((await u.req({ method: 'PUT', url: `/api/projects/${project.id}/list`, payload: { listId: current.id } })).statusCode).toBe(200);
    expect((await get(u, `/api/lists/${current.id}`)).json().project_id).toBe(project.id);

    const refused = await u.req({ method: 'DELETE', url: `/api/lists/${current.id}` });
    expect(refused.json().error).toEqual({ code: 'CONFLICT', message: 'The current mailing list of a project cannot be deleted', request_id: refused.headers['x-request-id'] });
    expectError(refused, 409, 'CONFLICT', LIST_MESSAGES.currentList);

    const deleted = await u.req({ method: 'DELETE', url: `/api/lists/${old.id}` });
    expect(deleted.statusCode).toBe(204);
    expectError(await get(u, `/api/lists/${old.id}`), 404, 'NOT_FOUND', 'Mailing list not found');
    // Its stored files go in the background (list-deletion.test.ts, with the job workers running).
    expect((await get(u, '/api/lists')).json().map((l: { id: string }) => l.id)).toEqual([current.id]);
  });

  it('renames a list (trimmed), refusing an empty name and another user\'s list', async () => {
    const u = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const list = await uploadOk(u, 'export (3).csv', Buffer.from('name,city\nAnn,Rome\n'));
    const renamed = await u.req({ method: 'PATCH', url: `/api/lists/${list.id}`, payload: { name: '  Spring customers  ' } });
    expect(renamed.json()).toMatchObject({ id: list.id, name: 'Spring customers', row_count: 1, column_count: 2 });
    expect((await get(u, `/api/lists/${list.id}`)).json().name).toBe('Spring customers');
    const empty = await u.req({ method: 'PATCH', url: `/api/lists/${list.id}`, payload: { name: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('List name is required');
    expectError(await other.req({ method: 'PATCH', url: `/api/lists/${list.id}`, payload: { name: 'Mine' } }), 404, 'NOT_FOUND', 'Mailing list not found');
  });

  it('answers 404 for another user\'s list or project, and for malformed ids', async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const list = await uploadOk(owner, 'mine.csv', Buffer.from('name\nAnn\n'));
    const project = await createProject(t.ctx.db, owner.id);
    for (const url of [`/api/lists/${list.id}`, `/api/lists/${list.id}/preview`, `/api/mappings/list/${list.id}`, '/api/lists/not-a-uuid']) {
      const res = await get(other, url);
      expect(res.statusCode, url).toBe(404);
      expectError(res, 404, 'NOT_FOUND', 'Mailing list not found');
    }
    expectError(await other.req({ method: 'DELETE', url: `/api/lists/${list.id}` }), 404, 'NOT_FOUND', 'Mailing list not found');
    const save = await other.req({ method: 'POST', url: '/api/lists/map-columns', payload: { fileId: list.id, mappings: {} } });
    expectError(save, 404, 'NOT_FOUND', 'Mailing list not found');
    const foreignProject = await upload(other, 'x.csv', Buffer.from('name\nAnn\n'), { projectId: project.id });
    expectError(foreignProject, 404, 'NOT_FOUND', 'Project not found');
    expect((await get(other, '/api/lists')).json()).toEqual([]);
    expect((await get(owner, `/api/lists/${list.id}`)).statusCode).toBe(200);
  });

  it('answers 400, not 500, for a preview offset past any list (2^31)', async () => {
    const u = await signUpUser(t.app);
    const list = await uploadOk(u, 'letters-small.csv', sample('letters-small.csv'));
    const r = await get(u, `/api/lists/${list.id}/preview?offset=${2 ** 31}`);
    expectError(r, 400, 'VALIDATION', 'offset must be at most 250000', [{ message: 'offset must be at most 250000', path: '/offset' }]);
  });

  it('checks the preview page: limit at most 100, offset not negative', async () => {
    const u = await signUpUser(t.app);
    const list = await uploadOk(u, 'a.csv', Buffer.from('name\nAnn\n'));
    expectError(await get(u, `/api/lists/${list.id}/preview?limit=101`), 400, 'VALIDATION', 'limit must be at most 100', [{ message: 'limit must be at most 100', path: '/limit' }]);
    expectError(await get(u, `/api/lists/${list.id}/preview?offset=-1`), 400, 'VALIDATION', 'offset must be 0 or more', [{ message: 'offset must be 0 or more', path: '/offset' }]);
    expect((await get(u, `/api/lists/${list.id}/preview?offset=5`)).json()).toMatchObject({ rows: [], total: 1 });
  });

  it('requires login', async () => {
    for (const [method, url] of [['GET', '/api/lists'], ['POST', '/api/lists/upload'], ['GET', '/api/mappings/list/x'], ['POST', '/api/lists/map-columns']] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expectError(res, 401, 'UNAUTHORIZED', LOGIN_REQUIRED);
    }
  });
});
