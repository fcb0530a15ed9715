import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap } from '@mailcraft/shared';
import { eventually } from '../../test/eventually.js';
import { expectError } from '../../test/expect-error.js';
import { createProject, onPlan, saveColumnMappings, us500 } from '../../test/factories.js';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { storedKeys } from '../../test/stored-keys.js';
import { drawAllMaps } from '../../test/draw-maps.js';

/**
 * docs/requirements/mailing-lists.md#list-deletion, docs/architecture.md#storage: deleting a list
 * removes the files it owns — its uploaded file and every map image drawn for its records — once
 * its rows are gone, and nobody else's.
 */
describe('deleting a list removes its stored files', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app);
    other = await signUpUser(t.app);
    for (const u of [owner, other]) await onPlan(t.ctx.db, u.id, 'pro', { maps: true });
  });
  afterAll(async () => { await t?.close(); });

  /** `u` uploads `records` rows of us-500 (not any project's current list) and draws every record's map for a project of theirs. */
  async function listWithMaps(u: TestUser, records: number) {
    const { headers, rows } = us500(records);
    const upload = await u.req({ method: 'POST', url: '/api/lists/upload', ...multipartBody({ name: 'people.csv', data: Buffer.from(Papa.unparse([headers, ...rows])) }) });
    expect(upload.statusCode, upload.body).toBe(201);
    const listId: string = upload.json().id;
    await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
    const projectId = (await createProject(t.ctx.db, u.id)).id;
    expect(await drawAllMaps(u, projectId, listId)).toMatchObject({ done: records });
    return { listId, projectId };
  }

  it('removes its uploaded file and all its map images after the rows; the drawing project and another user\'s files stay', async () => {
    const mine = await listWithMaps(owner, 30);
    const theirs = await listWithMaps(other, 3);
    expect(await storedKeys(t, `lists/${mine.listId}`)).toEqual([`lists/${mine.listId}/source.csv`]);
    expect(await storedKeys(t, `maps/${mine.listId}`)).toHaveLength(30);
    const theirFiles = [...(await storedKeys(t, `lists/${theirs.listId}`)), ...(await storedKeys(t, `maps/${theirs.listId}`))];
    expect(theirFiles).toHaveLength(4);

    // Another user cannot delete it, and their attempt removes nothing.
    expectError(await other.req({ method: 'DELETE', url: `/api/lists/${mine.listId}` }), 404, 'NOT_FOUND', 'Mailing list not found');
    const res = await owner.req({ method: 'DELETE', url: `/api/lists/${mine.listId}` });
    expect(res.statusCode, res.body).toBe(204);
    // The list is gone at once; its files go in the background.
    expectError(await owner.req({ method: 'GET', url: `/api/lists/${mine.listId}` }), 404, 'NOT_FOUND', 'Mailing list not found');
    await eventually(async () => (await storedKeys(t, `lists/${mine.listId}`)).length === 0 && (await storedKeys(t, `maps/${mine.listId}`)).length === 0);

    expect([...(await storedKeys(t, `lists/${theirs.listId}`)), ...(await storedKeys(t, `maps/${theirs.listId}`))]).toEqual(theirFiles);
    expect((await owner.req({ method: 'GET', url: `/api/projects/${mine.projectId}` })).statusCode).toBe(200);
  }, 180_000);
});
