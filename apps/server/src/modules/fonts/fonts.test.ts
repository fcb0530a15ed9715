import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, LOGIN_REQUIRED } from '../../test/expect-error.js';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { seedFonts } from './fonts.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
  await seedFonts(t.ctx);
  await seedFonts(t.ctx); // idempotent: start-up runs it every time
});
afterAll(async () => { await t.close(); });

describe('fonts', () => {
  it('requires login', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/fonts' }), 401, 'UNAUTHORIZED', LOGIN_REQUIRED);
  });

  it('lists the default fonts once each, Roboto-Regular as the fallback', async () => {
    const u = await signUpUser(t.app);
    const res = await u.req({ method: 'GET', url: '/api/fonts' });
    expect(res.statusCode).toBe(200);
    const fonts = res.json() as Array<{ id: string; postscript_name: string; is_fallback: boolean }>;
    expect(fonts.map((f) => [f.postscript_name, f.is_fallback])).toEqual([['Helvetica', false], ['Roboto-Regular', true]]);
    expect(Object.keys(fonts[0]).sort()).toEqual(['display_name', 'id', 'is_fallback', 'postscript_name']);
  });

  it('serves each font as a base64 TrueType file', async () => {
    const u = await signUpUser(t.app);
    const fonts = (await u.req({ method: 'GET', url: '/api/fonts' })).json() as Array<{ id: string; postscript_name: string }>;
    for (const font of fonts) {
      const res = await u.req({ method: 'GET', url: `/api/fonts/${font.id}/base64` });
      expect(res.statusCode).toBe(200);
      const ttf = Buffer.from(res.json().data, 'base64');
      expect(ttf.length).toBeGreaterThan(50_000);
      expect(ttf.readUInt32BE(0)).toBe(0x00010000); // sfnt version of a TrueType font
    }
  });

  it('answers 404 for an unknown or malformed id and 401 when signed out', async () => {
    const u = await signUpUser(t.app);
    expectError(await u.req({ method: 'GET', url: '/api/fonts/00000000-0000-4000-8000-000000000000/base64' }), 404, 'NOT_FOUND', 'Font not found');
    expectError(await u.req({ method: 'GET', url: '/api/fonts/nope/base64' }), 404, 'NOT_FOUND', 'Font not found');
    expectError(await t.app.inject({ method: 'GET', url: '/api/fonts/00000000-0000-4000-8000-000000000000/base64' }), 401, 'UNAUTHORIZED', LOGIN_REQUIRED);
  });
});
