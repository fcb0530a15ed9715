import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellTooLongMessage, LIST_MESSAGES, UPLOAD_MAX_COLUMNS, XLS_MAX_CELLS } from '@mailcraft/shared';
import { expectError } from '../../test/expect-error.js';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { healthWhile } from '../../test/health-meanwhile.js';
import { biff8Workbook } from '../../test/hostile-files.js';
import { sheetXml, workbookParts, zipFile } from '../../bench/zip-bomb.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

const upload = (u: TestUser, name: string, data: Buffer) =>
  u.req({ method: 'POST', url: '/api/lists/upload', ...multipartBody({ name, data }) });
const MB = 1024 * 1024;

/** A 3–4 MB .xlsx whose shared strings inflate to `mb` MB (docs/architecture.md#security-baseline: 1.1 GB killed the server). */
const sharedStringsBomb = (mb: number, declaredSize?: number) => {
  const filler = Buffer.alloc(mb * MB, 'A');
  const strings = Buffer.concat([Buffer.from('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>'), filler, Buffer.from('</t></si></sst>')]);
  const parts = workbookParts(sheetXml([['name'], ['Ann']]), strings);
  if (declaredSize !== undefined) parts[parts.length - 1].declaredSize = declaredSize;
  return zipFile(parts);
};

describe('uploads bounded by work, not by row count alone (docs/architecture.md#security-baseline "server crash")', () => {
  it('refuses an .xlsx whose shared strings expand past the limit, whatever size it declares', async () => {
    const u = await signUpUser(t.app);
    const bomb = sharedStringsBomb(150);
    expect(bomb.length).toBeLessThan(1 * MB);
    const declared = await upload(u, 'bomb.xlsx', bomb);
    expectError(declared, 422, 'UNPROCESSABLE', LIST_MESSAGES.expandsTooMuch);
    // The same bomb claiming to be 1 KB is caught while inflating.
    const lying = await upload(u, 'liar.xlsx', sharedStringsBomb(150, 1024));
    expectError(lying, 422, 'UNPROCESSABLE', LIST_MESSAGES.expandsTooMuch);
    expect((await u.req({ method: 'GET', url: '/api/lists' })).json()).toEqual([]);
  });

  it('refuses an .xlsx whose styles part expands past 16 MB (the reader holds it whole)', async () => {
    const u = await signUpUser(t.app);
    const styles = Buffer.concat([Buffer.from('<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'), Buffer.alloc(20 * MB, ' '), Buffer.from('</styleSheet>')]);
    const res = await upload(u, 'styled.xlsx', zipFile([...workbookParts(sheetXml([['name'], ['Ann']])), { name: 'xl/styles.xml', data: styles }]));
    expectError(res, 422, 'UNPROCESSABLE', LIST_MESSAGES.expandsTooMuch);
  });

  it('refuses a file of blank rows quickly instead of reading them for minutes', async () => {
    const u = await signUpUser(t.app);
    const blank = Buffer.from('name,email\n' + ',\n'.repeat(300_000) + 'Ann,ann@example.test\n');
    const res = await upload(u, 'blank.csv', blank);
    expectError(res, 422, 'UNPROCESSABLE', LIST_MESSAGES.tooManyBlankRows);
    const blankRows = Array.from({ length: 260_000 }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t> </t></is></c></row>`).join('');
    const xlsx = zipFile(workbookParts(sheetXml([['name']], blankRows)));
    const fromXlsx = await upload(u, 'blank.xlsx', xlsx);
    expectError(fromXlsx, 422, 'UNPROCESSABLE', LIST_MESSAGES.tooManyBlankRows);
  });

  it('names the row and column of a cell over 10,000 characters (CSV and XLSX)', async () => {
    const u = await signUpUser(t.app);
    const big = 'x'.repeat(10 * MB);
    const csv = await upload(u, 'cell.csv', Buffer.from(`name,notes\nAnn,short\nBob,${big}\n`));
    expect(csv.json().error.message).toBe('Row 3, column "notes" is longer than 10,000 characters');
    expectError(csv, 422, 'UNPROCESSABLE', cellTooLongMessage(3, 'notes'));
    const xlsx = await upload(u, 'cell.xlsx', zipFile(workbookParts(sheetXml([['name', 'notes'], ['Ann', big]]))));
    expect(xlsx.json().error.message).toBe('Row 2, column "notes" is longer than 10,000 characters');
    expectError(xlsx, 422, 'UNPROCESSABLE', cellTooLongMessage(2, 'notes'));
  });

  it('survives three bombs at once: each refused (422) or told to wait (429), the server answering meanwhile', async () => {
    const u = await signUpUser(t.app);
    const others = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    const bomb = sharedStringsBomb(150, 1024);
    const uploads = [u, ...others].map((who) => upload(who, 'bomb.xlsx', bomb));
    const started = Date.now();
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/status' });
    expect(status.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    const results = await Promise.all(uploads);
    for (const r of results) {
      expect([422, 429]).toContain(r.statusCode);
      if (r.statusCode === 429) expectError(r, 429, 'RATE_LIMITED', LIST_MESSAGES.busy);
      else expectError(r, 422, 'UNPROCESSABLE', LIST_MESSAGES.expandsTooMuch);
    }
    const ok = await upload(u, 'ok.csv', Buffer.from('name,email\nAnn,ann@example.test\n'));
    expect(ok.statusCode).toBe(201);
  });

  it('refuses an .xls of more than 1,000,000 cells before reading a cell, the server answering meanwhile', async () => {
    const u = await signUpUser(t.app);
    // 1,024,000 number cells in 6 MB froze the server for 81 s; 8,192,000 in 49 MB ran it out of memory.
    for (const rows of [4_000, 32_000]) {
      const xls = biff8Workbook(rows, 256);
      expect(rows * 256).toBeGreaterThan(XLS_MAX_CELLS);
      const { result, answers, slowestMs } = await healthWhile(t.app, upload(u, 'legacy.xls', xls));
      expectError(result, 422, 'UNPROCESSABLE', LIST_MESSAGES.xlsTooManyCells);
      expect(answers).toBeGreaterThan(0);
      expect(slowestMs).toBeLessThan(500);
    }
    // The same kind of file within the limit imports, read by SheetJS in a spreadsheet thread.
    const ok = await upload(u, 'legacy.xls', biff8Workbook(2_000, 20));
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(201);
    expect(ok.json()).toMatchObject({ row_count: 2_000, headers: Array.from({ length: 20 }, (_, c) => `Column ${c + 1}`) });
    expect((await u.req({ method: 'GET', url: '/api/lists' })).json()).toHaveLength(1);
  });

  it(`refuses a sheet wider than ${UPLOAD_MAX_COLUMNS} columns, in the header or in a data row`, async () => {
    const u = await signUpUser(t.app);
    const header = Array.from({ length: UPLOAD_MAX_COLUMNS + 1 }, (_, i) => `c${i}`).join(',');
    expectError(await upload(u, 'wide.csv', Buffer.from(`${header}\n1\n`)), 422, 'UNPROCESSABLE', LIST_MESSAGES.tooManyColumns);
    const wideRow = `name\nAnn\n${'x,'.repeat(UPLOAD_MAX_COLUMNS)}x\n`;
    expectError(await upload(u, 'wide-row.csv', Buffer.from(wideRow)), 422, 'UNPROCESSABLE', LIST_MESSAGES.tooManyColumns);
  });

  it('lets one user run one import at a time: a second waits its turn', async () => {
    const u = await signUpUser(t.app);
    const csv = Buffer.from('email\n' + Array.from({ length: 60_000 }, (_, i) => `p${i}@example.test`).join('\n'));
    const both = await Promise.all([upload(u, 'a.csv', csv), upload(u, 'b.csv', csv)]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
  });
});
