import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankTemplate, DESIGN_LIMITS, DESIGN_TOO_DEEP_MESSAGE, imageTooLargeMessage } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { healthWhile } from '../../test/health-meanwhile.js';
import { bilevelPng } from '../../test/hostile-files.js';

let t: TestApp;
let u: TestUser;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
  u = await signUpUser(t.app);
  projectId = (await u.req({ method: 'POST', url: '/api/projects', payload: { name: 'Mailer' } })).json().id;
});
afterAll(async () => { await t.close(); });

const letter = blankTemplate('8.5x11');
const field = (i: number, over: Record<string, unknown> = {}) => ({
  name: `field ${i}`, type: 'text', content: 'x', position: { x: 10, y: 10 }, width: 20, height: 6, fontSize: 8, ...over,
});
const page = (n: number) => Array.from({ length: n }, (_, i) => field(i));
const save = (inside: unknown, outside?: unknown) => u.req({
  method: 'POST', url: `/api/templates/project/${projectId}/design`,
  payload: { template_data_inside: inside, ...(outside ? { template_data_outside: outside } : {}) },
});
const expect400 = async (res: Awaited<ReturnType<typeof save>>, message: string) => {
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toMatchObject({ code: 'VALIDATION', message });
};

describe('design size limits', () => {
  it('saves the largest legal design: 4 pages of 200 elements per side, 10,000-character strings', async () => {
    const side = { ...letter, schemas: Array.from({ length: DESIGN_LIMITS.pagesPerSide }, () => page(DESIGN_LIMITS.elementsPerPage)) };
    side.schemas[0][0] = field(0, { content: 'é'.repeat(DESIGN_LIMITS.stringChars) });
    const res = await save(side, side);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  });

  it('refuses more pages per side, more elements per page and longer strings, saying which (400)', async () => {
    await expect400(await save({ ...letter, schemas: [[], [], [], [], []] }), 'A design side can have at most 4 pages');
    await expect400(await save(letter, { ...letter, schemas: [page(3), page(201)] }), 'Page 2 has 201 elements; a page can have at most 200');
    await expect400(await save({ ...letter, schemas: [[field(1, { name: 'greeting', content: 'x'.repeat(10_001) })]] }),
      "Element 'greeting': content is longer than 10,000 characters");
    await expect400(await save({ ...letter, schemas: [[field(1, { fontName: 'F'.repeat(10_001) })]] }),
      "Element 'field 1': fontName is longer than 10,000 characters");
  });

  it('lets an image element carry a data URL of up to 5,000,000 characters', async () => {
    const image = (chars: number) => ({ ...letter, schemas: [[field(1, { name: 'logo', type: 'image', content: `data:image/png;base64,${'A'.repeat(chars - 22)}` })]] });
    expect((await save(image(200_000))).statusCode).toBe(200);
    await expect400(await save(image(DESIGN_LIMITS.mediaChars + 1)), "Element 'logo': content is longer than 5,000,000 characters");
  });

  it('refuses values nested deeper than 6 levels, and elements of more than 2,000 values (400)', async () => {
    const deep = [[[[[[['too deep']]]]]]];
    await expect400(await save({ ...letter, schemas: [[field(1, { name: 'table', headStyles: deep })]] }), "Element 'table': headStyles nests more than 6 levels deep");
    // 4,000,000 deep fits in an 8 MB body (JSON.parse would hold the HTTP thread for seconds): refused as it arrives.
    const body = JSON.stringify({ template_data_inside: { ...letter, schemas: [[field(1, { name: 'table', head: 'DEEP' })]] } })
      .replace('"DEEP"', `${'['.repeat(4_000_000)}${']'.repeat(4_000_000)}`);
    const post = u.req({ method: 'POST', url: `/api/templates/project/${projectId}/design`, headers: { 'content-type': 'application/json' }, payload: body });
    const { result, slowestMs } = await healthWhile(t.app, post);
    await expect400(result, DESIGN_TOO_DEEP_MESSAGE);
    expect(slowestMs).toBeLessThan(500);
    // Brackets inside strings are text, not nesting.
    expect((await save({ ...letter, schemas: [[field(1, { content: '['.repeat(5_000) })]] })).statusCode).toBe(200);
    await expect400(await save({ ...letter, schemas: [[field(1, { name: 'table', head: Array(2_001).fill(1) })]] }), "Element 'table': head has more than 2,000 values");
    await expect400(await save({ ...letter, schemas: [[field(1, { name: 'table', bodyStyles: { font: 'x'.repeat(10_001) } })]] }),
      "Element 'table': bodyStyles holds a string longer than 10,000 characters");
    await expect400(await save({ ...letter, junk: deep, schemas: [[field(1)]] }), "Template property 'junk' nests more than 6 levels deep");
    const table = { head: ['Name', 'City'], headStyles: { padding: { top: 5, right: 5, bottom: 5, left: 5 } }, columnStyles: { alignment: { 0: 'left' } } };
    expect((await save({ ...letter, schemas: [[field(1, { name: 'table', ...table })]] })).statusCode).toBe(200);
  });

  it('refuses an image over 40 megapixels from its header (413), the server answering meanwhile', async () => {
    // 110 KB of PNG that decodes to 30,000 × 30,000 pixels: 3.6 GB of RGBA in print.
    const png = bilevelPng(30_000, 30_000);
    const image = { ...letter, schemas: [[field(1, { name: 'logo', type: 'image', content: `data:image/png;base64,${png.toString('base64')}` })]] };
    const { result, answers, slowestMs } = await healthWhile(t.app, save(image));
    expect(result.statusCode).toBe(413);
    expect(result.json().error.message).toBe(imageTooLargeMessage({ width: 30_000, height: 30_000, channels: 1, bytesPerSample: 1 }, 'Image "logo"'));
    expect(answers).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(500);
    const fits = { ...letter, schemas: [[field(1, { name: 'logo', type: 'image', content: `data:image/png;base64,${bilevelPng(2_000, 1_000).toString('base64')}` })]] };
    expect((await save(fits)).statusCode).toBe(200);
  });
});
