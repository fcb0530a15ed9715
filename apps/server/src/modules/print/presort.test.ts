import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { createDesign, createMailingList, createProject, designPage, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { pdfPageTexts, squashSpaces } from '../../test/pdf-text.js';
import { printFile } from '../../test/print-file.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** docs/requirements/print.md#presort-order: a list that maps `sequence` prints in that order; proofs keep list order. */
describe('presort order', () => {
  it('prints pieces by the sequence column (numbers by value, blanks last), previews by list place', async () => {
    const user = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, user.id, { sides: 'single', permitType: 'none', mailingPermitId: null });
    const { headers, rows } = us500(6);
    // Sequence 10, 2, (blank), 1, 30, 3 → records 4, 2, 6, 1, 5, then the blank 3.
    const sequences = ['10', '2', '', '1', '30', '3'];
    // Record 4 (first in presort order) has no company name, which the design requires.
    const company = headers.indexOf('company_name');
    const list = await createMailingList(t.ctx.db, user.id, {
      headers: [...headers, 'Sequence'], rows: rows.map((r, i) => [...r.map((v, c) => (i === 3 && c === company ? '' : v)), sequences[i]]), projectId: project.id,
    });
    await saveColumnMappings(t.ctx.db, list.id, { ...autoMap(headers), Sequence: 'sequence' });
    await createDesign(t.ctx.db, project.id, { inside: designPage([textElement('full_name', 20, 20), textElement('company_name', 20, 40, { required: true })]) });
    const name = (i: number) => squashSpaces(`${rows[i][headers.indexOf('first_name')]} ${rows[i][headers.indexOf('last_name')]}`);

    const file = await printFile(user, project.id);
    const pages = pdfPageTexts(file.rawPayload).map(squashSpaces);
    expect(pages.map((p) => p.trim())).toEqual([3, 1, 5, 0, 4, 2].map(name).map((n) => expect.stringContaining(n)));
    // The preflight names the piece and the list record it prints.
    const required = (file.job as unknown as { preflight: { checks: Array<{ id: string }> } }).preflight.checks.find((c) => c.id === 'required-fields');
    expect(required).toMatchObject({ passed: false, pieces: [1], records: [4] });

    const preview = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview?count=2` });
    expect(pdfPageTexts(preview.rawPayload).map((p) => squashSpaces(p).trim())).toEqual([0, 1].map(name).map((n) => expect.stringContaining(n)));
  });
});

/** docs/requirements/print.md#presort-order: `presorttrayid` / `presortdate` on a tray-break sheet between trays, when asked. */
describe('tray-break sheets', () => {
  it('puts a sheet before each tray of a double-sided file, with the tray, the date and its pieces; the preflight counts them', async () => {
    const user = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, user.id, { sides: 'double', permitType: 'none', mailingPermitId: null });
    const { headers, rows } = us500(5);
    // In sequence order the records are 2, 4, 1, 5, 3: trays T1 (2, 4), T2 (1, 5, 3).
    const extra = [['3', 'T2', '2026-12-01'], ['1', 'T1', '2026-12-01'], ['5', 'T2', '2026-12-01'], ['2', 'T1', '2026-12-01'], ['4', 'T2', '2026-12-01']];
    const list = await createMailingList(t.ctx.db, user.id, {
      headers: [...headers, 'Sequence', 'Tray', 'Presort Date'], rows: rows.map((r, i) => [...r, ...extra[i]]), projectId: project.id,
    });
    await saveColumnMappings(t.ctx.db, list.id, { ...autoMap(headers), Sequence: 'sequence', Tray: 'presorttrayid', 'Presort Date': 'presortdate' });
    await createDesign(t.ctx.db, project.id, { inside: designPage([textElement('full_name', 20, 20)]), outside: designPage([textElement('city', 20, 20)]) });
    const name = (i: number) => squashSpaces(`${rows[i][headers.indexOf('first_name')]} ${rows[i][headers.indexOf('last_name')]}`);

    const file = await printFile(user, project.id, { trayBreaks: true });
    const pages = pdfPageTexts(file.rawPayload).map((p) => squashSpaces(p).trim());
    // Each piece and each sheet takes two pages (the sheet's back is blank); a piece prints its
    // outside page (the city) then its inside page (the name).
    expect(pages).toHaveLength((5 + 2) * 2);
    expect(pages[0]).toMatch(/TRAY BREAK\s*Tray T1\s*Presort date 2026-12-01\s*Tray 1 of 2 · 2 pieces\s*Pieces 1–2 of 5/);
    expect(pages[1]).toBe('');
    expect([pages[3], pages[5]]).toEqual([1, 3].map(name));
    expect(pages[6]).toMatch(/TRAY BREAK\s*Tray T2\s*Presort date 2026-12-01\s*Tray 2 of 2 · 3 pieces\s*Pieces 3–5 of 5/);
    expect(pages[7]).toBe('');
    expect([pages[9], pages[11], pages[13]]).toEqual([0, 4, 2].map(name));
    const job = file.job as unknown as { options: { trayBreaks: boolean }; preflight: { checks: Array<{ id: string; passed: boolean; message: string }> } };
    expect(job.options.trayBreaks).toBe(true);
    expect(job.preflight.checks.find((c) => c.id === 'page-boxes')).toMatchObject({ passed: true, message: expect.stringMatching(/All 14 pages \(2 tray-break sheets among them\)/) });

    // Without the option, or in a proof, no sheets.
    expect(pdfPageTexts((await printFile(user, project.id)).rawPayload)).toHaveLength(10);
    const proof = pdfPageTexts((await printFile(user, project.id, { proof: true, trayBreaks: true })).rawPayload);
    expect(proof).toHaveLength(10);
    expect(proof.join(' ')).not.toMatch(/TRAY BREAK/);
  });
});
