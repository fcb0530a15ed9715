import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, DESIGN_LIMITS, PAGE_PADDING_MM, PAPER_SIZES_MM } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { createMailingList, createProject, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { pdfPageTexts } from '../../test/pdf-text.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  // Real HTTP on loopback: a blocked event loop delays a socket's answer, which inject() would not show.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => { await t.close(); });

/** The largest legal design side: DESIGN_LIMITS pages of DESIGN_LIMITS elements, merge fields in small boxes. */
function largestSide() {
  const { width, height } = PAPER_SIZES_MM['8.5x11'];
  const p = PAGE_PADDING_MM;
  const page = () => Array.from({ length: DESIGN_LIMITS.elementsPerPage }, (_, i) =>
    textElement(['first_name', 'last_name', 'city', 'address'][i % 4], 8 + (i % 10) * 20, 8 + Math.floor(i / 10) * 13, { width: 19, height: 6, fontSize: 8 }));
  return { basePdf: { width, height, padding: [p, p, p, p] }, schemas: Array.from({ length: DESIGN_LIMITS.pagesPerSide }, page) };
}

describe('print preview', () => {
  it('renders off the main thread: while the largest legal design previews (~15 s of rendering), other requests answer within 2 s', async () => {
    const user = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, user.id, { sides: 'double' });
    const { headers, rows } = us500(10);
    const list = await createMailingList(t.ctx.db, user.id, { headers, rows, projectId: project.id });
    await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
    const saved = await user.req({
      method: 'POST', url: `/api/templates/project/${project.id}/design`,
      payload: { template_data_inside: largestSide(), template_data_outside: largestSide() },
    });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);

    const get = (url: string) => fetch(`${base}${url}`, { headers: { cookie: user.cookie } });
    let settled = false;
    const preview = get(`/api/projects/${project.id}/print/preview?count=10`).finally(() => { settled = true; });
    const latencies: number[] = [];
    while (!settled) {
      const t0 = performance.now();
      const status = await get('/api/auth/status');
      latencies.push(performance.now() - t0);
      expect(status.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await preview;
    expect(res.status).toBe(200);
    expect(pdfPageTexts(Buffer.from(await res.arrayBuffer()))).toHaveLength(10 * 2 * DESIGN_LIMITS.pagesPerSide);
    expect(latencies.length).toBeGreaterThan(3);
    // Rendered on the main thread, a status call would wait for the whole preview (many seconds); the
    // bound leaves room for the preview's own set-up on the main thread and a busy 2-core machine.
    expect(Math.max(...latencies), `status latencies (ms): ${latencies.map(Math.round).join(', ')}`).toBeLessThan(2000);
  });
});
