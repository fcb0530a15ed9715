import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFont } from '@mailcraft/shared';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { createDesign, createMailingList, createProject, designPage, saveColumnMappings, textElement } from '../../test/factories.js';
import { renderFonts } from './fonts.service.js';

/** A free font the server's own dependencies install (SIL OFL 1.1), read in place. */
const require = createRequire(import.meta.url);
const REGULAR = fs.readFileSync(path.join(
  path.dirname(require.resolve('@expo-google-fonts/noto-sans-arabic/package.json')), '400Regular', 'NotoSansArabic_400Regular.ttf',
));

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
  admin = await signUpUser(t.app); // the first account is the operator
  user = await signUpUser(t.app);
});
afterAll(async () => { await t.close(); });

/** A one-record project whose design prints the record's name in `fontName`. */
async function projectWithFont(fontName: string): Promise<string> {
  const project = await createProject(t.ctx.db, user.id, { sides: 'single', permitType: 'none' });
  const list = await createMailingList(t.ctx.db, user.id, { headers: ['Name'], rows: [['Ada']], projectId: project.id });
  await saveColumnMappings(t.ctx.db, list.id, { Name: 'full_name' });
  await createDesign(t.ctx.db, project.id, { inside: designPage([textElement('full_name', 20, 20, { fontName })]) });
  return project.id;
}

describe('the first renders after a font upload', () => {
  it('all succeed when they run at once: each copies the font through its own temporary file', async () => {
    const projects = await Promise.all([1, 2, 3, 4].map(() => projectWithFont('NotoSansArabic-Regular')));
    const uploaded = await admin.req({ method: 'POST', url: '/api/admin/fonts', ...multipartBody({ name: 'font.ttf', data: REGULAR, type: 'font/ttf' }) });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const font = (await user.req({ method: 'GET', url: '/api/fonts' })).json().find((f: TFont) => f.postscript_name === 'NotoSansArabic-Regular') as TFont;

    const [sets, previews, reads] = await Promise.all([
      Promise.all(Array.from({ length: 16 }, () => renderFonts(t.ctx))),
      Promise.all(projects.map((id) => user.req({ method: 'GET', url: `/api/projects/${id}/print/preview?count=1` }))),
      Promise.all(Array.from({ length: 8 }, () => user.req({ method: 'GET', url: `/api/fonts/${font.id}/base64` }))),
    ]);
    for (const set of sets) {
      const file = set.files.find((f) => f.name === 'NotoSansArabic-Regular')!;
      expect(fs.readFileSync(file.path).equals(REGULAR)).toBe(true);
    }
    expect(previews.map((p) => [p.statusCode, p.statusCode === 200 ? '' : p.body.slice(0, 200)])).toEqual(projects.map(() => [200, '']));
    for (const read of reads) expect(Buffer.from(read.json().data, 'base64').equals(REGULAR)).toBe(true);
    // No temporary file is left behind.
    const cache = path.dirname(sets[0].files[0].path);
    expect(fs.readdirSync(cache).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
