import fs from 'node:fs';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_MESSAGES, planRowsMessage } from '@mailcraft/shared';
import { mailingListRecords, mailingLists, projects } from '../../db/schema/index.js';
import { createProject, onPlan } from '../../test/factories.js';
import { expectError } from '../../test/expect-error.js';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const upload = (u: TestUser, name: string, data: Buffer, fields: Record<string, string> = {}) =>
  u.req({ method: 'POST', url: '/api/lists/upload', ...multipartBody({ name, data }, fields) });
const rowsCsv = (n: number) => Buffer.from('email\n' + Array.from({ length: n }, (_, i) => `p${i}@example.test`).join('\n') + '\n');

/** The user's lists and how many records they hold, to prove a failed upload changed nothing. */
async function snapshot(userId: string) {
  const lists = await t.ctx.db.select({ id: mailingLists.id }).from(mailingLists).where(eq(mailingLists.userId, userId));
  const ids = lists.map((l) => l.id);
  const [{ n }] = ids.length
    ? await t.ctx.db.select({ n: count() }).from(mailingListRecords).where(inArray(mailingListRecords.listId, ids))
    : [{ n: 0 }];
  return { lists: ids.sort(), records: n };
}
const projectListId = async (projectId: string) =>
  (await t.ctx.db.select({ listId: projects.listId }).from(projects).where(eq(projects.id, projectId)))[0].listId;

describe('list upload limits and failures', () => {
  it('accepts only .csv, .xls and .xlsx (415)', async () => {
    const u = await signUpUser(t.app);
    for (const name of ['list.txt', 'list.numbers', 'csv', 'list.csv.exe']) {
      expectError(await upload(u, name, Buffer.from('name\nAnn\n')), 415, 'UNSUPPORTED_MEDIA_TYPE', LIST_MESSAGES.unsupportedType);
    }
    expect((await upload(u, 'LIST.XLSX', fixture('formats.xlsx'))).statusCode).toBe(201);
  });

  it('refuses empty, header-only and fake spreadsheets (422)', async () => {
    const u = await signUpUser(t.app);
    expectError(await upload(u, 'empty.csv', Buffer.alloc(0)), 422, 'UNPROCESSABLE', LIST_MESSAGES.empty);
    expectError(await upload(u, 'blank.csv', Buffer.from('\r\n,,\r\n')), 422, 'UNPROCESSABLE', LIST_MESSAGES.empty);
    expectError(await upload(u, 'header.csv', fixture('header-only.csv')), 422, 'UNPROCESSABLE', LIST_MESSAGES.headerOnly);
    expectError(await upload(u, 'photo.xlsx', fixture('not-a-spreadsheet.png')), 422, 'UNPROCESSABLE', LIST_MESSAGES.invalid);
    expectError(await upload(u, 'photo.xls', fixture('not-a-spreadsheet.png')), 422, 'UNPROCESSABLE', LIST_MESSAGES.invalid);
    expect(await snapshot(u.id)).toEqual({ lists: [], records: 0 });
  });

  it('refuses a request without a file (400)', async () => {
    const u = await signUpUser(t.app);
    const res = await u.req({ method: 'POST', url: '/api/lists/upload', payload: { projectId: 'x' } });
    expectError(res, 400, 'BAD_REQUEST', LIST_MESSAGES.noFile);
  });

  it('refuses a file over 50 MB (413)', async () => {
    const u = await signUpUser(t.app);
    const big = Buffer.alloc(50 * 1024 * 1024 + 1024, 'a');
    expectError(await upload(u, 'big.csv', big), 413, 'PAYLOAD_TOO_LARGE', LIST_MESSAGES.tooLarge);
    expect(await snapshot(u.id)).toEqual({ lists: [], records: 0 });
  });

  it('refuses more than 250,000 data rows (422) and leaves the project\'s current list as it was', async () => {
    const u = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, u.id);
    const first = (await upload(u, 'first.csv', rowsCsv(3), { projectId: project.id })).json();
    const before = await snapshot(u.id);
    const tooMany = Buffer.from('n\n' + '1\n'.repeat(250_001));
    expectError(await upload(u, 'huge.csv', tooMany, { projectId: project.id }), 422, 'UNPROCESSABLE', LIST_MESSAGES.tooManyRows);
    expect(await snapshot(u.id)).toEqual(before);
    expect(await projectListId(project.id)).toBe(first.id);
  });

  it('accepts exactly 250,000 data rows', async () => {
    const u = await signUpUser(t.app);
    const res = await upload(u, 'max.csv', Buffer.from('n\n' + '1\n'.repeat(250_000)));
    expect(res.statusCode).toBe(201);
    expect(res.json().row_count).toBe(250_000);
  });

  it('enforces the plan\'s max_list_rows in the same transaction: records already written are rolled back', async () => {
    const u = await signUpUser(t.app);
    await onPlan(t.ctx.db, u.id, 'pay_as_you_go', { max_list_rows: 15_000 });
    const project = await createProject(t.ctx.db, u.id);
    const first = (await upload(u, 'first.csv', rowsCsv(5), { projectId: project.id })).json();
    const before = await snapshot(u.id);
    // 20,000 rows: the first batches of 5,000 are inserted before a later one breaks the limit.
    const res = await upload(u, 'big.csv', rowsCsv(20_000), { projectId: project.id });
    expect(res.json().error.message).toContain('up to 15,000 rows');
    expectError(res, 402, 'PAYMENT_REQUIRED', planRowsMessage(15_000));
    expect(await snapshot(u.id)).toEqual(before);
    expect(await projectListId(project.id)).toBe(first.id);
    expect((await upload(u, 'ok.csv', rowsCsv(15_000))).statusCode).toBe(201);
  });

  it('reads projectId whether it comes before or after the file', async () => {
    const u = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, u.id);
    const body = multipartBody({ name: 'a.csv', data: Buffer.from('name\nAnn\n') });
    const boundary = body.headers['content-type'].split('boundary=')[1];
    const withFieldAfter = Buffer.concat([
      body.payload.subarray(0, body.payload.length - `--${boundary}--\r\n`.length),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="projectId"\r\n\r\n${project.id}\r\n--${boundary}--\r\n`),
    ]);
    const res = await u.req({ method: 'POST', url: '/api/lists/upload', payload: withFieldAfter, headers: body.headers });
    expect(res.statusCode, res.body).toBe(201);
    expect(await projectListId(project.id)).toBe(res.json().id);
  });
});
