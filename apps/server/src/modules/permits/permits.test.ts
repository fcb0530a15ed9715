import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

const indicia = { line1: 'PRESORTED', line2: 'STANDARD', line3: 'U.S. POSTAGE', line4: 'PAID', line5: 'PERMIT NO. 123', line6: 'AUSTIN, TX' };
const save = (u: TestUser, payload: Record<string, unknown>) => u.req({ method: 'POST', url: '/api/templates/permits', payload });
const newPermit = async (u: TestUser, name: string, isDefault?: boolean) => {
  const res = await save(u, { name, indicia, isDefault });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const list = async (u: TestUser) => (await u.req({ method: 'GET', url: '/api/templates/permits' })).json();
const newProject = async (u: TestUser) => (await u.req({ method: 'POST', url: '/api/projects', payload: { name: 'Mailer', permit_type: 'none' } })).json();

describe('permits', () => {
  it('saves a permit with its indicia text; the first saved becomes the default', async () => {
    const u = await signUpUser(t.app);
    expect(await list(u)).toEqual([]);
    const first = await newPermit(u, 'Main permit');
    expect(first).toMatchObject({
      id: expect.any(String), name: 'Main permit', is_default: true, permit_image: null,
      indicia: { ...indicia, text: 'PRESORTED\nSTANDARD\nU.S. POSTAGE\nPAID\nPERMIT NO. 123\nAUSTIN, TX' },
    });
    const second = await newPermit(u, 'Second');
    expect(second.is_default).toBe(false);
    expect((await list(u)).map((p: { name: string; is_default: boolean }) => [p.name, p.is_default]))
      .toEqual([['Main permit', true], ['Second', false]]);
  });

  it('moves the default to a permit saved with isDefault and lists the default first', async () => {
    const u = await signUpUser(t.app);
    await newPermit(u, 'A');
    await newPermit(u, 'B');
    const c = await newPermit(u, 'C', true);
    expect(c.is_default).toBe(true);
    const permits = await list(u);
    expect(permits.map((p: { name: string }) => p.name)).toEqual(['C', 'A', 'B']);
    expect(permits.filter((p: { is_default: boolean }) => p.is_default)).toHaveLength(1);
  });

  it('answers the spec\'s validation messages', async () => {
    const u = await signUpUser(t.app);
    const message = async (payload: Record<string, unknown>) => {
      const res = await save(u, payload);
      expect(res.statusCode).toBe(400);
      return res.json().error.message;
    };
    expect(await message({ indicia })).toBe('Permit name is required');
    expect(await message({ name: '   ', indicia })).toBe('Permit name is required');
    expect(await message({ name: 'P', indicia: { ...indicia, line3: '' } })).toBe('Line 3 is required');
    const { line6: _omitted, ...five } = indicia;
    expect(await message({ name: 'P', indicia: five })).toBe('Line 6 is required');
    expect(await message({ name: 'P', indicia: { ...indicia, line1: 'X'.repeat(21) } })).toBe('Maximum 20 characters allowed');
    expect((await save(u, { name: 'P', indicia: { ...indicia, line1: 'X'.repeat(20) } })).statusCode).toBe(201);
  });

  it('deletes a permit; when it was the default the oldest remaining becomes default', async () => {
    const u = await signUpUser(t.app);
    const a = await newPermit(u, 'A');
    const b = await newPermit(u, 'B');
    await newPermit(u, 'C');
    expect((await u.req({ method: 'DELETE', url: `/api/templates/permits/${a.id}` })).statusCode).toBe(204);
    const left = await list(u);
    expect(left.map((p: { name: string; is_default: boolean }) => [p.name, p.is_default])).toEqual([['B', true], ['C', false]]);
    expect(left[0].id).toBe(b.id);
    expect((await u.req({ method: 'DELETE', url: `/api/templates/permits/${a.id}` })).statusCode).toBe(404);
  });

  it('keeps permits private: another user\'s permit answers 404', async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const p = await newPermit(owner, 'Mine');
    expect(await list(other)).toEqual([]);
    const del = await other.req({ method: 'DELETE', url: `/api/templates/permits/${p.id}` });
    expect(del.statusCode).toBe(404);
    expect(del.json().error.message).toBe('Permit not found');
    const project = await newProject(other);
    const use = await other.req({ method: 'PUT', url: `/api/templates/project/${project.id}/permit`, payload: { permitId: p.id } });
    expect(use.statusCode).toBe(404);
    expect((await list(owner))).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/templates/permits' })).statusCode).toBe(401);
  });

  it('selects a permit for a project (custom) and clears it (none)', async () => {
    const u = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const permit = await newPermit(u, 'Main');
    const project = await newProject(u);
    const put = (payload: Record<string, unknown>, who = u, id = project.id) =>
      who.req({ method: 'PUT', url: `/api/templates/project/${id}/permit`, payload });
    const selected = await put({ permitId: permit.id, templateType: 'self_mailer', paperSize: '8.5x11', sides: 'double' });
    expect(selected.statusCode).toBe(200);
    expect(selected.json()).toMatchObject({ id: project.id, permit_type: 'custom', mailing_permit_id: permit.id });
    expect((await put({ permitId: null })).json()).toMatchObject({ permit_type: 'none', mailing_permit_id: null });
    expect((await put({ permitId: permit.id }, other)).statusCode).toBe(404);
  });

  it('deleting a permit detaches it from the projects that use it', async () => {
    const u = await signUpUser(t.app);
    const permit = await newPermit(u, 'Main');
    const project = await newProject(u);
    await u.req({ method: 'PUT', url: `/api/templates/project/${project.id}/permit`, payload: { permitId: permit.id } });
    await u.req({ method: 'DELETE', url: `/api/templates/permits/${permit.id}` });
    expect((await u.req({ method: 'GET', url: `/api/projects/${project.id}` })).json())
      .toMatchObject({ permit_type: 'none', mailing_permit_id: null });
  });
});
