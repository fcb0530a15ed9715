import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankTemplate, DESIGN_LIMITS } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

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

describe('design size limits (Foundations B)', () => {
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
});
