import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/raw-rows.js';
import { S3Storage } from '../platform/s3-storage.js';
import { eventually } from '../test/eventually.js';
import { expectError } from '../test/expect-error.js';
import { createTestApp, multipartBody, signUpUser, type TestApp } from '../test/harness.js';
import { startS3rver, S3RVER_BUCKET, type TestS3 } from '../test/s3rver.js';
import { storedKeys } from '../test/stored-keys.js';
import { PURGE_BATCH, purgeStorage, removeStoredFiles } from './storage-purge.js';

/** The 'storage.purge' jobs in pg-boss's table: state, tries so far and what the last attempt answered. */
async function purgeJobs(t: TestApp): Promise<Array<{ state: string; retries: number; output: unknown; data: { files: string[]; folders: string[] } }>> {
  return rowsOf(await t.ctx.db.execute(sql`SELECT state::text AS state, retry_count AS retries, output, data FROM pgboss.job WHERE name = 'storage.purge'`)) as never;
}

/** docs/architecture.md#storage: an owner's files are removed after its rows, by 'storage.purge' jobs in the background. */
describe('storage.purge removes files in the background', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('cuts a large purge into jobs of PURGE_BATCH targets and removes every file and folder, nothing else', async () => {
    const files = Array.from({ length: PURGE_BATCH + 1 }, (_, i) => `orders/purge-${i}.pdf`);
    const folder = `maps/${randomUUID()}`;
    for (const key of files) await t.ctx.storage.put(key, 'x');
    for (let i = 0; i < 5; i++) await t.ctx.storage.put(`${folder}/${i}.png`, 'png');
    await t.ctx.storage.put(`${folder}x/kept.png`, 'png'); // a sibling folder whose name only starts the same
    await t.ctx.storage.put('orders/kept.pdf', 'x');

    await purgeStorage(t.ctx, { files, folders: [folder] });
    // Two jobs: the folder and 999 files, then 2 files.
    expect((await purgeJobs(t)).map((j) => j.data.files.length + j.data.folders.length).sort((a, b) => a - b)).toEqual([2, PURGE_BATCH]);
    await eventually(async () => (await storedKeys(t, 'orders')).length === 1 && (await storedKeys(t, folder)).length === 0, 60_000);
    expect(await storedKeys(t, 'orders')).toEqual(['orders/kept.pdf']);
    expect(await storedKeys(t, `${folder}x`)).toEqual([`${folder}x/kept.png`]);
    await eventually(async () => (await purgeJobs(t)).every((j) => j.state === 'completed'));
  }, 120_000);

  it('queues nothing for nothing', async () => {
    const before = (await purgeJobs(t)).length;
    await purgeStorage(t.ctx, { files: [], folders: [] });
    expect(await purgeJobs(t)).toHaveLength(before);
  });
});

describe('a purge the store refuses', () => {
  let s3: TestS3;
  let down: TestApp;
  beforeAll(async () => {
    s3 = await startS3rver(); // its (obviously fake) credentials, so the SDK gets as far as the network
    // An app whose S3 store does not answer (nothing listens on port 1).
    down = await createTestApp({ env: { STORAGE_URL: `s3://${S3RVER_BUCKET}/files`, S3_ENDPOINT: 'http://127.0.0.1:1', S3_FORCE_PATH_STYLE: 'true' } });
  });
  afterAll(async () => {
    await down?.close();
    await s3?.close();
  });

  it('deletes the list at once; its purge fails and waits for a retry, and the list stays deleted', async () => {
    const u = await signUpUser(down.app);
    // The upload is kept although its file could not be stored (docs/requirements/mailing-lists.md#upload).
    const upload = await u.req({ method: 'POST', url: '/api/lists/upload', ...multipartBody({ name: 'people.csv', data: Buffer.from('name\nAnn\n') }) });
    expect(upload.statusCode, upload.body).toBe(201);
    const listId: string = upload.json().id;

    const res = await u.req({ method: 'DELETE', url: `/api/lists/${listId}` });
    expect(res.statusCode, res.body).toBe(204);
    expectError(await u.req({ method: 'GET', url: `/api/lists/${listId}` }), 404, 'NOT_FOUND', 'Mailing list not found');
    let job: Awaited<ReturnType<typeof purgeJobs>>[number] | undefined;
    await eventually(async () => {
      job = (await purgeJobs(down)).find((j) => j.data.folders.includes(`lists/${listId}`));
      return job?.state === 'retry';
    }, 60_000);
    expect(job!.data.folders).toEqual([`lists/${listId}`, `maps/${listId}`]);
    expect(JSON.stringify(job!.output)).toMatch(/Could not remove 2 of 2 stored files or folders: lists\/[\w-]+\//);
    const [{ n }] = rowsOf(await down.ctx.db.execute(sql`SELECT count(*)::int AS n FROM mailing_lists WHERE id = ${listId}`)) as Array<{ n: number }>;
    expect(n).toBe(0);
  }, 90_000);

  it('is done by the retry once the store answers: every target removed, and again harmlessly', async () => {
    const store = new S3Storage({ bucket: S3RVER_BUCKET, prefix: 'files', endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true });
    const unreachable = new S3Storage({ bucket: S3RVER_BUCKET, prefix: 'files', endpoint: 'http://127.0.0.1:1', region: 'us-east-1', forcePathStyle: true });
    const listId = randomUUID();
    const what = { files: [`print/${randomUUID()}.pdf`], folders: [`lists/${listId}`, `maps/${listId}`] };
    await store.put(what.files[0], '%PDF-');
    await store.put(`lists/${listId}/source.csv`, 'name\nAnn\n');
    for (let i = 0; i < 3; i++) await store.put(`maps/${listId}/${i}.png`, 'png');
    await store.put('print/kept.pdf', '%PDF-');

    await expect(removeStoredFiles(unreachable, what)).rejects.toThrow(/^Could not remove 3 of 3 stored files or folders: lists\//);
    await removeStoredFiles(store, what);
    expect(await s3.keys('files/')).toEqual(['files/print/kept.pdf']);
    await removeStoredFiles(store, what); // a retry after a success: nothing left to remove, no error
    expect(await s3.keys('files/')).toEqual(['files/print/kept.pdf']);
  });
});
