import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankTemplate } from '@mailcraft/shared';
import { expectError } from '../../test/expect-error.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const pngUrl = (b64 = PNG_1PX) => `data:image/png;base64,${b64}`;
const letter = blankTemplate('8.5x11');
const headline = {
  name: 'headline', type: 'text', content: 'Hello {first_name}', position: { x: 20, y: 30 }, width: 120, height: 15,
  fontName: 'Roboto-Regular', fontSize: 24, rotate: 0, customProp: { kept: true },
};
const withHeadline = { ...letter, schemas: [[headline]] };

const newProject = async (u: TestUser, payload: Record<string, unknown> = {}) =>
  (await u.req({ method: 'POST', url: '/api/projects', payload: { name: 'Mailer', ...payload } })).json();
const getDesign = (u: TestUser, id: string) => u.req({ method: 'GET', url: `/api/templates/project/${id}/design` });
const saveDesign = (u: TestUser, id: string, payload: Record<string, unknown>) =>
  u.req({ method: 'POST', url: `/api/templates/project/${id}/design`, payload });

describe('designs', () => {
  it('answers blank templates at the project size until a design is saved', async () => {
    const u = await signUpUser(t.app);
    const double = await newProject(u);
    expect((await getDesign(u, double.id)).json()).toEqual({
      template_data_inside: { basePdf: { width: 215.9, height: 279.4, padding: [6.35, 6.35, 6.35, 6.35] }, schemas: [[]] },
      template_data_outside: { basePdf: { width: 215.9, height: 279.4, padding: [6.35, 6.35, 6.35, 6.35] }, schemas: [[]] },
      updated_at: null,
    });
    const single = await newProject(u, { template_type: 'postcard', paper_size: '6x9', sides: 'single' });
    const design = (await getDesign(u, single.id)).json();
    expect(design.template_data_inside.basePdf).toMatchObject({ width: 152.4, height: 228.6 });
    expect(design.template_data_outside).toBeNull();
  });

  it('saves a pdfme template keeping every element property', async () => {
    const u = await signUpUser(t.app);
    const p = await newProject(u);
    const res = await saveDesign(u, p.id, { template_data_inside: withHeadline, template_data_outside: letter });
    expect(res.statusCode).toBe(200);
    const got = (await getDesign(u, p.id)).json();
    expect(got.template_data_inside).toEqual(withHeadline);
    expect(got.template_data_outside).toEqual(letter);
    expect(new Date(got.updated_at).getTime()).not.toBeNaN();
    expect((await u.req({ method: 'GET', url: `/api/projects/${p.id}` })).json().has_template).toBe(true);
  });

  it('a double-sided save without an outside keeps the saved outside, or a blank one', async () => {
    const u = await signUpUser(t.app);
    const p = await newProject(u);
    await saveDesign(u, p.id, { template_data_inside: letter, template_data_outside: null });
    expect((await getDesign(u, p.id)).json().template_data_outside).toEqual(letter);
    await saveDesign(u, p.id, { template_data_inside: letter, template_data_outside: withHeadline });
    await saveDesign(u, p.id, { template_data_inside: letter });
    expect((await getDesign(u, p.id)).json().template_data_outside).toEqual(withHeadline);
  });

  it('rejects a template of the wrong size or shape, and an outside for single-sided', async () => {
    const u = await signUpUser(t.app);
    const p = await newProject(u);
    const a4 = { ...letter, basePdf: { ...letter.basePdf, width: 210, height: 297 } };
    const wrongSize = await saveDesign(u, p.id, { template_data_inside: a4, template_data_outside: letter });
    expectError(wrongSize, 400, 'VALIDATION', 'The inside template must be 215.9 × 279.4 mm (8.5x11)');
    const nearlyLetter = { ...letter, basePdf: { ...letter.basePdf, width: 216.3 } };
    expect((await saveDesign(u, p.id, { template_data_inside: nearlyLetter })).statusCode).toBe(200);

    const noPosition = { ...letter, schemas: [[{ name: 'x', type: 'text', width: 10, height: 10 }]] };
    const noPositionMessage = 'Element position {x, y} in mm is required';
    expectError(await saveDesign(u, p.id, { template_data_inside: noPosition }), 400, 'VALIDATION', noPositionMessage,
      [{ message: noPositionMessage, path: '/template_data_inside/schemas/0/0/position' }]);
    const badPadding = { ...letter, basePdf: { ...letter.basePdf, padding: [1, 2] } };
    expectError(await saveDesign(u, p.id, { template_data_inside: badPadding }), 400, 'VALIDATION', 'Padding must be 4 numbers (mm)', [{ message: 'Padding must be 4 numbers (mm)' }]);

    const single = await newProject(u, { template_type: 'postcard', paper_size: '6x9', sides: 'single' });
    const card = blankTemplate('6x9');
    const res = await saveDesign(u, single.id, { template_data_inside: card, template_data_outside: card });
    expectError(res, 400, 'VALIDATION', 'A single-sided project has no outside design');
  });

  it('writes thumbnails and serves them at versioned project URLs', async () => {
    const u = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const p = await newProject(u);
    await saveDesign(u, p.id, { template_data_inside: letter, template_data_outside: letter, thumbnails: { inside: pngUrl() } });
    const project = (await u.req({ method: 'GET', url: `/api/projects/${p.id}` })).json();
    expect(project.thumbnail_inside).toMatch(new RegExp(`^/api/projects/${p.id}/thumbnails/inside\\.png\\?v=\\d+$`));
    expect(project.thumbnail_outside).toBeNull();
    const img = await u.req({ method: 'GET', url: project.thumbnail_inside });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
    expectError(await other.req({ method: 'GET', url: project.thumbnail_inside }), 404, 'NOT_FOUND', 'Thumbnail not found');
    expectError(await u.req({ method: 'GET', url: `/api/projects/${p.id}/thumbnails/outside.png` }), 404, 'NOT_FOUND', 'Thumbnail not found');

    // A later save without thumbnails keeps the image; the URL version moves with the save.
    await new Promise((r) => setTimeout(r, 5));
    await saveDesign(u, p.id, { template_data_inside: withHeadline, template_data_outside: letter });
    const after = (await u.req({ method: 'GET', url: `/api/projects/${p.id}` })).json();
    expect(after.thumbnail_inside).not.toBe(project.thumbnail_inside);
    expect((await u.req({ method: 'GET', url: after.thumbnail_inside })).statusCode).toBe(200);
  });

  it('refuses thumbnails that are not PNG or larger than 2 MB', async () => {
    const u = await signUpUser(t.app);
    const p = await newProject(u);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0]).toString('base64');
    const notPng = await saveDesign(u, p.id, { template_data_inside: letter, thumbnails: { inside: pngUrl(jpeg) } });
    expectError(notPng, 400, 'VALIDATION', 'The inside thumbnail must be a PNG image');
    const huge = Buffer.concat([Buffer.from(PNG_1PX, 'base64'), Buffer.alloc(2 * 1024 * 1024)]).toString('base64');
    const tooBig = await saveDesign(u, p.id, { template_data_inside: letter, thumbnails: { outside: pngUrl(huge) } });
    expectError(tooBig, 413, 'PAYLOAD_TOO_LARGE', 'The outside thumbnail must be at most 2 MB');
    const notDataUrl = await saveDesign(u, p.id, { template_data_inside: letter, thumbnails: { inside: 'https://example.test/a.png' } });
    expectError(notDataUrl, 400, 'VALIDATION', 'Thumbnail must be a PNG data URL', [{ message: 'Thumbnail must be a PNG data URL', path: '/thumbnails/inside' }]);
  });

  it('answers 404 for another user\'s project design', async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const p = await newProject(owner);
    expectError(await getDesign(other, p.id), 404, 'NOT_FOUND', 'Project not found');
    const res = await saveDesign(other, p.id, { template_data_inside: withHeadline });
    expectError(res, 404, 'NOT_FOUND', 'Project not found');
    expect((await getDesign(owner, p.id)).json().updated_at).toBeNull();
  });

  it('keeps the design consistent when the project size or sides change', async () => {
    const u = await signUpUser(t.app);
    const p = await newProject(u);
    await saveDesign(u, p.id, {
      template_data_inside: withHeadline, template_data_outside: letter,
      thumbnails: { inside: pngUrl(), outside: pngUrl() },
    });
    const update = (payload: Record<string, unknown>) =>
      u.req({ method: 'POST', url: `/api/projects/${p.id}/update`, payload: { name: 'Mailer', ...payload } });

    const card = (await update({ template_type: 'postcard', paper_size: '6x9', sides: 'single' })).json();
    expect(card).toMatchObject({ has_template: true, thumbnail_outside: null, thumbnail_inside: expect.any(String) });
    let design = (await getDesign(u, p.id)).json();
    expect(design.template_data_inside.basePdf).toEqual({ width: 152.4, height: 228.6, padding: [6.35, 6.35, 6.35, 6.35] });
    expect(design.template_data_inside.schemas).toEqual([[headline]]);
    expect(design.template_data_outside).toBeNull();
    expectError(await u.req({ method: 'GET', url: `/api/projects/${p.id}/thumbnails/outside.png` }), 404, 'NOT_FOUND', 'Thumbnail not found');

    await update({ template_type: 'self_mailer', paper_size: '8.5x11', sides: 'double' });
    design = (await getDesign(u, p.id)).json();
    expect(design.template_data_inside).toEqual(withHeadline);
    expect(design.template_data_outside).toEqual(letter);
  });
});
