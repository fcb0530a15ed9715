import fs from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADDRESS_IGNORE_NEEDS_CODES, ADDRESS_ISSUE_CODES, autoMap, type TAddressCheck, type TAddressFixResult, type TAddressIssue } from '@mailcraft/shared';
import { mailingListRecords } from '../../db/schema/index.js';
import { createDesign, createMailingList, createProject, designPage, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { pdfPageTexts, squashSpaces } from '../../test/pdf-text.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

/**
 * Planted problems, one per record, with ZIP codes, cities and states from the public USPS ZIP data
 * the `zipcodes` package ships (10001 New York NY, 94105 San Francisco CA, 62701 Springfield IL,
 * 08014 Bridgeport NJ, 96278 APO AP, 98101 Seattle WA, 20500 Washington DC). The cities of the two
 * mismatches are not cities of their states (no Boston in NJ, no Frisco in CA), so the ZIP's city is
 * the fix; a real city of the state would make the ZIP the likely error instead.
 */
function planted() {
  const [headers, ...rows] = Papa.parse<string[]>(fs.readFileSync(new URL('./fixtures/planted-addresses.csv', import.meta.url), 'utf8'), { skipEmptyLines: true }).data;
  return { headers, rows };
}

/** A single-sided project printing each record's name and last line, with the planted list mapped. */
async function plantedProject(u: TestUser) {
  const project = await createProject(t.ctx.db, u.id, { sides: 'single' });
  const { headers, rows } = planted();
  const list = await createMailingList(t.ctx.db, u.id, { headers, rows, projectId: project.id, name: 'planted.csv' });
  await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
  await createDesign(t.ctx.db, project.id, { inside: designPage([textElement('full_name', 20, 20), textElement('city_state_zip', 20, 40)]) });
  return { project, list };
}

const check = async (u: TestUser, listId: string, query = '') => {
  const res = await u.req({ method: 'GET', url: `/api/lists/${listId}/address-check${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAddressCheck;
};
const fix = async (u: TestUser, listId: string, recordIds: string[], action: string, codes?: string[]) => {
  const res = await u.req({ method: 'POST', url: `/api/lists/${listId}/address-check/fixes`, payload: { recordIds, action, ...(codes ? { codes } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAddressFixResult;
};
/** The issue codes stored as ignored for a record. */
const storedIgnores = async (recordId: string) =>
  (await t.ctx.db.select({ codes: mailingListRecords.ignoredIssues }).from(mailingListRecords).where(eq(mailingListRecords.id, recordId)))[0].codes;
const ofRecord = (report: TAddressCheck, record: number) => report.issues.filter((i) => i.record === record);
const summary = (i: TAddressIssue) => ({ field: i.field, code: i.code, suggestion: i.suggestion, fixes: i.fixes });

describe('address checks at mapping', () => {
  it('finds each planted problem with the right suggestion, and nothing on a correct address', async () => {
    const u = await signUpUser(t.app);
    const { list } = await plantedProject(u);
    const report = await check(u, list.id);
    expect(report.verifier).toMatch(/offline/);
    expect(ofRecord(report, 1).map(summary)).toEqual([
      { field: 'state', code: 'zip_state_mismatch', suggestion: 'New York, NY', fixes: { city: 'New York', state: 'NY' } },
    ]);
    expect(ofRecord(report, 1)[0]).toMatchObject({ name: 'Ann Lee', severity: 'error', message: 'ZIP code 10001 is in New York, NY, not NJ' });
    expect(ofRecord(report, 2).map(summary)).toEqual([{ field: 'city', code: 'zip_city_mismatch', suggestion: 'San Francisco', fixes: { city: 'San Francisco' } }]);
    expect(ofRecord(report, 3).map(summary)).toEqual([{ field: 'state', code: 'state_unknown', suggestion: 'IL', fixes: { state: 'IL' } }]);
    expect(ofRecord(report, 4).map(summary)).toEqual([{ field: 'zip', code: 'zip_leading_zero', suggestion: '08014', fixes: { zip: '08014' } }]);
    expect(ofRecord(report, 5).map((i) => [i.code, i.severity])).toEqual([['po_box', 'info']]);
    expect(ofRecord(report, 6).map((i) => [i.code, i.severity, i.message])).toEqual([['military', 'info', 'Military address (APO AP)']]);
    // '12 Oak Ave' and '12 Oak Avenue': the same recipient, grouped under the first.
    expect([...ofRecord(report, 7), ...ofRecord(report, 8)].map((i) => [i.record, i.code, i.group])).toEqual([[7, 'duplicate', 7], [8, 'duplicate', 7]]);
    expect(ofRecord(report, 9).map(summary)).toEqual([{ field: 'city', code: 'missing_part', suggestion: 'Seattle', fixes: { city: 'Seattle' } }]);
    expect(ofRecord(report, 10)).toEqual([]);
    expect(ofRecord(report, 11).map((i) => [i.field, i.code])).toEqual([['address', 'line_overflow']]);
    expect(report.counts).toEqual({
      records: 11, withIssues: 7, excluded: 0, fixed: 0, ignored: 0,
      byCode: { zip_state_mismatch: 1, zip_city_mismatch: 1, state_unknown: 1, zip_leading_zero: 1, po_box: 1, military: 1, duplicate: 2, missing_part: 1, line_overflow: 1 },
    });
    expect(report.truncated).toBe(false);
  });

  it('accepts fixes as overrides (imported values unchanged), excludes records from print, and counts before and after', async () => {
    const u = await signUpUser(t.app);
    const { project, list } = await plantedProject(u);
    const first = await check(u, list.id);
    const ann = ofRecord(first, 1)[0].recordId;
    const bo = ofRecord(first, 2)[0].recordId;

    const accepted = await fix(u, list.id, [ann], 'accept');
    expect(accepted.changed).toBe(1);
    expect(accepted.before).toMatchObject({ withIssues: 7, fixed: 0 });
    expect(accepted.report.counts).toMatchObject({ withIssues: 6, fixed: 1 });
    expect(ofRecord(accepted.report, 1)).toEqual([]);
    // The list as imported is untouched.
    const preview = (await u.req({ method: 'GET', url: `/api/lists/${list.id}/preview` })).json();
    expect(preview.rows[0]).toEqual(['Ann', 'Lee', '350 5th Ave', 'Boston', 'NJ', '10001']);

    const excluded = await fix(u, list.id, [bo], 'exclude');
    expect(excluded.changed).toBe(1);
    expect(excluded.report.counts).toMatchObject({ records: 11, withIssues: 5, excluded: 1 });
    expect(ofRecord(excluded.report, 2).map((i) => [i.code, i.excluded])).toEqual([['zip_city_mismatch', true]]);
    expect(excluded.report.counts.byCode.zip_city_mismatch).toBeUndefined();

    // Print: 10 pieces of 11 records, Bo Chen left out, Ann Lee at the accepted New York address.
    const pdf = await u.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview?count=10&from=0` });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    const pages = pdfPageTexts(pdf.rawPayload).map(squashSpaces);
    expect(pages).toHaveLength(10);
    expect(pages[0]).toContain('New York, NY 10001');
    expect(pages.some((p) => p.includes('Bo Chen'))).toBe(false);
    expect(pages[1]).toContain('Cy Diaz');
    const printCheck = (await u.req({ method: 'GET', url: `/api/projects/${project.id}/print/check` })).json();
    expect(printCheck.missing_address.records).toBe(1); // Ida Ives' missing city; Bo Chen is not printed

    const reverted = await fix(u, list.id, [ann, bo], 'revert');
    expect(reverted.changed).toBe(1);
    expect(reverted.report.counts.fixed).toBe(0);
    const included = await fix(u, list.id, [bo], 'include');
    expect(included.changed).toBe(1);
    expect(included.report.counts).toMatchObject({ withIssues: 7, excluded: 0, fixed: 0 });
  });

  it('answers 404 for another user\'s list and 400 for a bad request', async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const { list } = await plantedProject(owner);
    const report = await check(owner, list.id);
    expect((await other.req({ method: 'GET', url: `/api/lists/${list.id}/address-check` })).statusCode).toBe(404);
    const foreign = await other.req({ method: 'POST', url: `/api/lists/${list.id}/address-check/fixes`, payload: { recordIds: [report.issues[0].recordId], action: 'exclude' } });
    expect(foreign.statusCode).toBe(404);
    expect((await check(owner, list.id)).counts.excluded).toBe(0);
    const bad = await owner.req({ method: 'POST', url: `/api/lists/${list.id}/address-check/fixes`, payload: { recordIds: [], action: 'exclude' } });
    expect(bad.statusCode).toBe(400);
    const badAction = await owner.req({ method: 'POST', url: `/api/lists/${list.id}/address-check/fixes`, payload: { recordIds: ['x'], action: 'delete' } });
    expect(badAction.statusCode).toBe(400);

    // Ignore needs the issue codes, known ones only; another user's list is not found.
    const ann = report.issues[0].recordId;
    const noCodes = await owner.req({ method: 'POST', url: `/api/lists/${list.id}/address-check/fixes`, payload: { recordIds: [ann], action: 'ignore' } });
    expect(noCodes.statusCode).toBe(400);
    expect(noCodes.json().error.message).toContain(ADDRESS_IGNORE_NEEDS_CODES);
    const unknownCode = await owner.req({ method: 'POST', url: `/api/lists/${list.id}/address-check/fixes`, payload: { recordIds: [ann], action: 'ignore', codes: ['not_a_code'] } });
    expect(unknownCode.statusCode).toBe(400);
    const tooMany = await owner.req({ method: 'POST', url: `/api/lists/${list.id}/address-check/fixes`, payload: { recordIds: [ann], action: 'ignore', codes: new Array(ADDRESS_ISSUE_CODES.length + 1).fill('po_box') } });
    expect(tooMany.statusCode).toBe(400);
    const foreignIgnore = await other.req({ method: 'POST', url: `/api/lists/${list.id}/address-check/fixes`, payload: { recordIds: [ann], action: 'ignore', codes: ['zip_state_mismatch'] } });
    expect(foreignIgnore.statusCode).toBe(404);
    expect((await check(owner, list.id)).counts).toMatchObject({ withIssues: 7, ignored: 0 });
    expect(await storedIgnores(ann)).toEqual([]);
  });

  it('ignores an issue for good: left out of the issues and counts, counted as ignored, listed on request, brought back by unignore', async () => {
    const u = await signUpUser(t.app);
    const { list } = await plantedProject(u);
    const first = await check(u, list.id);
    const ann = ofRecord(first, 1)[0].recordId;
    const [gil1, gil2] = [ofRecord(first, 7)[0].recordId, ofRecord(first, 8)[0].recordId];

    const ignored = await fix(u, list.id, [ann], 'ignore', ['zip_state_mismatch']);
    expect(ignored.changed).toBe(1);
    expect(ignored.before).toMatchObject({ withIssues: 7, ignored: 0 });
    expect(ignored.report.counts).toMatchObject({ withIssues: 6, ignored: 1 });
    expect(ignored.report.counts.byCode.zip_state_mismatch).toBeUndefined();
    expect(ofRecord(ignored.report, 1)).toEqual([]);
    expect(ignored.report.totalIssues).toBe(first.totalIssues - 1);

    // Stored: a new check (a reload) still leaves it out; ?ignored=show lists it, marked.
    const reloaded = await check(u, list.id);
    expect(reloaded.counts).toMatchObject({ withIssues: 6, ignored: 1 });
    expect(ofRecord(reloaded, 1)).toEqual([]);
    const shown = await check(u, list.id, '?ignored=show');
    expect(ofRecord(shown, 1).map((i) => [i.code, i.ignored])).toEqual([['zip_state_mismatch', true]]);
    expect(shown.totalIssues).toBe(first.totalIssues);
    expect(shown.counts).toEqual(reloaded.counts);
    expect(ofRecord(shown, 2).map((i) => i.ignored)).toEqual([undefined]);

    // Accepting fixes leaves an ignored issue's fix alone; ignoring it again changes nothing.
    expect((await fix(u, list.id, [ann], 'accept')).changed).toBe(0);
    expect((await fix(u, list.id, [ann], 'ignore', ['zip_state_mismatch'])).changed).toBe(0);

    // Codes are stored once each; unignore with codes removes just those.
    expect((await fix(u, list.id, [ann], 'ignore', ['po_box', 'zip_state_mismatch', 'po_box'])).changed).toBe(1);
    expect(await storedIgnores(ann)).toEqual(['po_box', 'zip_state_mismatch']);
    expect((await fix(u, list.id, [ann], 'unignore', ['po_box'])).changed).toBe(1);
    expect(await storedIgnores(ann)).toEqual(['zip_state_mismatch']);

    // Both records of a duplicate group ignored: the group is gone from the report.
    const dups = await fix(u, list.id, [gil1, gil2], 'ignore', ['duplicate']);
    expect(dups.changed).toBe(2);
    expect(dups.report.counts).toMatchObject({ withIssues: 4, ignored: 3 });
    expect(dups.report.counts.byCode.duplicate).toBeUndefined();

    // Unignore without codes brings back every ignored issue of those records.
    const back = await fix(u, list.id, [ann, gil1, gil2], 'unignore');
    expect(back.changed).toBe(3);
    expect(back.report.counts).toEqual(first.counts);
    expect(ofRecord(back.report, 1).map(summary)).toEqual(ofRecord(first, 1).map(summary));
    expect(ofRecord(await check(u, list.id), 8).map((i) => [i.code, i.group])).toEqual([['duplicate', 7]]);
    expect(await storedIgnores(ann)).toEqual([]);
  });

  it('keeps the last check until a fix or a re-mapping changes the answer, and shares one check between concurrent requests', async () => {
    const u = await signUpUser(t.app);
    const { list } = await plantedProject(u);
    const first = await check(u, list.id);
    // Served from the kept check: same time of check, same answer; paging reads it too.
    const again = await check(u, list.id);
    expect(again.checked).toBe(first.checked);
    expect(again.counts).toEqual(first.counts);
    const page2 = await check(u, list.id, '?page=2&limit=3');
    expect(page2.checked).toBe(first.checked);
    expect(page2.issues.map((i) => i.record)).toEqual(first.issues.slice(3, 6).map((i) => i.record));
    expect(page2.truncated).toBe(true);

    // A fix drops the kept check: the fixes answer counts before from it, and the next GET shows the fix.
    const ann = ofRecord(first, 1)[0].recordId;
    const accepted = await fix(u, list.id, [ann], 'accept');
    expect(accepted.before).toEqual(first.counts);
    expect(accepted.report.checked).not.toBe(first.checked);
    const afterFix = await check(u, list.id);
    expect(afterFix.checked).toBe(accepted.report.checked);
    expect(ofRecord(afterFix, 1)).toEqual([]);
    expect(afterFix.counts).toMatchObject({ withIssues: 6, fixed: 1 });

    // A re-mapping (state no longer mapped) misses it: every record lacks its state but Ann, whose accepted fix has one.
    const mapped = { ...autoMap(planted().headers) };
    delete mapped.state;
    const remap = await u.req({ method: 'POST', url: '/api/lists/map-columns', payload: { fileId: list.id, mappings: mapped } });
    expect(remap.statusCode, remap.body).toBeLessThan(300);
    const remapped = await check(u, list.id);
    expect(remapped.checked).not.toBe(afterFix.checked);
    expect(remapped.issues.filter((i) => i.code === 'missing_part' && i.field === 'state').map((i) => i.record)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);

    // Concurrent requests after a change share one check.
    await fix(u, list.id, [ann], 'revert');
    const [a, b] = await Promise.all([check(u, list.id), check(u, list.id, '?page=1&limit=2')]);
    expect(a.checked).toBe(b.checked);
    expect(a.counts.fixed).toBe(0);
  });

  it('says the ZIP is likely wrong, with no city or state fix, when the city is one of its state\'s but the ZIP is elsewhere', async () => {
    const u = await signUpUser(t.app);
    const headers = ['Name', 'Street', 'City', 'State', 'ZIP'];
    const rows = [['Al Moss', '1 Dr Carlton B Goodlett Pl', 'San Francisco', 'CA', '10001'], ['Bea Nye', '3 Main St', 'Barnard', 'VT', '10001']];
    const list = await createMailingList(t.ctx.db, u.id, { headers, rows });
    await saveColumnMappings(t.ctx.db, list.id, { Name: 'full_name', Street: 'address', City: 'city', State: 'state', ZIP: 'zip' });
    const report = await check(u, list.id);
    expect(report.issues.map((i) => ({ record: i.record, ...summary(i), severity: i.severity, message: i.message }))).toEqual([
      {
        record: 1, field: 'zip', code: 'zip_likely_wrong', suggestion: undefined, fixes: undefined, severity: 'error',
        message: 'ZIP code 10001 is in New York, NY, not in San Francisco, CA: the ZIP code is likely wrong',
      },
      {
        record: 2, field: 'zip', code: 'zip_likely_wrong', suggestion: '05031', fixes: { zip: '05031' }, severity: 'error',
        message: 'ZIP code 10001 is in New York, NY, not in Barnard, VT: the ZIP code is likely wrong',
      },
    ]);
    // Accepting fixes changes only the ZIP of the city that has one; San Francisco stays as imported.
    const accepted = await fix(u, list.id, report.issues.map((i) => i.recordId), 'accept');
    expect(accepted.changed).toBe(1);
    expect(accepted.report.issues.map((i) => [i.record, i.code])).toEqual([[1, 'zip_likely_wrong']]);
  });

  it('reports IMb codes that would not print (USPS-B-3200), and none for valid ones', async () => {
    const u = await signUpUser(t.app);
    const { headers, rows } = us500(4);
    const imb = ['0123456709498765432101234567891', '0123', '', 'AADTFFDFTDADTAADAATFDTDDAAADDTDTTDAFADADDDTFFFDDTTTADFAAADFTDAADA'];
    const encoded = ['', '', 'AADX', ''];
    const list = await createMailingList(t.ctx.db, u.id, { headers: [...headers, 'IMb', 'IMb encoded'], rows: rows.map((r, i) => [...r, imb[i], encoded[i]]) });
    await saveColumnMappings(t.ctx.db, list.id, { ...autoMap(headers), IMb: 'imbno', 'IMb encoded': 'encodedimbno' });
    const report = await check(u, list.id);
    expect(report.issues.filter((i) => i.code === 'imb_invalid').map((i) => [i.record, i.field, i.message])).toEqual([
      [2, 'imbno', 'The IMb code has 4 digits: it needs 20 (tracking) plus 0, 5, 9 or 11 (routing ZIP); this barcode would not print'],
      [3, 'encodedimbno', 'The encoded IMb must be 65 letters F, A, D or T; this barcode would not print'],
    ]);
  });

  it('does not flag the correct addresses of us-500 (real data)', async () => {
    const u = await signUpUser(t.app);
    const { headers, rows } = us500();
    const list = await createMailingList(t.ctx.db, u.id, { headers, rows });
    await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
    const report = await check(u, list.id);
    console.info('us-500 address check counts', JSON.stringify(report.counts));
    expect(report.counts.records).toBe(500);
    expect(report.counts.withIssues).toBe(0);
  });
});
