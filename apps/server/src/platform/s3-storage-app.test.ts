import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually.js';
import { createTestApp, multipartBody, signUpUser, type TestApp } from '../test/harness.js';
import { createProject, designPage, textElement } from '../test/factories.js';
import { pdfPageTexts, squashSpaces } from '../test/pdf-text.js';
import { printFile } from '../test/print-file.js';

/**
 * The app with STORAGE_URL=s3://mc-test/files on a real s3rver (docs/architecture.md#storage): a
 * list upload, a print file and its download go through the bucket, nothing lands on local disk,
 * and deleting the account empties the bucket of its files.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ storage: 's3' });
  await signUpUser(t.app); // the operator, so the user below may delete their account
});
afterAll(async () => { await t?.close(); });

describe('the app on S3 storage', () => {
  it('upload → map → design → print → download: the list and the print file are objects in the bucket, gone with the account', async () => {
    const user = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, user.id, { sides: 'single', permitType: 'none' });
    const names = ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson'];
    const csv = Buffer.from(`Name,City\n${names.map((n, i) => `${n},City ${i}`).join('\n')}\n`, 'utf8');
    const upload = await user.req({
      method: 'POST', url: '/api/lists/upload',
      ...multipartBody({ name: 'names.csv', data: csv, type: 'text/csv' }, { projectId: project.id }),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const listId: string = upload.json().id;
    const mapped = await user.req({ method: 'POST', url: '/api/lists/map-columns', payload: { fileId: listId, mappings: { Name: 'full_name', City: 'city' } } });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const design = await user.req({
      method: 'POST', url: `/api/templates/project/${project.id}/design`,
      payload: { template_data_inside: designPage([textElement('full_name', 20, 20), textElement('city', 20, 40)]) },
    });
    expect(design.statusCode, design.body).toBe(200);

    // Names only, no address: generating anyway is an explicit choice.
    const file = await printFile(user, project.id, { confirm_warnings: true });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
    const pages = pdfPageTexts(file.rawPayload).map(squashSpaces);
    expect(pages).toHaveLength(names.length);
    names.forEach((name, i) => expect(pages[i]).toContain(name));

    // The uploaded list and the print file are in the bucket under the STORAGE_URL prefix, byte for byte.
    const jobId = String(file.job.id);
    expect(await t.s3!.keys('files/')).toEqual(expect.arrayContaining([`files/lists/${listId}/source.csv`, `files/print/${jobId}.pdf`]));
    expect((await t.ctx.storage.get(`lists/${listId}/source.csv`)).equals(csv)).toBe(true);
    expect((await t.ctx.storage.get(`print/${jobId}.pdf`)).equals(file.rawPayload)).toBe(true);
    // …and nothing was written to the local files directory instead.
    expect(await fs.readdir(t.ctx.config.storageDir).catch(() => [])).toEqual([]);

    // Deleting the account removes its objects from the bucket.
    const deleted = await user.req({ method: 'POST', url: '/api/account/delete', payload: { confirm_email: user.email, current_password: 'correct horse battery' } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    // …in the background, after the rows ('storage.purge', docs/architecture.md#storage).
    await eventually(async () => (await t.s3!.keys('files/')).filter((k) => k.includes(listId) || k.includes(jobId) || k.includes(project.id)).length === 0);
  });
});
