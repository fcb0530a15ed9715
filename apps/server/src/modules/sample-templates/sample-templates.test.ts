import { eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminSampleTemplate, TAuditEntry, TProject, TProjectDesign, TSampleTemplate } from '@mailcraft/shared';
import { sampleTemplates } from '../../db/schema/index.js';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { BUILTIN_SAMPLES } from './builtin/samples.js';
import { seedSampleTemplates } from './seed-sample-templates.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Sample templates (docs/requirements/administration.md#administration): the gallery, apply, hidden samples, the admin tool and seeding. */
describe('sample templates', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    admin = await signUpUser(t.app); // the first account: administrator
    user = await signUpUser(t.app);
    other = await signUpUser(t.app);
  });
  afterAll(() => t?.close());

  const samples = async (u: TestUser, query = '') => {
    const res = await u.req({ method: 'GET', url: `/api/templates/samples${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TSampleTemplate[];
  };
  const byKey = async (key: string) => (await t.ctx.db.select().from(sampleTemplates).where(eq(sampleTemplates.builtinKey, key)))[0];
  const newProject = async (u: TestUser, over: Record<string, unknown> = {}) => {
    const res = await u.req({ method: 'POST', url: '/api/projects', payload: { name: 'Spring mailer', template_type: 'postcard', paper_size: '6x9', sides: 'double', permit_type: 'none', ...over } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (await u.req({ method: 'GET', url: `/api/projects/${res.json().id}` })).json() as TProject;
  };
  const apply = (u: TestUser, sampleId: string, projectId: string) =>
    u.req({ method: 'POST', url: `/api/templates/samples/${sampleId}/apply`, payload: { projectId } });
  const audit = async () => (await admin.req({ method: 'GET', url: '/api/admin/audit?area=sample-templates&limit=200' })).json() as TAuditEntry[];

  it('lists the six built-in samples in order, filters by type and size, and serves their thumbnails as PNGs', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/templates/samples' })).statusCode).toBe(401);
    const all = await samples(user);
    expect(all.map((s) => s.name)).toEqual(BUILTIN_SAMPLES.map((s) => s.name));
    expect(all).toHaveLength(6);
    expect(new Set(all.map((s) => `${s.template_type} ${s.paper_size}`))).toEqual(new Set(['postcard 6x9', 'self_mailer 8.5x11']));
    const postcards = await samples(user, '?type=postcard&size=6x9');
    expect(postcards.length).toBeGreaterThanOrEqual(2);
    expect(postcards.every((s) => s.template_type === 'postcard' && s.paper_size === '6x9')).toBe(true);
    expect(await samples(user, '?type=postcard&size=8.5x11')).toEqual([]);
    expect((await user.req({ method: 'GET', url: '/api/templates/samples?size=10x10' })).statusCode).toBe(400);

    for (const s of all) {
      for (const url of [s.front_thumbnail, s.back_thumbnail!]) {
        const res = await user.req({ method: 'GET', url });
        expect(res.statusCode, `${s.name} ${url}`).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
        const { width, height } = await sharp(res.rawPayload).metadata();
        // 72 dpi of the portrait page: 6x9 → 432 × 648 px, 8.5x11 → 612 × 792 px.
        expect([width, height]).toEqual(s.paper_size === '6x9' ? [432, 648] : [612, 792]);
      }
    }
    // Rendered once and kept: both keys are recorded.
    expect(await t.ctx.db.select().from(sampleTemplates).where(isNotNull(sampleTemplates.backThumbnailKey))).toHaveLength(6);
  });

  it('apply copies the design into the user\'s project; a size mismatch is 409 and another user\'s project 404', async () => {
    const [openHouse] = await samples(user, '?type=postcard');
    const project = await newProject(user);
    const res = await apply(user, openHouse.id, project.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ project_id: project.id });
    const design = (await user.req({ method: 'GET', url: `/api/templates/project/${project.id}/design` })).json() as TProjectDesign;
    const builtin = BUILTIN_SAMPLES.find((s) => s.name === openHouse.name)!;
    expect(design.template_data_inside).toEqual(builtin.design.inside);
    expect(design.template_data_outside).toEqual(builtin.design.outside);
    const after = (await user.req({ method: 'GET', url: `/api/projects/${project.id}` })).json() as TProject;
    expect(after).toMatchObject({ has_template: true });
    expect(after.thumbnail_outside).not.toBeNull();
    expect(after.thumbnail_inside).not.toBeNull();
    expect((await user.req({ method: 'GET', url: after.thumbnail_outside! })).statusCode).toBe(200);

    // A single-sided project becomes double-sided to take both sides.
    const single = await newProject(user, { sides: 'single' });
    expect((await apply(user, openHouse.id, single.id)).statusCode).toBe(200);
    expect((await user.req({ method: 'GET', url: `/api/projects/${single.id}` })).json().sides).toBe('double');

    const letter = await newProject(user, { template_type: 'self_mailer', paper_size: '8.5x11' });
    const mismatch = await apply(user, openHouse.id, letter.id);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().error.message).toBe('This template is 6x9; your project is 8.5x11.');
    expect((await user.req({ method: 'GET', url: `/api/templates/project/${letter.id}/design` })).json().updated_at).toBeNull();

    const theirs = await newProject(other);
    expect((await apply(user, openHouse.id, theirs.id)).statusCode).toBe(404);
    expect((await other.req({ method: 'GET', url: `/api/templates/project/${theirs.id}/design` })).json().updated_at).toBeNull();
    expect((await apply(user, '00000000-0000-4000-8000-000000000000', project.id)).statusCode).toBe(404);
    expect((await user.req({ method: 'POST', url: `/api/templates/samples/${openHouse.id}/apply`, payload: {} })).statusCode).toBe(400);
  });

  it('a hidden sample is not listed to users, its thumbnails and apply answer 404 for them; admins still see it', async () => {
    const dental = await byKey('dental-checkup');
    const hide = await admin.req({ method: 'PATCH', url: `/api/admin/sample-templates/${dental.id}`, payload: { published: false } });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await samples(user)).map((s) => s.id)).not.toContain(dental.id);
    for (const side of ['front', 'back']) {
      expect((await user.req({ method: 'GET', url: `/api/templates/samples/${dental.id}/thumbnail/${side}` })).statusCode).toBe(404);
      expect((await admin.req({ method: 'GET', url: `/api/templates/samples/${dental.id}/thumbnail/${side}` })).statusCode).toBe(200);
    }
    expect((await apply(user, dental.id, (await newProject(user)).id)).statusCode).toBe(404);
    const listed = (await admin.req({ method: 'GET', url: '/api/admin/sample-templates' })).json() as TAdminSampleTemplate[];
    expect(listed.find((s) => s.id === dental.id)).toMatchObject({ published: false, builtin_key: 'dental-checkup' });
    expect((await audit()).find((e) => e.target_id === dental.id)).toMatchObject({ action: 'sample.hide', before: { published: true }, after: { published: false } });
  });

  it('admin routes: 403 for users; create from a project, edit, replace the thumbnail, delete — each in the audit log', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/sample-templates'], ['POST', '/api/admin/sample-templates'], ['PATCH', '/api/admin/sample-templates/x'],
      ['POST', '/api/admin/sample-templates/x/thumbnail'], ['POST', '/api/admin/sample-templates/x/thumbnail/render'], ['DELETE', '/api/admin/sample-templates/x'],
    ] as const) {
      expect((await user.req({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode, `${method} ${url}`).toBe(403);
    }

    // From one of the admin's projects: an empty design is refused, a designed one copied.
    const project = await newProject(admin, { template_type: 'self_mailer', paper_size: '8.5x11' });
    const empty = await admin.req({ method: 'POST', url: '/api/admin/sample-templates', payload: { projectId: project.id, name: 'Mine' } });
    expect(empty.statusCode).toBe(422);
    const hvac = BUILTIN_SAMPLES.find((s) => s.key === 'hvac-tune-up')!;
    expect((await admin.req({ method: 'POST', url: `/api/templates/project/${project.id}/design`, payload: { template_data_inside: hvac.design.inside, template_data_outside: hvac.design.outside } })).statusCode).toBe(200);
    const notMine = await newProject(user, { template_type: 'self_mailer', paper_size: '8.5x11' });
    expect((await admin.req({ method: 'POST', url: '/api/admin/sample-templates', payload: { projectId: notMine.id, name: 'Theirs' } })).statusCode).toBe(404);
    const created = await admin.req({ method: 'POST', url: '/api/admin/sample-templates', payload: { projectId: project.id, name: 'Furnace check', description: 'Heating season' } });
    expect(created.statusCode, created.body).toBe(201);
    const sample = created.json() as TAdminSampleTemplate;
    expect(sample).toMatchObject({ name: 'Furnace check', template_type: 'self_mailer', paper_size: '8.5x11', sides: 'double', published: false, builtin_key: null, source_project_id: project.id });
    expect((await samples(user)).map((s) => s.id)).not.toContain(sample.id);
    expect((await admin.req({ method: 'GET', url: sample.front_thumbnail })).statusCode).toBe(200);

    const patched = await admin.req({ method: 'PATCH', url: `/api/admin/sample-templates/${sample.id}`, payload: { name: 'Furnace tune-up', published: true, position: 1 } });
    expect(patched.json()).toMatchObject({ name: 'Furnace tune-up', published: true, position: 1 });
    expect((await samples(user))[0].id).toBe(sample.id);
    expect((await admin.req({ method: 'PATCH', url: `/api/admin/sample-templates/${sample.id}`, payload: { name: '' } })).statusCode).toBe(400);

    // Thumbnail: a PNG or JPEG up to 2 MB, re-encoded as PNG; anything else refused.
    const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#c2410c' } }).jpeg().toBuffer();
    const upload = (data: Buffer, side = 'front') =>
      admin.req({ method: 'POST', url: `/api/admin/sample-templates/${sample.id}/thumbnail?side=${side}`, ...multipartBody({ name: 'thumb.jpg', data, type: 'image/jpeg' }) });
    const replaced = await upload(jpeg);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const served = await user.req({ method: 'GET', url: (replaced.json() as TAdminSampleTemplate).front_thumbnail });
    expect(served.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 300, height: 400 });
    expect((await upload(Buffer.from('%PDF-1.4 not an image'))).statusCode).toBe(415);
    expect((await upload(Buffer.alloc(2 * 1024 * 1024 + 1, 1))).statusCode).toBe(413);
    const rendered = await admin.req({ method: 'POST', url: `/api/admin/sample-templates/${sample.id}/thumbnail/render` });
    expect(rendered.statusCode).toBe(200);
    expect(await sharp((await user.req({ method: 'GET', url: rendered.json().front_thumbnail })).rawPayload).metadata()).toMatchObject({ width: 612, height: 792 });

    expect((await admin.req({ method: 'DELETE', url: `/api/admin/sample-templates/${sample.id}` })).statusCode).toBe(204);
    expect((await admin.req({ method: 'DELETE', url: `/api/admin/sample-templates/${sample.id}` })).statusCode).toBe(404);
    expect((await admin.req({ method: 'GET', url: sample.front_thumbnail })).statusCode).toBe(404);
    expect(await t.ctx.storage.exists(`sample-templates/${sample.id}/front.png`)).toBe(false);

    const actions = (await audit()).filter((e) => e.target_id === sample.id).map((e) => e.action).reverse();
    expect(actions).toEqual(['sample.create', 'sample.publish', 'sample.thumbnail', 'sample.thumbnail', 'sample.delete']);
  });

  it('seeding again adds nothing, and keeps what an administrator hid or renamed', async () => {
    const open = await byKey('open-house');
    await admin.req({ method: 'PATCH', url: `/api/admin/sample-templates/${open.id}`, payload: { name: 'Open house (ours)', published: false } });
    expect(await seedSampleTemplates(t.ctx)).toBe(0);
    expect(await seedSampleTemplates(t.ctx)).toBe(0);
    const builtins = await t.ctx.db.select().from(sampleTemplates).where(isNotNull(sampleTemplates.builtinKey));
    expect(builtins).toHaveLength(6);
    expect(await byKey('open-house')).toMatchObject({ name: 'Open house (ours)', published: false });
    expect(await byKey('dental-checkup')).toMatchObject({ published: false });

    // A deleted built-in comes back, published, at the next seeding.
    const grand = await byKey('grand-opening');
    await admin.req({ method: 'DELETE', url: `/api/admin/sample-templates/${grand.id}` });
    expect(await seedSampleTemplates(t.ctx)).toBe(1);
    expect(await byKey('grand-opening')).toMatchObject({ published: true });
  });
});
