import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMB_SAMPLE } from '@mailcraft/shared/designs';
import { parseImb } from '@mailcraft/shared';
import { imbSerialCounters, mailingListRecords, mailPieces } from '../../db/schema/index.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { createDesign, createMailingList, createPermit, createProject, designPage, saveColumnMappings, textElement } from '../../test/factories.js';
import { setMailerId } from '../../test/mail-pieces.js';
import { printFile } from '../../test/print-file.js';
import { pdfPageTexts } from '../../test/pdf-text.js';
import { decodeImbBars } from './imb-decoder.js';
import { printJobImbAssigner } from './mail-pieces.service.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const DPI = 300;
const MM = DPI / 25.4;

/**
 * The bars printed on page `page` (1-based) of `pdf` by an `imb` element placed at 20 mm, 20 mm (80 × 6 mm): the area
 * rasterised at 300 dpi, each run of inked columns one bar, classed by where it starts and ends against the tallest.
 */
async function printedBars(pdf: Uint8Array, page: number): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-imb-'));
  try {
    await fs.writeFile(path.join(dir, 'file.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(DPI), '-gray', '-png', '-singlefile', '-f', String(page), '-l', String(page),
      '-x', String(Math.round(15 * MM)), '-y', String(Math.round(18 * MM)), '-W', String(Math.round(95 * MM)), '-H', String(Math.round(10 * MM)),
      path.join(dir, 'file.pdf'), path.join(dir, 'bars')]);
    const { data, info } = await sharp(path.join(dir, 'bars.png')).greyscale().raw().toBuffer({ resolveWithObject: true });
    const extents: Array<[number, number] | null> = [];
    for (let x = 0; x < info.width; x++) {
      let top = -1;
      let bottom = -1;
      for (let y = 0; y < info.height; y++) if (data[y * info.width + x] < 128) { if (top < 0) top = y; bottom = y; }
      extents.push(top < 0 ? null : [top, bottom]);
    }
    const runs = extents.flatMap((e, x) => (e && !extents[x - 1] ? [{ top: e[0], bottom: e[1] }] : []));
    if (runs.length === 0) return '';
    const top = Math.min(...runs.map((r) => r.top));
    const bottom = Math.max(...runs.map((r) => r.bottom));
    const mid = (top + bottom) / 2;
    const span = bottom - top;
    return runs.map((r) => {
      const up = r.top < mid - span * 0.3;
      const down = r.bottom > mid + span * 0.3;
      return up && down ? 'F' : up ? 'A' : down ? 'D' : 'T';
    }).join('');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const HEADERS = ['Name', 'Address', 'City', 'State', 'Zip', 'IMb'];
/**
 * Four recipients: a ZIP+4; a ZIP the address check verified as ZIP+4 with its delivery point (overrides); the list's
 * own IMb (the USPS-B-3200 sample); no ZIP at all.
 */
const ROWS = [
  ['Ada Lovelace', '6649 N Blue Gum St', 'New Orleans', 'LA', '70116-2315', ''],
  ['Bob Byte', '4 B Blue Ridge Blvd', 'Brighton', 'MI', '48116', ''],
  ['Cy Owner', '8 W Cerritos Ave #54', 'Bridgeport', 'NJ', '08014', IMB_SAMPLE.digits],
  ['Dee Nozip', '639 Main St', 'Anchorage', 'AK', '', ''],
];

/** A single-sided project: an `imb` element at 20 mm, 20 mm and the addressee below, over ROWS (mapped), under `permit` when given. */
async function imbProject(user: TestUser, opts: { permitId?: string } = {}) {
  const project = await createProject(t.ctx.db, user.id, { sides: 'single', permitType: opts.permitId ? 'custom' : 'none', mailingPermitId: opts.permitId ?? null });
  const list = await createMailingList(t.ctx.db, user.id, { headers: HEADERS, rows: ROWS, projectId: project.id, name: 'imb.csv' });
  await saveColumnMappings(t.ctx.db, list.id, { Name: 'full_name', Address: 'address', City: 'city', State: 'state', Zip: 'zip', IMb: 'imbno' });
  // Bob's address as the address check verified it: ZIP+4 and delivery point accepted as fixes.
  await t.ctx.db.update(mailingListRecords).set({ overrides: { zip: '48116-1234', delivery_point: '07' } })
    .where(eq(mailingListRecords.id, (await t.ctx.db.select().from(mailingListRecords).where(eq(mailingListRecords.listId, list.id)).orderBy(asc(mailingListRecords.rowIndex)))[1].id));
  await createDesign(t.ctx.db, project.id, {
    inside: designPage([
      { name: 'imbno', type: 'imb', position: { x: 20, y: 20 }, width: 80, height: 6, showText: false },
      textElement('full_name', 20, 100),
    ]),
  });
  return { project, list };
}

/** Dee has no ZIP: the print check warns, and the tests print anyway. */
const CONFIRM = { confirm_warnings: true };

const piecesOf = (printJobId: string) =>
  t.ctx.db.select().from(mailPieces).where(eq(mailPieces.printJobId, printJobId)).orderBy(asc(mailPieces.pieceNumber));
const counterOf = async (mailerId: string) =>
  (await t.ctx.db.select().from(imbSerialCounters).where(eq(imbSerialCounters.mailerId, mailerId)))[0]?.nextSeq ?? 0;

describe('IMbs assigned at print (docs/requirements/mail-tracking.md#imb-assignment)', () => {
  it('prints each piece without an IMb an assigned one that reads back to its MID, serial and routing; the list\'s own IMb wins', async () => {
    const user = await signUpUser(t.app);
    await setMailerId(user, { mailer_id: '123456', imb_service_type_id: '270', imb_barcode_id: '00' });
    const { project, list } = await imbProject(user);
    const before = await counterOf('123456');

    const file = await printFile(user, project.id, CONFIRM);
    const pdf = new Uint8Array(file.rawPayload);
    const pieces = await piecesOf(String(file.job.id));
    expect(pieces.map((p) => [p.pieceNumber, p.recordNumber, p.assigned, p.listId, p.userId])).toEqual([
      [1, 1, true, list.id, user.id], [2, 2, true, list.id, user.id], [3, 3, false, list.id, user.id], [4, 4, true, list.id, user.id],
    ]);
    const assigned = pieces.filter((p) => p.assigned);
    // Serials come from the Mailer ID's counter, one each, none twice.
    expect(assigned.map((p) => p.seq)).toEqual([before, before + 1, before + 2]);
    expect(await counterOf('123456')).toBe(before + 3);
    expect(pieces.map((p) => p.routing)).toEqual(['701162315', '48116123407', '01234567891', '']);
    for (const p of assigned) {
      expect(parseImb(p.imb)).toEqual({ barcodeId: '00', stid: '270', mailerId: '123456', serial: p.serial, routing: p.routing });
      expect(p.serial).toBe(String(p.seq).padStart(9, '0'));
    }
    // The list's own IMb prints as it is and is recorded with the MID and serial read from it.
    expect(pieces[2]).toMatchObject({ imb: IMB_SAMPLE.digits, mailerId: '567094', serial: '987654321', serviceTypeId: '234', barcodeId: '01', seq: null });
    expect(pieces[0].address).toEqual({ name: 'Ada Lovelace', lines: ['6649 N Blue Gum St'], city: 'New Orleans', state: 'LA', zip: '70116-2315' });
    expect(pieces[1].address.zip).toBe('48116-1234');

    // What the PDF shows: each page's bars read back are the IMb recorded for its piece.
    for (const p of pieces) expect(decodeImbBars(await printedBars(pdf, p.pieceNumber)), `piece ${p.pieceNumber}`).toBe(p.imb);
    expect(pdfPageTexts(pdf)[0]).toContain('Ada Lovelace');
  });

  it('uses the permit\'s Mailer ID when the mail owner differs, and prints nothing new without a Mailer ID', async () => {
    const user = await signUpUser(t.app);
    await setMailerId(user, { mailer_id: '234567', imb_service_type_id: '300', imb_barcode_id: '00' });
    const permit = await createPermit(t.ctx.db, user.id);
    const patched = await user.req({ method: 'PATCH', url: `/api/templates/permits/${permit.id}`, payload: { mailer_id: '912345678' } });
    expect(patched.statusCode, patched.body).toBe(200);
    const { project } = await imbProject(user, { permitId: permit.id });
    const file = await printFile(user, project.id, CONFIRM);
    const owner = (await piecesOf(String(file.job.id))).filter((p) => p.assigned);
    expect(owner).toHaveLength(3);
    for (const p of owner) expect(parseImb(p.imb)).toMatchObject({ mailerId: '912345678', stid: '300', serial: p.serial });
    expect(owner.every((p) => p.serial.length === 6)).toBe(true);
    expect(await counterOf('234567')).toBe(0);

    // Without a Mailer ID nothing is assigned (as before): only the list's own IMb prints and is recorded.
    const none = await signUpUser(t.app);
    const { project: plain } = await imbProject(none);
    const unassigned = await printFile(none, plain.id, CONFIRM);
    expect((await piecesOf(String(unassigned.job.id))).map((p) => [p.pieceNumber, p.assigned])).toEqual([[3, false]]);
    const pdf = new Uint8Array(unassigned.rawPayload);
    expect(await printedBars(pdf, 1)).toBe('');
    expect(decodeImbBars(await printedBars(pdf, 3))).toBe(IMB_SAMPLE.digits);
  });

  it('prints proofs with the account\'s Mailer ID and an all-zero serial, consuming no serial and recording nothing', async () => {
    const user = await signUpUser(t.app);
    await setMailerId(user, { mailer_id: '345678', imb_service_type_id: '271', imb_barcode_id: '04' });
    const { project } = await imbProject(user);
    const proof = await printFile(user, project.id, { ...CONFIRM, proof: true });
    expect(await piecesOf(String(proof.job.id))).toEqual([]);
    expect(await counterOf('345678')).toBe(0);
    const pdf = new Uint8Array(proof.rawPayload);
    expect(decodeImbBars(await printedBars(pdf, 1))).toBe('04271345678000000000701162315');
    expect(decodeImbBars(await printedBars(pdf, 3))).toBe(IMB_SAMPLE.digits);
    // The preview shows the same.
    const preview = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview?count=2` });
    expect(preview.statusCode).toBe(200);
    expect(decodeImbBars(await printedBars(new Uint8Array(preview.rawPayload), 2))).toBe('0427134567800000000048116123407');
    expect(await counterOf('345678')).toBe(0);
  });

  it('gives a re-run of the same print job the IMbs it recorded, consuming no new serials', async () => {
    const user = await signUpUser(t.app);
    await setMailerId(user, { mailer_id: '456789', imb_service_type_id: '270' });
    const { project, list } = await imbProject(user);
    const file = await printFile(user, project.id, CONFIRM);
    const jobId = String(file.job.id);
    const recorded = await piecesOf(jobId);
    const used = await counterOf('456789');
    // A run taken over after a crash reads the same pieces in the same order.
    const records = await t.ctx.db.select().from(mailingListRecords).where(eq(mailingListRecords.listId, list.id)).orderBy(asc(mailingListRecords.rowIndex));
    const again = await printJobImbAssigner(t.ctx, { userId: user.id, printJobId: jobId, listId: list.id, settings: { barcodeId: '00', stid: '270', mailerId: '456789' } });
    const fieldsOf = (values: string[], overrides: Record<string, string>) => ({ ...Object.fromEntries(HEADERS.map((h, i) => [{ IMb: 'imbno', Name: 'full_name' }[h] ?? h.toLowerCase(), values[i]])), ...overrides });
    const pieces = records.map((r) => ({ recordId: r.id, recordNumber: r.rowIndex + 1, fields: fieldsOf(r.values, r.overrides), overrides: r.overrides }));
    const first = await again.assign(pieces.slice(0, 2));
    const rest = await again.assign(pieces.slice(2));
    expect([...first, ...rest]).toEqual([recorded[0].imb, recorded[1].imb, null, recorded[3].imb]);
    expect(await counterOf('456789')).toBe(used);
    expect(await piecesOf(jobId)).toEqual(recorded);
  });
});
