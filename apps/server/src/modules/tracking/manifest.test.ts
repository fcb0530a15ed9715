import { asc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeImb, MANIFEST_COLUMNS } from '@mailcraft/shared';
import { mailPieces, printJobs } from '../../db/schema/index.js';
import { expectError, LOGIN_REQUIRED } from '../../test/expect-error.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { createDesign, createMailingList, createProject, designPage, saveColumnMappings, textElement } from '../../test/factories.js';
import { setMailerId } from '../../test/mail-pieces.js';
import { printFile } from '../../test/print-file.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const manifestOf = (user: TestUser, jobId: string) => user.req({ method: 'GET', url: `/api/print-jobs/${jobId}/manifest.csv` });
const csvRows = (body: string) => Papa.parse<string[]>(body, { skipEmptyLines: true }).data;

describe('print file manifest (docs/requirements/mail-tracking.md#imb-assignment)', () => {
  it('lists every piece of the file in print order with its IMb, addressee and address, for its owner only', async () => {
    const user = await signUpUser(t.app);
    await setMailerId(user, { mailer_id: '612345', imb_service_type_id: '271' });
    const project = await createProject(t.ctx.db, user.id, { sides: 'single', permitType: 'none' });
    const headers = ['Name', 'Company', 'Address', 'Suite', 'City', 'State', 'Zip'];
    const rows = [
      ['Ada Lovelace', '', '6649 N Blue Gum St', '', 'New Orleans', 'LA', '70116-2315'],
      ['', 'Acme, Inc.', '4 B Blue Ridge Blvd', 'Suite 200', 'Brighton', 'MI', '48116'],
      ['=HYPERLINK("x")', '', '8 W Cerritos Ave', '', 'Bridgeport', 'NJ', '8014'],
    ];
    const list = await createMailingList(t.ctx.db, user.id, { headers, rows, projectId: project.id });
    await saveColumnMappings(t.ctx.db, list.id, { Name: 'full_name', Company: 'company_name', Address: 'address', Suite: 'address_2', City: 'city', State: 'state', Zip: 'zip' });
    await createDesign(t.ctx.db, project.id, { inside: designPage([{ name: 'imbno', type: 'imb', position: { x: 20, y: 20 }, width: 80, height: 6 }, textElement('full_name_mail', 20, 60)]) });
    // The design prints an IMb the list does not map: with a Mailer ID the product assigns it, so the check does not warn.
    const check = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/check` });
    expect(check.json()).toMatchObject({ unmapped_fields: [], warnings: 0 });
    const file = await printFile(user, project.id);
    const jobId = String(file.job.id);

    const res = await manifestOf(user, jobId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="manifest-${jobId}.csv"`);
    const [header, ...lines] = csvRows(res.body);
    expect(header).toEqual([...MANIFEST_COLUMNS]);
    const imbs = (await t.ctx.db.select().from(mailPieces).where(eq(mailPieces.printJobId, jobId)).orderBy(asc(mailPieces.pieceNumber))).map((p) => p.imb);
    expect(imbs).toEqual([
      composeImb({ barcodeId: '00', stid: '271', mailerId: '612345', serial: 0, routing: '701162315' }),
      composeImb({ barcodeId: '00', stid: '271', mailerId: '612345', serial: 1, routing: '48116' }),
      composeImb({ barcodeId: '00', stid: '271', mailerId: '612345', serial: 2, routing: '08014' }),
    ]);
    expect(lines).toEqual([
      ['1', '1', imbs[0], 'Ada Lovelace', '6649 N Blue Gum St', '', 'New Orleans', 'LA', '70116-2315'],
      ['2', '2', imbs[1], 'Acme, Inc.', '4 B Blue Ridge Blvd', 'Suite 200', 'Brighton', 'MI', '48116'],
      // A value a spreadsheet would run as a formula is written as text.
      ['3', '3', imbs[2], '\'=HYPERLINK("x")', '8 W Cerritos Ave', '', 'Bridgeport', 'NJ', '08014'],
    ]);

    const other = await signUpUser(t.app);
    expectError(await manifestOf(other, jobId), 404, 'NOT_FOUND', 'Manifest not found');
    expectError(await manifestOf(user, 'not-a-job'), 404, 'NOT_FOUND', 'Manifest not found');
    expectError(await t.app.inject({ method: 'GET', url: `/api/print-jobs/${jobId}/manifest.csv` }), 401, 'UNAUTHORIZED', LOGIN_REQUIRED);
    // A proof has no manifest: its pieces carry no real IMbs.
    const proof = await printFile(user, project.id, { proof: true });
    expectError(await manifestOf(user, String(proof.job.id)), 404, 'NOT_FOUND', 'Manifest not found');
  });

  it('streams a large file\'s pieces in piece order across its read batches', async () => {
    const user = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, user.id);
    const [job] = await t.ctx.db.insert(printJobs).values({ userId: user.id, projectId: project.id, status: 'done', total: 4500 }).returning();
    const rows = Array.from({ length: 4500 }, (_, i) => ({
      userId: user.id, printJobId: job.id, pieceNumber: 4500 - i, recordNumber: 4500 - i,
      imb: composeImb({ barcodeId: '00', stid: '270', mailerId: '712345', serial: 4500 - i, routing: '12345' }),
      barcodeId: '00', serviceTypeId: '270', mailerId: '712345', serial: String(4500 - i).padStart(9, '0'), routing: '12345', seq: 4500 - i, assigned: true,
      address: { name: `Piece ${4500 - i}`, lines: ['1 Main St'], city: 'Springfield', state: 'IL', zip: '12345' },
    }));
    for (let i = 0; i < rows.length; i += 1000) await t.ctx.db.insert(mailPieces).values(rows.slice(i, i + 1000));
    const res = await manifestOf(user, job.id);
    expect(res.statusCode).toBe(200);
    const lines = csvRows(res.body).slice(1);
    expect(lines).toHaveLength(4500);
    expect(lines.map((l) => Number(l[0]))).toEqual(Array.from({ length: 4500 }, (_, i) => i + 1));
    expect(lines[2999]).toEqual(['3000', '3000', composeImb({ barcodeId: '00', stid: '270', mailerId: '712345', serial: 3000, routing: '12345' }), 'Piece 3000', '1 Main St', '', 'Springfield', 'IL', '12345']);
  });
});
