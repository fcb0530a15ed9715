import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { createDesign, createMailingList, createProject, designPage, saveColumnMappings, textElement, us500 } from '../../test/factories.js';

const run = promisify(execFile);
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const fromB64 = (s: string | null) => Buffer.from(s ?? '', 'base64').toString('utf8');
/** The QR element: 30 mm square at (20 mm, 220 mm). */
const QR = { x: 20, y: 220, size: 30 };
const px = (mm: number) => Math.round((mm / 25.4) * 300);

/**
 * docs/requirements/scans-and-analytics.md#scan-recording "Short links": us-500 printed with a QR element gives 500 distinct codes, each decodable
 * from the PDF rendered at 300 dpi (zbar), each redirecting to its own record's destination — in
 * the list's QR style (dots, a dark blue), the style the print file takes from the configuration.
 */
describe('a print file with tracked QR codes', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-qr-print-'));
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('carries 500 distinct short links that zbar decodes and that redirect to each record\'s own page', async () => {
    const user = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, user.id, { sides: 'single', permitType: 'none' });
    const { headers, rows } = us500();
    const list = await createMailingList(t.ctx.db, user.id, { headers, rows, projectId: project.id });
    await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
    await createDesign(t.ctx.db, project.id, {
      inside: designPage([
        { name: 'qr', type: 'qrVector', position: { x: QR.x, y: QR.y }, width: QR.size, height: QR.size },
        textElement('full_name', 100, 150),
      ]),
    });
    const saved = await user.req({
      method: 'POST', url: '/api/qr/config',
      payload: {
        listId: list.id,
        config: {
          baseUrl: 'https://shop.example.com/hello',
          variables: { first_name: { param: 'fname' }, last_name: { param: 'lname' }, zip: { param: 'zip' } },
          staticParams: [{ name: 'src', value: 'mailer' }],
          style: { dotStyle: 'dots', foregroundColor: '#1A237E', errorCorrection: 'M' },
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const started = await user.req({ method: 'POST', url: `/api/projects/${project.id}/print` });
    expect(started.statusCode, started.body).toBe(202);
    const jobId = started.json().jobId as string;
    for (let i = 0; i < 900; i++) {
      const job = (await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}` })).json();
      if (job.status === 'done') break;
      expect(job.status).not.toBe('failed');
      await new Promise((r) => setTimeout(r, 200));
    }
    const file = await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}/file` });
    expect(file.statusCode).toBe(200);
    const pdf = path.join(dir, 'print.pdf');
    await fs.writeFile(pdf, file.rawPayload);

    // Each page's QR area (with a white border) at 300 dpi, in grey, then zbar on all of them in page order.
    const pad = 40;
    await run('pdftoppm', ['-r', '300', '-gray', '-png', '-x', String(px(QR.x) - pad), '-y', String(px(QR.y) - pad),
      '-W', String(px(QR.size) + 2 * pad), '-H', String(px(QR.size) + 2 * pad), pdf, path.join(dir, 'page')], { maxBuffer: 2 ** 26 });
    const pngs = (await fs.readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    expect(pngs).toHaveLength(500);
    const decoded: string[] = [];
    for (let i = 0; i < pngs.length; i += 100) {
      const { stdout } = await run('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', ...pngs.slice(i, i + 100).map((f) => path.join(dir, f))], { maxBuffer: 2 ** 24 });
      decoded.push(...stdout.split('\n').filter(Boolean));
    }
    expect(decoded).toHaveLength(500);
    expect(new Set(decoded).size).toBe(500);
    for (const url of decoded) expect(url).toMatch(/^http:\/\/localhost:8080\/[0-9A-Za-z]{10}$/);

    // Piece i carries record i's link: its redirect names that record.
    for (let i = 0; i < decoded.length; i++) {
      const res = await t.app.inject({ method: 'GET', url: new URL(decoded[i]).pathname, headers: { 'user-agent': IPHONE } });
      expect(res.statusCode).toBe(302);
      const dest = new URL(res.headers.location as string);
      expect([fromB64(dest.searchParams.get('fname')), fromB64(dest.searchParams.get('lname'))])
        .toEqual([rows[i][headers.indexOf('first_name')].trim(), rows[i][headers.indexOf('last_name')].trim()]);
      expect(dest.searchParams.get('src')).toBe('mailer');
    }
    const analytics = (await user.req({ method: 'GET', url: `/api/analytics/lists/${list.id}` })).json();
    expect(analytics.summary).toMatchObject({ total_scans: 500, unique_scans: 500, scan_rate: 1 });
  }, 300_000);
});
