import fs from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, PRINT_WARNINGS_MESSAGE, PRODUCT_PERMIT_UNAVAILABLE } from '@mailcraft/shared';
import { expectError } from '../../test/expect-error.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import {
  createDesign, createMailingList, createProject, designPage, saveColumnMappings, textElement, us500,
} from '../../test/factories.js';
import { sharedDataFile } from '../../test/shared-data.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** The address side of a mailer: name, street and last line. */
const addressSide = () => designPage([
  textElement('full_name', 100, 150),
  textElement('address', 100, 160),
  textElement('city_state_zip', 100, 170),
]);

/** A project printing `list` (auto-mapped) with the address side as its design. */
async function projectWith(user: TestUser, list: { headers: string[]; rows: string[][]; name: string }, permitType: 'custom' | 'product' | 'none' = 'none') {
  const project = await createProject(t.ctx.db, user.id, { sides: 'single', permitType });
  const created = await createMailingList(t.ctx.db, user.id, { ...list, projectId: project.id });
  await saveColumnMappings(t.ctx.db, created.id, autoMap(list.headers), {});
  await createDesign(t.ctx.db, project.id, { inside: addressSide() });
  return project;
}

const check = async (user: TestUser, projectId: string) => {
  const res = await user.req({ method: 'GET', url: `/api/projects/${projectId}/print/check` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('print check (docs/requirements/workflow.md#clear-states-and-fast-pages: warnings before printing)', () => {
  it('has nothing to say about us-500 with every address part mapped', async () => {
    const u = await signUpUser(t.app);
    const project = await projectWith(u, { ...us500(), name: 'us-500.csv' });
    expect(await check(u, project.id)).toEqual({
      list: { id: expect.any(String), name: 'us-500.csv', row_count: 500 },
      unmapped_fields: [],
      missing_address: { records: 0, parts: [], examples: [] },
      warnings: 0,
    });
    const start = await u.req({ method: 'POST', url: `/api/projects/${project.id}/print` });
    expect(start.statusCode, start.body).toBe(202);
  });

  it('letters-small: names the fields the design prints but the list does not map, and counts records without an address', async () => {
    const u = await signUpUser(t.app);
    const [headers, ...rows] = Papa.parse<string[]>(fs.readFileSync(sharedDataFile('letters-small.csv'), 'utf8'), { skipEmptyLines: true }).data;
    const project = await projectWith(u, { headers, rows, name: 'letters-small.csv' });
    const result = await check(u, project.id);
    expect(result.unmapped_fields).toEqual([
      { field: 'address', label: 'Address' },
      { field: 'full_name', label: 'Full Name' },
    ]);
    expect(result.missing_address.records).toBe(rows.length);
    expect(result.missing_address.parts).toEqual([
      { field: 'address', label: 'Address', records: rows.length },
      { field: 'zip', label: 'ZIP Code', records: rows.length },
    ]);
    expect(result.missing_address.examples[0]).toEqual({ record: 1, name: '' });
    expect(result.warnings).toBe(3);

    // Generating anyway is the user's explicit choice: refused until confirmed.
    expectError(await u.req({ method: 'POST', url: `/api/projects/${project.id}/print`, payload: {} }), 409, 'CONFLICT', PRINT_WARNINGS_MESSAGE);
    const confirmed = await u.req({ method: 'POST', url: `/api/projects/${project.id}/print`, payload: { confirm_warnings: true } });
    expect(confirmed.statusCode, confirmed.body).toBe(202);
  });

  it('counts each record missing an address part once, with the first ones by number and name', async () => {
    const u = await signUpUser(t.app);
    const { headers, rows } = us500(50);
    const col = (name: string) => headers.indexOf(name);
    rows[4][col('address')] = '   ';
    rows[9][col('zip')] = '';
    rows[9][col('city')] = '';
    const project = await projectWith(u, { headers, rows, name: 'gaps.csv' });
    const result = await check(u, project.id);
    expect(result.unmapped_fields).toEqual([]);
    expect(result.missing_address).toEqual({
      records: 2,
      parts: [
        { field: 'address', label: 'Address', records: 1 },
        { field: 'city', label: 'City', records: 1 },
        { field: 'zip', label: 'ZIP Code', records: 1 },
      ],
      examples: [
        { record: 5, name: `${rows[4][col('first_name')]} ${rows[4][col('last_name')]}` },
        { record: 10, name: `${rows[9][col('first_name')]} ${rows[9][col('last_name')]}` },
      ],
    });
    expect(result.warnings).toBe(1);
  });

  it('refuses to print under the product permit when the server has none: an imprint without a permit number is not legal', async () => {
    const u = await signUpUser(t.app);
    const project = await projectWith(u, { ...us500(3), name: 'us-500.csv' }, 'product');
    expectError(await u.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview?count=1` }), 422, 'UNPROCESSABLE', PRODUCT_PERMIT_UNAVAILABLE);
    expectError(await u.req({ method: 'POST', url: `/api/projects/${project.id}/print`, payload: { confirm_warnings: true } }), 422, 'UNPROCESSABLE', PRODUCT_PERMIT_UNAVAILABLE);
    const offered = await u.req({ method: 'GET', url: '/api/templates/permits/product' });
    expect(offered.json()).toEqual({ available: false, indicia: null });
  });

  it('answers 404 for another user\'s project', async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const project = await projectWith(owner, { ...us500(3), name: 'mine.csv' });
    expectError(await other.req({ method: 'GET', url: `/api/projects/${project.id}/print/check` }), 404, 'NOT_FOUND', 'Project not found');
  });
});
