import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap } from '@mailcraft/shared';
import { eventually } from '../../test/eventually.js';
import { expectError } from '../../test/expect-error.js';
import { createProject, designPage, onPlan, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { printFile } from '../../test/print-file.js';
import { storedKeys } from '../../test/stored-keys.js';
import { drawAllMaps } from '../../test/draw-maps.js';

const PNG_1PX = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** Renders wait for the render threads, slow to start on a busy machine. */
const PRINT_TIMEOUT = 240_000;

/**
 * docs/requirements/projects.md#project-deletion, docs/architecture.md#storage, on S3 storage (a
 * real s3rver): deleting a project removes the objects it owns — its thumbnails, its print files
 * and proofs — once its rows are gone; its list outlives it with the list's own objects (the
 * uploaded file, the map images), and another user's objects stay.
 */
describe('deleting a project removes its stored objects (S3 storage)', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ storage: 's3' });
    owner = await signUpUser(t.app);
    other = await signUpUser(t.app);
    for (const u of [owner, other]) await onPlan(t.ctx.db, u.id, 'business', { maps: true });
  });
  afterAll(async () => { await t?.close(); });

  /** A single-sided project of `u` with a designed first page (and its thumbnail) and an uploaded 3-record list as its current list. */
  async function designedProject(u: TestUser) {
    const project = await createProject(t.ctx.db, u.id, { sides: 'single', permitType: 'none' });
    const { headers, rows } = us500(3);
    const upload = await u.req({
      method: 'POST', url: '/api/lists/upload',
      ...multipartBody({ name: 'people.csv', data: Buffer.from(Papa.unparse([headers, ...rows])) }, { projectId: project.id }),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const listId: string = upload.json().id;
    await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
    const design = await u.req({
      method: 'POST', url: `/api/templates/project/${project.id}/design`,
      payload: { template_data_inside: designPage([textElement('first_name', 20, 30)]), thumbnails: { inside: PNG_1PX } },
    });
    expect(design.statusCode, design.body).toBe(200);
    return { projectId: project.id, listId };
  }


  it('removes its thumbnails, print file and proof; keeps its list\'s file and map images, and another user\'s objects', async () => {
    const mine = await designedProject(owner);
    await drawAllMaps(owner, mine.projectId, mine.listId);
    const final = String((await printFile(owner, mine.projectId, { confirm_warnings: true })).job.id);
    const proof = String((await printFile(owner, mine.projectId, { proof: true, confirm_warnings: true })).job.id);
    const theirs = await designedProject(other);
    const theirPrint = String((await printFile(other, theirs.projectId, { confirm_warnings: true })).job.id);

    const everything = await storedKeys(t);
    expect(everything).toEqual(expect.arrayContaining([
      `projects/${mine.projectId}/thumbnails/inside.png`, `print/${final}.pdf`, `print/${proof}.pdf`, `lists/${mine.listId}/source.csv`,
    ]));
    expect(await storedKeys(t, `maps/${mine.listId}`)).toHaveLength(3);
    const projectObjects = [`projects/${mine.projectId}/thumbnails/inside.png`, `print/${final}.pdf`, `print/${proof}.pdf`];
    const theirObjects = [`lists/${theirs.listId}/source.csv`, `print/${theirPrint}.pdf`, `projects/${theirs.projectId}/thumbnails/inside.png`];
    expect(everything).toEqual(expect.arrayContaining(theirObjects));

    expectError(await other.req({ method: 'DELETE', url: `/api/projects/${mine.projectId}` }), 404, 'NOT_FOUND', 'Project not found');
    const res = await owner.req({ method: 'DELETE', url: `/api/projects/${mine.projectId}` });
    expect(res.statusCode, res.body).toBe(204);
    expectError(await owner.req({ method: 'GET', url: `/api/print-jobs/${final}` }), 404, 'NOT_FOUND', 'Print job not found');
    await eventually(async () => {
      const left = await storedKeys(t);
      return projectObjects.every((k) => !left.includes(k));
    });

    // Exactly the project's objects went: the list (no longer any project's) keeps its own, and the other user's stay.
    const after = await storedKeys(t);
    expect(everything.filter((k) => !after.includes(k)).sort()).toEqual([...projectObjects].sort());
    expect(after).toEqual(expect.arrayContaining([`lists/${mine.listId}/source.csv`, ...theirObjects]));
    expect(await storedKeys(t, `maps/${mine.listId}`)).toHaveLength(3);
    expect((await owner.req({ method: 'GET', url: `/api/lists/${mine.listId}` })).json()).toMatchObject({ id: mine.listId, project_id: null });
  }, PRINT_TIMEOUT);
});
