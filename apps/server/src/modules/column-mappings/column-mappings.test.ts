import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expect-error.js';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { mapRecord } from '@mailcraft/shared';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

const CSV = 'First Name,LAST_NAME,E-mail,ZIP,zip,Notes,Extra,IMb No\nann,lee,ann@x.test,8014,1,vip,blue,123\nbo,chen,bo@x.test,94107,2,,green,456\n';

async function newList(u: TestUser, csv = CSV): Promise<string> {
  const res = await u.req({ method: 'POST', url: '/api/lists/upload', ...multipartBody({ name: 'people.csv', data: Buffer.from(csv) }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const getMappings = (u: TestUser, id: string) => u.req({ method: 'GET', url: `/api/mappings/list/${id}` });
const save = (u: TestUser, payload: Record<string, unknown>) => u.req({ method: 'POST', url: '/api/lists/map-columns', payload });

describe('column mappings', () => {
  it('answers the auto-mapping until mappings are saved (docs/requirements/projects.md#rules auto-matching)', async () => {
    const u = await signUpUser(t.app);
    const id = await newList(u);
    const res = await getMappings(u, id);
    expect(res.statusCode).toBe(200);
    // 'zip' matches too, but 'ZIP' came first: a non-custom field takes one column only.
    expect(res.json()).toEqual({
      mappings: { 'First Name': 'first_name', LAST_NAME: 'last_name', 'E-mail': 'email', ZIP: 'zip', 'IMb No': 'imbno' },
      fieldSettings: { capitalization: {} },
      saved: false,
    });
  });

  it('saves mappings and capitalization, then answers them as saved; mapped records use them', async () => {
    const u = await signUpUser(t.app);
    const id = await newList(u);
    const res = await save(u, {
      fileId: id,
      mappings: { 'First Name': 'first_name', LAST_NAME: 'last_name', ZIP: 'zip', Notes: 'custom_1', Extra: 'custom_1', 'IMb No': 'imbno' },
      fieldSettings: { capitalization: { first_name: 'title', last_name: 'upper', imbno: 'upper', city: 'lower' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const saved = (await getMappings(u, id)).json();
    expect(saved).toEqual({
      mappings: { 'First Name': 'first_name', LAST_NAME: 'last_name', ZIP: 'zip', Notes: 'custom_1', Extra: 'custom_1', 'IMb No': 'imbno' },
      // USPS (imbno) and unmapped (city) fields carry no capitalization (docs/requirements/projects.md#rules).
      fieldSettings: { capitalization: { first_name: 'title', last_name: 'upper' } },
      saved: true,
    });
    // What the designer and print do with them: shared mapRecord over the raw records.
    const preview = (await u.req({ method: 'GET', url: `/api/lists/${id}/preview` })).json();
    expect(preview.total).toBe(2);
    const records = preview.rows.map((row: string[]) => ({ fields: mapRecord(preview.headers, row, saved.mappings, saved.fieldSettings) }));
    expect(records[0].fields).toMatchObject({ first_name: 'Ann', last_name: 'LEE', zip: '08014', custom_1: 'vip blue', imbno: '123', full_name: 'Ann LEE' });
    expect(records[1].fields.custom_1).toBe('green');

    expect((await save(u, { fileId: id, mappings: { 'E-mail': 'email' }, fieldSettings: null })).statusCode).toBe(200);
    expect((await getMappings(u, id)).json()).toEqual({ mappings: { 'E-mail': 'email' }, fieldSettings: { capitalization: {} }, saved: true });
  });

  it('refuses a non-custom field mapped from two columns, naming the field (400)', async () => {
    const u = await signUpUser(t.app);
    const id = await newList(u);
    const res = await save(u, { fileId: id, mappings: { ZIP: 'zip', zip: 'zip' } });
    const twice = "The field zip can be mapped from one column only; it is mapped from 'ZIP' and 'zip'";
    expectError(res, 400, 'VALIDATION', twice, [{ message: twice, path: '/mappings' }]);
  });

  it('refuses unknown columns, unknown fields and unknown capitalization modes (400)', async () => {
    const u = await signUpUser(t.app);
    const id = await newList(u);
    const unknownColumn = await save(u, { fileId: id, mappings: { Phone: 'phone' } });
    expectError(unknownColumn, 400, 'VALIDATION', "'Phone' is not a column of this mailing list");
    const unknownField = await save(u, { fileId: id, mappings: { Notes: 'nickname' } });
    expect(unknownField.json().error.message).toContain("'nickname' is not a field");
    const notAField = "'nickname' is not a field that columns can be mapped to";
    expectError(unknownField, 400, 'VALIDATION', notAField, [{ message: notAField, path: '/mappings/Notes' }]);
    const badMode = await save(u, { fileId: id, mappings: { 'First Name': 'first_name' }, fieldSettings: { capitalization: { first_name: 'shout' } } });
    expect(badMode.json().error.message).toContain("'shout' is not a capitalization option");
    const notAMode = "'shout' is not a capitalization option (use original, upper, lower, title, sentence)";
    expectError(badMode, 400, 'VALIDATION', notAMode, [{ message: notAMode, path: '/fieldSettings/capitalization/first_name' }]);
    expectError(await save(u, { mappings: {} }), 400, 'VALIDATION', 'fileId is required', [{ message: 'fileId is required', path: '/fileId' }]);
    expect((await getMappings(u, id)).json().saved).toBe(false);
  });

  it('answers 404 for a missing list', async () => {
    const u = await signUpUser(t.app);
    expectError(await getMappings(u, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND', 'Mailing list not found');
    expectError(await save(u, { fileId: '00000000-0000-4000-8000-000000000000', mappings: {} }), 404, 'NOT_FOUND', 'Mailing list not found');
  });
});
