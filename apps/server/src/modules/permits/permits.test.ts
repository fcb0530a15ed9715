import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, LOGIN_REQUIRED } from '../../test/expect-error.js';
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
    const refused = async (payload: Record<string, unknown>, message: string, path: string) =>
      expectError(await save(u, payload), 400, 'VALIDATION', message, [{ message, path }]);
    await refused({ indicia }, 'Permit name is required', '/name');
    await refused({ name: '   ', indicia }, 'Permit name is required', '/name');
    await refused({ name: 'P', indicia: { ...indicia, line3: '' } }, 'Line 3 is required', '/indicia/line3');
    const { line6: _omitted, ...five } = indicia;
    await refused({ name: 'P', indicia: five }, 'Line 6 is required', '/indicia/line6');
    await refused({ name: 'P', indicia: { ...indicia, line1: 'X'.repeat(21) } }, 'Maximum 20 characters allowed', '/indicia/line1');
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
    expectError(await u.req({ method: 'DELETE', url: `/api/templates/permits/${a.id}` }), 404, 'NOT_FOUND', 'Permit not found');
  });

  it('keeps permits private: another user\'s permit answers 404', async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const p = await newPermit(owner, 'Mine');
    expect(await list(other)).toEqual([]);
    const del = await other.req({ method: 'DELETE', url: `/api/templates/permits/${p.id}` });
    expectError(del, 404, 'NOT_FOUND', 'Permit not found');
    const project = await newProject(other);
    const use = await other.req({ method: 'PUT', url: `/api/templates/project/${project.id}/permit`, payload: { permitId: p.id } });
    expectError(use, 404, 'NOT_FOUND', 'Permit not found');
    expect((await list(owner))).toHaveLength(1);
    expectError(await t.app.inject({ method: 'GET', url: '/api/templates/permits' }), 401, 'UNAUTHORIZED', LOGIN_REQUIRED);
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
    expectError(await put({ permitId: permit.id }, other), 404, 'NOT_FOUND', 'Project not found');
  });

  it('deleting a permit detaches it from the projects that use it', async () => {
    const u = await signUpUser(t.app);
    const permit = await newPermit(u, 'Main');
    const project = await newProject(u);
    // The project starts on 'none': without these two checks the test passed even if nothing was ever attached.
    const attached = await u.req({ method: 'PUT', url: `/api/templates/project/${project.id}/permit`, payload: { permitId: permit.id } });
    expect(attached.statusCode).toBe(200);
    expect(attached.json()).toMatchObject({ permit_type: 'custom', mailing_permit_id: permit.id });
    expect((await u.req({ method: 'DELETE', url: `/api/templates/permits/${permit.id}` })).statusCode).toBe(204);
    expect((await u.req({ method: 'GET', url: `/api/projects/${project.id}` })).json())
      .toMatchObject({ permit_type: 'none', mailing_permit_id: null });
  });
});
