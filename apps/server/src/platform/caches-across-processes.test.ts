import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAddressCheck, TAdminFont, TDataPreview, TQrConfigInput } from '@mailcraft/shared';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { createDesign, createMailingList, createProject, designPage, saveColumnMappings, textElement, us500 } from '../test/factories.js';
import { eventually } from '../test/eventually.js';
import { pdfFonts } from '../test/pdf-fonts.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { LIST_CONTEXT_TTL_MS } from '../modules/qr-codes/qr-codes.service.js';

/** How a QR destination carries a field's value (base64 of its UTF-8, docs/requirements/qr-codes.md#destination-links). */
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** A free font the server's own dependencies install (SIL OFL 1.1; PostScript name NotoSansArabic-Medium), read in place. */
const require = createRequire(import.meta.url);
const MEDIUM = fs.readFileSync(path.join(
  path.dirname(require.resolve('@expo-google-fonts/noto-sans-arabic/package.json')), '500Medium', 'NotoSansArabic_500Medium.ttf',
));

/**
 * Two server processes on one PostgreSQL database (docs/architecture.md#caches-across-processes):
 * instance A is a test app in this process, B a separate `main.ts` process on A's database and
 * file storage, with its own DATA_DIR, render threads and caches. A runs no job workers, so every
 * print is rendered by B. PostgreSQL only: the embedded database is one process by design.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('caches across processes on one PostgreSQL database', () => {
  let a: TestApp;
  let b: ServerProcess;
  let admin: TestUser;

  beforeAll(async () => {
    a = await createTestApp({ workers: false });
    b = await startServerProcess({ DATABASE_URL: a.ctx.database.url!, STORAGE_URL: a.ctx.config.storageDir, PRINT_WORKERS: '1' });
    admin = await signUpUser(a.app); // the operator, on Business
  }, 120_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  });

  /** A request to process B with `user`'s session (sessions live in the shared database), as the app's own page sends it. */
  const onB = (user: TestUser, method: string, url: string, body?: unknown) => fetch(`${b.url}${url}`, {
    method,
    headers: { cookie: user.cookie, 'sec-fetch-site': 'same-origin', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });

  /** Starts a print file of the project on B, waits for B's worker to finish it and answers the PDF B serves. */
  async function printOnB(user: TestUser, projectId: string): Promise<Uint8Array> {
    const started = await onB(user, 'POST', `/api/projects/${projectId}/print`, { confirm_warnings: true });
    expect(started.status, await started.clone().text()).toBe(202);
    const { jobId } = (await started.json()) as { jobId: string };
    let job = { status: 'queued', error: null as string | null };
    await eventually(async () => {
      job = (await (await onB(user, 'GET', `/api/print-jobs/${jobId}`)).json()) as typeof job;
      return job.status === 'done' || job.status === 'failed';
    }, 60_000);
    expect(job).toMatchObject({ status: 'done' });
    const file = await onB(user, 'GET', `/api/print-jobs/${jobId}/file`);
    expect(file.status).toBe(200);
    return new Uint8Array(await file.arrayBuffer());
  }

  it('prints a font uploaded through A in the next print rendered by B, and removes B\'s copy when A deletes it', async () => {
    const user = await signUpUser(a.app);
    const project = await createProject(a.ctx.db, user.id, { sides: 'single', permitType: 'none' });
    const list = await createMailingList(a.ctx.db, user.id, { headers: ['Name'], rows: [['Ada']], projectId: project.id });
    await saveColumnMappings(a.ctx.db, list.id, { Name: 'full_name' });
    await createDesign(a.ctx.db, project.id, { inside: designPage([textElement('full_name', 20, 20, { fontName: 'NotoSansArabic-Medium' })]) });

    // B renders once before the upload: its render thread builds its font map without the font.
    expect(pdfFonts(await printOnB(user, project.id)).map((f) => f.name)).not.toContain('NotoSansArabic-Medium');

    const uploaded = await admin.req({ method: 'POST', url: '/api/admin/fonts', ...multipartBody({ name: 'medium.ttf', data: MEDIUM, type: 'font/ttf' }) });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const font = uploaded.json() as TAdminFont;

    // At once: the very next print B renders embeds it.
    expect(pdfFonts(await printOnB(user, project.id))).toContainEqual({ name: 'NotoSansArabic-Medium', embedded: true });
    const copy = path.join(b.dataDir, 'cache', 'fonts', `${font.id}.ttf`);
    expect(fs.readFileSync(copy).equals(MEDIUM)).toBe(true);

    // Deleted through A (once no design uses it): B's local copy goes too.
    expect((await user.req({ method: 'DELETE', url: `/api/projects/${project.id}` })).statusCode).toBe(204);
    expect((await admin.req({ method: 'DELETE', url: `/api/admin/fonts/${font.id}` })).statusCode).toBe(204);
    await eventually(() => !fs.existsSync(copy), 10_000);
  });

  it('redirects B\'s scans by a QR configuration saved through A at once, not after the cache\'s time limit', async () => {
    const list = await createMailingList(a.ctx.db, admin.id, { headers: ['First Name', 'City'], rows: [['Ada', 'Boston']] });
    const config = (baseUrl: string): TQrConfigInput => ({ baseUrl, variables: { first_name: { param: 'fname', capitalization: 'original' } }, staticParams: [], style: {} });
    const save = (baseUrl: string) => admin.req({ method: 'POST', url: '/api/qr/config', payload: { listId: list.id, config: config(baseUrl) } });
    expect((await save('https://one.example/land')).statusCode).toBe(200);
    const preview = (await admin.req({ method: 'GET', url: `/api/data-preview/list/${list.id}` })).json() as TDataPreview;
    const code = preview.records[0].short_url.split('/').pop()!;
    const scanOnB = async () => (await fetch(`${b.url}/${code}`, { redirect: 'manual' })).headers.get('location');

    // B's first scan reads the list's scan context and keeps it.
    expect(await scanOnB()).toBe(`https://one.example/land?fname=${b64('Ada')}`);
    const primedAt = Date.now();
    // A change behind the services' back (no notification) is not seen: B answers from its cache.
    await a.ctx.db.execute(sql`UPDATE qr_configs SET base_url = 'https://unannounced.example/' WHERE list_id = ${list.id}`);
    expect(await scanOnB()).toBe(`https://one.example/land?fname=${b64('Ada')}`);

    // Saved through A: B's next scans follow it, long before the entry would have expired.
    expect((await save('https://two.example/land')).statusCode).toBe(200);
    await eventually(async () => (await scanOnB()) === `https://two.example/land?fname=${b64('Ada')}`, 5_000);
    expect(Date.now() - primedAt).toBeLessThan(LIST_CONTEXT_TTL_MS);

    // A re-mapping through A reaches B's redirect too: the first name now comes from City.
    const mapped = await admin.req({
      method: 'POST', url: '/api/lists/map-columns',
      payload: { fileId: list.id, mappings: { 'First Name': 'last_name', City: 'first_name' }, fieldSettings: { capitalization: {} } },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    await eventually(async () => (await scanOnB()) === `https://two.example/land?fname=${b64('Boston')}`, 5_000);
    expect(Date.now() - primedAt).toBeLessThan(LIST_CONTEXT_TTL_MS);
  });

  it('answers B\'s address check with the records A excluded meanwhile, not the check B kept', async () => {
    const user = await signUpUser(a.app);
    const list = await createMailingList(a.ctx.db, user.id, us500(5));
    const [first, second] = (await a.ctx.db.execute(sql`SELECT id FROM mailing_list_records WHERE list_id = ${list.id} ORDER BY row_index LIMIT 2`)).rows
      .map((r) => String((r as { id: string }).id));
    const excludedOnB = async () => ((await (await onB(user, 'GET', `/api/lists/${list.id}/address-check`)).json()) as TAddressCheck).counts.excluded;

    // B checks the list and keeps the check (for up to 10 minutes).
    expect(await excludedOnB()).toBe(0);
    // An edit behind the services' back (no notification) is not seen: B answers from the check it kept.
    await a.ctx.db.execute(sql`UPDATE mailing_list_records SET excluded = true WHERE id = ${first}`);
    expect(await excludedOnB()).toBe(0);

    // An exclusion made through A drops B's kept check: B's next check counts both records.
    const fix = await user.req({ method: 'POST', url: `/api/lists/${list.id}/address-check/fixes`, payload: { recordIds: [second], action: 'exclude' } });
    expect(fix.statusCode, fix.body).toBe(200);
    await eventually(async () => (await excludedOnB()) === 2, 5_000);
  });
});
