import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EFFECT_MESSAGES as M, type TAuditEntry, type TEffect } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { applyEffect } from './apply-effect.js';

/** Admin → Effects (docs/requirements/administration.md#administration): administrators manage named effects; signed-in users list them and preview them. */
describe('effects: administration, listing and preview', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let png: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    admin = await signUpUser(t.app); // the first account: administrator
    user = await signUpUser(t.app);
    png = await sharp({ create: { width: 8, height: 4, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
  });
  afterAll(() => t?.close());

  const create = (u: TestUser, payload: unknown) => u.req({ method: 'POST', url: '/api/admin/effects', payload: payload as object });
  const audit = async () => (await admin.req({ method: 'GET', url: '/api/admin/audit?area=effects' })).json() as TAuditEntry[];
  const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

  it('creates, renames, re-kinds and deletes an effect, each change audited; 409 on a duplicate name', async () => {
    const created = await create(admin, { name: ' Old photo ', kind: 'sepia', params: { strength: 0.8 } });
    expect(created.statusCode, created.body).toBe(201);
    const effect = created.json() as TEffect;
    expect(effect).toMatchObject({ name: 'Old photo', kind: 'sepia', params: { strength: 0.8 } });
    expect((await user.req({ method: 'GET', url: '/api/effects' })).json().map((e: TEffect) => e.name)).toContain('Old photo');

    const dup = await create(admin, { name: 'Old photo', kind: 'grayscale', params: {} });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(M.duplicateName);

    const other = (await create(admin, { name: 'Grey', kind: 'grayscale', params: {} })).json() as TEffect;
    const clash = await admin.req({ method: 'PATCH', url: `/api/admin/effects/${other.id}`, payload: { name: 'Old photo' } });
    expect(clash.statusCode).toBe(409);

    const rekind = await admin.req({ method: 'PATCH', url: `/api/admin/effects/${effect.id}`, payload: { kind: 'duotone' } });
    expect(rekind.statusCode, rekind.body).toBe(200);
    expect(rekind.json()).toMatchObject({ name: 'Old photo', kind: 'duotone', params: { dark: expect.stringMatching(/^#/), light: expect.stringMatching(/^#/) } });
    const renamed = await admin.req({ method: 'PATCH', url: `/api/admin/effects/${effect.id}`, payload: { name: 'Two tone', params: { dark: '#000000', light: '#ff8800' } } });
    expect(renamed.json()).toMatchObject({ name: 'Two tone', params: { dark: '#000000', light: '#ff8800' } });

    expect((await admin.req({ method: 'DELETE', url: `/api/admin/effects/${effect.id}` })).statusCode).toBe(204);
    expect((await admin.req({ method: 'DELETE', url: `/api/admin/effects/${effect.id}` })).statusCode).toBe(404);
    const entries = await audit();
    expect(entries.map((e) => e.action).slice(0, 5)).toEqual(['effect.delete', 'effect.update', 'effect.update', 'effect.create', 'effect.create']);
    expect(entries[0]).toMatchObject({ actor_email: admin.email, target_id: effect.id, after: null, before: { name: 'Two tone', kind: 'duotone' } });
    expect(entries[1]).toMatchObject({ before: { name: 'Old photo', params: { dark: expect.any(String) } }, after: { name: 'Two tone', params: { light: '#ff8800' } } });
    expect(entries[2]).toMatchObject({ before: { kind: 'sepia', params: { strength: 0.8 } }, after: { kind: 'duotone' } });
  });

  it('refuses non-administrators with 403 and anonymous callers with 401', async () => {
    const before = (await audit()).length;
    expect((await create(user, { name: 'Mine', kind: 'grayscale', params: {} })).statusCode).toBe(403);
    expect((await user.req({ method: 'GET', url: '/api/admin/effects' })).statusCode).toBe(403);
    const some = (await create(admin, { name: 'Soft', kind: 'blur', params: { sigma: 1 } })).json() as TEffect;
    expect((await user.req({ method: 'PATCH', url: `/api/admin/effects/${some.id}`, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await user.req({ method: 'DELETE', url: `/api/admin/effects/${some.id}` })).statusCode).toBe(403);
    expect((await user.req({ method: 'POST', url: '/api/admin/effects/preview', payload: { effect: { kind: 'grayscale', params: {} }, image: dataUrl(png) } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/effects' })).statusCode).toBe(401);
    expect((await audit()).length).toBe(before + 1);
  });

  it('says what is wrong with a name, a kind or a parameter', async () => {
    const message = async (payload: unknown) => {
      const res = await create(admin, payload);
      expect(res.statusCode).toBe(400);
      return res.json().error.message as string;
    };
    expect(await message({ name: '  ', kind: 'grayscale', params: {} })).toContain('Name the effect');
    expect(await message({ name: 'X', kind: 'posterize', params: {} })).toContain(M.kind);
    expect(await message({ name: 'X', kind: 'sepia', params: { strength: 2 } })).toContain('Strength must be between 0 and 1');
    expect(await message({ name: 'X', kind: 'duotone', params: { dark: 'black', light: '#ffffff' } })).toContain('#rrggbb');
    expect(await message({ name: 'X', kind: 'blur', params: { sigma: 50 } })).toContain('Blur radius must be between 0.3 and 20');
    const some = (await create(admin, { name: 'Bright', kind: 'brightness_contrast', params: { brightness: 0.1, contrast: 0 } })).json() as TEffect;
    const bad = await admin.req({ method: 'PATCH', url: `/api/admin/effects/${some.id}`, payload: { params: { brightness: 3, contrast: 0 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Brightness must be between -1 and 1');
  });

  it('previews a saved effect (and an unsaved one) exactly as applyEffect draws it; refuses what is not an image', async () => {
    const grey = (await create(admin, { name: 'Preview grey', kind: 'duotone', params: { dark: '#101010', light: '#e0c080' } })).json() as TEffect;
    const res = await user.req({ method: 'POST', url: `/api/effects/${grey.id}/preview`, payload: { image: dataUrl(png) } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const expected = await applyEffect(png, { kind: 'duotone', params: { dark: '#101010', light: '#e0c080' } });
    expect(Buffer.from(res.rawPayload).equals(expected)).toBe(true);

    const unsaved = await admin.req({ method: 'POST', url: '/api/admin/effects/preview', payload: { effect: { kind: 'grayscale', params: {} }, image: dataUrl(png) } });
    expect(Buffer.from(unsaved.rawPayload).equals(await applyEffect(png, { kind: 'grayscale', params: {} }))).toBe(true);

    const notImage = await user.req({ method: 'POST', url: `/api/effects/${grey.id}/preview`, payload: { image: `data:image/png;base64,${Buffer.from('hello').toString('base64')}` } });
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().error.message).toContain(M.notImage);
    expect((await user.req({ method: 'POST', url: `/api/effects/${grey.id}/preview`, payload: { image: 'https://example.com/a.png' } })).statusCode).toBe(400);
    expect((await user.req({ method: 'POST', url: '/api/effects/00000000-0000-0000-0000-000000000000/preview', payload: { image: dataUrl(png) } })).statusCode).toBe(404);
  });
});
