import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT_MAX_BYTES, FONT_MESSAGES as FM, type TAdminFont, type TAuditEntry, type TFont } from '@mailcraft/shared';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { createDesign, createMailingList, createProject, designPage, saveColumnMappings, textElement } from '../../test/factories.js';
import { healthWhile } from '../../test/health-meanwhile.js';
import { corruptFont, fontClaimingGlyphs } from '../../test/hostile-files.js';
import { pdfFonts } from '../../test/pdf-fonts.js';

/** Free fonts the server's own dependencies install (SIL OFL 1.1), read in place: none is committed. */
const require = createRequire(import.meta.url);
const arabicDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-arabic/package.json'));
const fontFile = (weight: string) => fs.readFileSync(path.join(arabicDir, weight, `NotoSansArabic_${weight}.ttf`));
const BOLD = fontFile('700Bold'); // PostScript name NotoSansArabic-Bold
const MEDIUM = fontFile('500Medium'); // NotoSansArabic-Medium
const LIGHT = fontFile('300Light'); // NotoSansArabic-Light


let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
  admin = await signUpUser(t.app); // the first account is the administrator
  user = await signUpUser(t.app);
});
afterAll(async () => { await t.close(); });

const upload = (u: TestUser, data: Buffer, fields: Record<string, string> = {}, name = 'font.ttf') =>
  u.req({ method: 'POST', url: '/api/admin/fonts', ...multipartBody({ name, data, type: 'font/ttf' }, fields) });
const adminFonts = async () => (await admin.req({ method: 'GET', url: '/api/admin/fonts' })).json() as TAdminFont[];
const byName = async (name: string) => (await adminFonts()).find((f) => f.postscript_name === name)!;
const expectRefusal = (res: { statusCode: number; json(): { error: { message: string } } }, status: number, message: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.json().error.message).toBe(message);
};

/** A one-record project whose design prints the record's name in `fontName`; its preview PDF. */
async function previewWithFont(fontName: string): Promise<Buffer> {
  const project = await createProject(t.ctx.db, user.id, { sides: 'single', permitType: 'none' });
  const list = await createMailingList(t.ctx.db, user.id, { headers: ['Name'], rows: [['Ada']], projectId: project.id });
  await saveColumnMappings(t.ctx.db, list.id, { Name: 'full_name' });
  await createDesign(t.ctx.db, project.id, { inside: designPage([textElement('full_name', 20, 20, { fontName })]) });
  const res = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview?count=1` });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.rawPayload;
}

describe('admin fonts', () => {
  it('refuses non-administrators on every /api/admin/fonts route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await user.req({ method: 'GET', url: '/api/admin/fonts' }),
      await upload(user, BOLD),
      await user.req({ method: 'PATCH', url: `/api/admin/fonts/${id}`, payload: { display_name: 'x' } }),
      await user.req({ method: 'DELETE', url: `/api/admin/fonts/${id}` }),
    ]) expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/fonts' })).statusCode).toBe(401);
  });

  it('refuses files that are not printable TrueType/OpenType fonts, with a message for each', async () => {
    expectRefusal(await upload(admin, Buffer.from('Name,City\nAda,Paris\n'), {}, 'list.ttf'), 400, FM.notFont);
    const woff2 = Buffer.concat([Buffer.from('wOF2'), BOLD.subarray(4, 2000)]);
    expectRefusal(await upload(admin, woff2, {}, 'font.woff2'), 400, FM.woff);
    expectRefusal(await upload(admin, Buffer.concat([Buffer.from('ttcf'), BOLD.subarray(4, 2000)]), {}, 'fonts.ttc'), 400, FM.collection);
    // A real sfnt header whose tables are cut off: fontkit cannot read it.
    expectRefusal(await upload(admin, BOLD.subarray(0, 600)), 400, FM.notFont);
    expectRefusal(await upload(admin, Buffer.alloc(FONT_MAX_BYTES + 1, 1)), 413, FM.tooLarge);
    expect((await adminFonts()).map((f) => f.postscript_name)).toEqual(['Helvetica', 'Roboto-Regular']);
  });

  it('checks fonts off the HTTP thread: a damaged font and one claiming 65,535 glyphs are refused, the server answering meanwhile', async () => {
    // 2,000 inverted bytes (name table spared) froze the server for 162 s at 4.1 GB when checked on the HTTP thread.
    const damaged = await healthWhile(t.app, upload(admin, corruptFont(BOLD, 2_000, 1), {}, 'damaged.ttf'));
    expectRefusal(damaged.result, 400, FM.notEmbeddable);
    expect(damaged.answers).toBeGreaterThan(0);
    expect(damaged.slowestMs).toBeLessThan(500);
    // maxp.numGlyphs claiming 65,535 over 1,708 outlines was accepted after 41 s.
    const claiming = await healthWhile(t.app, upload(admin, fontClaimingGlyphs(BOLD, 65_535), {}, 'claims.ttf'));
    expectRefusal(claiming.result, 400, FM.glyphsMissing(65_535, 1_708));
    expect(claiming.slowestMs).toBeLessThan(500);
    expect((await adminFonts()).map((f) => f.postscript_name)).toEqual(['Helvetica', 'Roboto-Regular']);
  });

  it('an uploaded font is listed for the designer with its details, and served; a second one of that name is refused', async () => {
    const res = await upload(admin, BOLD, { name: 'Noto Arabic Bold' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      postscript_name: 'NotoSansArabic-Bold', display_name: 'Noto Arabic Bold', family: 'Noto Sans Arabic', subfamily: 'Bold',
      glyph_count: 1708, size_bytes: BOLD.length, builtin: false, is_fallback: false, used_by: 0, uploaded_by: admin.email,
    });
    const listed = (await user.req({ method: 'GET', url: '/api/fonts' })).json() as TFont[];
    const font = listed.find((f) => f.postscript_name === 'NotoSansArabic-Bold')!;
    expect(font).toMatchObject({ display_name: 'Noto Arabic Bold', is_fallback: false });
    const file = await user.req({ method: 'GET', url: `/api/fonts/${font.id}/base64` });
    expect(Buffer.from(file.json().data, 'base64').equals(BOLD)).toBe(true);

    expectRefusal(await upload(admin, BOLD), 409, FM.exists('NotoSansArabic-Bold'));
    // Without a name the family (name ID 1) is shown.
    expect((await upload(admin, LIGHT)).json()).toMatchObject({ postscript_name: 'NotoSansArabic-Light', display_name: 'Noto Sans Arabic Light' });
  });

  it('print previews embed an uploaded font, including one uploaded after the render threads started', async () => {
    // Renders once so the threads hold their font map; a font they have not seen must still print.
    expect(pdfFonts(await previewWithFont('NotoSansArabic-Medium')).map((f) => f.name)).not.toContain('NotoSansArabic-Medium');
    expect((await upload(admin, MEDIUM)).statusCode).toBe(201);
    const fonts = pdfFonts(await previewWithFont('NotoSansArabic-Medium'));
    expect(fonts.find((f) => f.name === 'NotoSansArabic-Medium')).toEqual({ name: 'NotoSansArabic-Medium', embedded: true });
  });

  it('renames; exactly one font is the fallback after a switch, and the fallback prints fonts a design names but the server lacks', async () => {
    const bold = await byName('NotoSansArabic-Bold');
    const renamed = await admin.req({ method: 'PATCH', url: `/api/admin/fonts/${bold.id}`, payload: { display_name: '  Arabic Bold ' } });
    expect(renamed.json()).toMatchObject({ display_name: 'Arabic Bold' });
    expect((await admin.req({ method: 'PATCH', url: `/api/admin/fonts/${bold.id}`, payload: {} })).statusCode).toBe(400);

    const made = await admin.req({ method: 'PATCH', url: `/api/admin/fonts/${bold.id}`, payload: { is_fallback: true } });
    expect(made.statusCode, made.body).toBe(200);
    expect((await adminFonts()).filter((f) => f.is_fallback).map((f) => f.postscript_name)).toEqual(['NotoSansArabic-Bold']);
    expect(pdfFonts(await previewWithFont('NoSuchFont-Regular')).map((f) => f.name)).toContain('NotoSansArabic-Bold');

    const roboto = await byName('Roboto-Regular');
    await admin.req({ method: 'PATCH', url: `/api/admin/fonts/${roboto.id}`, payload: { is_fallback: true } });
    expect((await adminFonts()).filter((f) => f.is_fallback).map((f) => f.postscript_name)).toEqual(['Roboto-Regular']);
  });

  it('deletes only unused uploaded fonts: not built-in ones, not the fallback, not one a design uses', async () => {
    const medium = await byName('NotoSansArabic-Medium');
    expect(medium.used_by).toBe(2); // the two preview projects above
    expectRefusal(await admin.req({ method: 'DELETE', url: `/api/admin/fonts/${medium.id}` }), 409, FM.inUse(2));
    expectRefusal(await admin.req({ method: 'DELETE', url: `/api/admin/fonts/${(await byName('Helvetica')).id}` }), 409, FM.builtin);
    const bold = await byName('NotoSansArabic-Bold');
    await admin.req({ method: 'PATCH', url: `/api/admin/fonts/${bold.id}`, payload: { is_fallback: true } });
    expectRefusal(await admin.req({ method: 'DELETE', url: `/api/admin/fonts/${bold.id}` }), 409, FM.fallback);
    await admin.req({ method: 'PATCH', url: `/api/admin/fonts/${(await byName('Roboto-Regular')).id}`, payload: { is_fallback: true } });

    const light = await byName('NotoSansArabic-Light');
    expect((await admin.req({ method: 'DELETE', url: `/api/admin/fonts/${light.id}` })).statusCode).toBe(204);
    expect((await adminFonts()).map((f) => f.postscript_name)).not.toContain('NotoSansArabic-Light');
    expect((await user.req({ method: 'GET', url: `/api/fonts/${light.id}/base64` })).statusCode).toBe(404);
    expect((await admin.req({ method: 'DELETE', url: `/api/admin/fonts/${light.id}` })).statusCode).toBe(404);
  });

  it('writes every change to the fonts audit log', async () => {
    const entries = (await admin.req({ method: 'GET', url: '/api/admin/audit?area=fonts&limit=50' })).json() as TAuditEntry[];
    const actions = entries.map((e) => e.action);
    for (const action of ['font.upload', 'font.rename', 'font.fallback', 'font.delete']) expect(actions).toContain(action);
    expect(entries.find((e) => e.action === 'font.delete')).toMatchObject({
      actor_email: admin.email, before: { postscript_name: 'NotoSansArabic-Light' }, after: null,
    });
    expect(entries.filter((e) => e.action === 'font.upload')).toHaveLength(3);
  });
});
