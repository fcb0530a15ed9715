import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '@pdfme/common';
import { loadFonts } from '../../fonts/builtin-fonts.js';
import { fontRuns, fontsForTexts } from '../../fonts/font-coverage.js';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { createProject, designPage, textElement } from '../../../test/factories.js';
import { pdfPageTexts, squashSpaces } from '../../../test/pdf-text.js';
import { renderChunk } from './render-chunk.js';
import { pdfFonts } from '../../../test/pdf-fonts.js';

/** Names in Latin with diacritics, Chinese, Cyrillic, Arabic, Japanese, Korean and with emoji. */
const NAMES = ['Zoë Ñúñez', '李雷', 'Владимир', 'محمد', 'Sunny 🌻 Day', '田中さくら', '김민준'];
/**
 * The words of a text as read back from a PDF. pdftotext wraps right-to-left text in bidi marks
 * and may order a line's words right to left, so a line is compared as its words: each word's
 * characters in order, with the count of each word.
 */
const words = (s: string) => s.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').split(/[\s,]+/).filter(Boolean);
/** Asserts that `page` holds every word of `expected` at least `times` times. */
function expectWords(page: string, expected: string, times = 1) {
  const found = words(page);
  for (const w of words(expected)) expect(found.filter((f) => f === w).length, `'${w}' in '${squashSpaces(page)}'`).toBeGreaterThanOrEqual(times);
}


let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function waitForJob(user: TestUser, jobId: string) {
  for (let i = 0; i < 600; i++) {
    const job = (await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}` })).json();
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('print job did not finish');
}

const greeting = {
  name: 'greeting', type: 'multiVariableText', text: 'Dear {full_name},', content: '{}', variables: ['full_name'],
  position: { x: 20, y: 40 }, width: 170, height: 10, fontSize: 14, fontName: 'Roboto-Regular',
};

describe('font fallback', () => {
  it('splits text into runs of the element font and the fonts that have the other characters', () => {
    const font = fontsForTexts(loadFonts(), ['Dear محمد, 李雷 🌻']);
    expect(fontRuns('Zoë Ñúñez Владимир', 'Helvetica', font)).toEqual([{ fontName: 'Helvetica', text: 'Zoë Ñúñez Владимир' }]);
    expect(fontRuns('Dear محمد علي, 李 雷 🌻', 'Helvetica', font)).toEqual([
      { fontName: 'Helvetica', text: 'Dear ' },
      { fontName: 'NotoSansArabic-Regular', text: 'محمد علي' },
      { fontName: 'Helvetica', text: ', ' },
      { fontName: 'NotoSansSC-Regular', text: '李 雷' },
      { fontName: 'Helvetica', text: ' ' },
      { fontName: 'NotoEmoji-Regular', text: '🌻' },
    ]);
  });

  it('adds only the fallback fonts a chunk needs, Japanese for kana and Korean for Hangul', () => {
    const base = loadFonts();
    expect(fontsForTexts(base, ['Zoë Ñúñez', 'Владимир', 'Ελένη'])).toBe(base);
    expect(Object.keys(fontsForTexts(base, ['李雷']))).toEqual([...Object.keys(base), 'NotoSansSC-Regular']);
    expect(Object.keys(fontsForTexts(base, ['田中さくら']))).toEqual([...Object.keys(base), 'NotoSansJP-Regular']);
    expect(Object.keys(fontsForTexts(base, ['김민준']))).toEqual([...Object.keys(base), 'NotoSansKR-Regular']);
  });

  it('prints every character of names in any script, in merge fields and in a greeting, with the fonts embedded', async () => {
    const template = designPage([textElement('full_name', 20, 20), greeting]) as unknown as Template;
    const inputs = NAMES.map((n) => ({ full_name: n, greeting: JSON.stringify({ full_name: n }) }));
    const pdf = await renderChunk(template, inputs, loadFonts());
    const pages = pdfPageTexts(pdf);
    expect(pages).toHaveLength(NAMES.length);
    NAMES.forEach((name, i) => {
      expectWords(pages[i], name, 2); // the name field and the greeting
      expectWords(pages[i], 'Dear');
    });
    const fonts = pdfFonts(pdf);
    for (const f of ['Arimo', 'Roboto', 'NotoSansArabic', 'NotoSansHans', 'NotoSansJP', 'NotoSansKR', 'NotoEmoji']) {
      expect(fonts.find((x) => x.name.includes(f)), f).toMatchObject({ embedded: true });
    }
  });
});

describe('print files of names in any script', () => {
  it('upload → map → design → print: every name prints in full, in its field and its greeting', async () => {
    const user = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, user.id, { sides: 'single' });
    const csv = `Name,City\n${NAMES.map((n, i) => `${n},City ${i}`).join('\n')}\n`;
    const upload = await user.req({
      method: 'POST', url: '/api/lists/upload',
      ...multipartBody({ name: 'names.csv', data: Buffer.from(csv, 'utf8'), type: 'text/csv' }, { projectId: project.id }),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const mapped = await user.req({ method: 'POST', url: '/api/lists/map-columns', payload: { fileId: upload.json().id, mappings: { Name: 'full_name', City: 'city' } } });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const design = await user.req({
      method: 'POST', url: `/api/templates/project/${project.id}/design`,
      payload: { template_data_inside: designPage([textElement('full_name', 20, 20), greeting, textElement('city', 20, 60)]) },
    });
    expect(design.statusCode, design.body).toBe(200);

    // Names only, no address: generating anyway is an explicit choice.
    const created = await user.req({ method: 'POST', url: `/api/projects/${project.id}/print`, payload: { confirm_warnings: true } });
    expect(created.statusCode, created.body).toBe(202);
    expect(await waitForJob(user, created.json().jobId)).toMatchObject({ status: 'done', done: NAMES.length });
    const file = await user.req({ method: 'GET', url: `/api/print-jobs/${created.json().jobId}/file` });
    const pages = pdfPageTexts(file.rawPayload);
    expect(pages).toHaveLength(NAMES.length);
    NAMES.forEach((name, i) => {
      expectWords(pages[i], name, 2);
      expectWords(pages[i], `Dear City ${i}`);
    });
    const fonts = pdfFonts(file.rawPayload);
    for (const f of ['Arimo', 'Roboto', 'NotoSansArabic', 'NotoSansHans', 'NotoSansJP', 'NotoSansKR', 'NotoEmoji']) {
      expect(fonts.find((x) => x.name.includes(f)), f).toMatchObject({ embedded: true });
    }
  });
});
