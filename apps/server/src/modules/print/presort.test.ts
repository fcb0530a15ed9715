import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { createDesign, createMailingList, createProject, designPage, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { pdfPageTexts, squashSpaces } from '../../test/pdf-text.js';
import { printFile } from '../../test/print-file.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** Issue 12 "Presort order": a list that maps `sequence` prints in that order; proofs keep list order. */
describe('presort order', () => {
  it('prints pieces by the sequence column (numbers by value, blanks last), previews by list place', async () => {
    const user = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, user.id, { sides: 'single', permitType: 'none', mailingPermitId: null });
    const { headers, rows } = us500(6);
    // Sequence 10, 2, (blank), 1, 30, 3 → records 4, 2, 6, 1, 5, then the blank 3.
    const sequences = ['10', '2', '', '1', '30', '3'];
    const list = await createMailingList(t.ctx.db, user.id, { headers: [...headers, 'Sequence'], rows: rows.map((r, i) => [...r, sequences[i]]), projectId: project.id });
    await saveColumnMappings(t.ctx.db, list.id, { ...autoMap(headers), Sequence: 'sequence' });
    await createDesign(t.ctx.db, project.id, { inside: designPage([textElement('full_name', 20, 20)]) });
    const name = (i: number) => squashSpaces(`${rows[i][headers.indexOf('first_name')]} ${rows[i][headers.indexOf('last_name')]}`);

    const file = await printFile(user, project.id);
    const pages = pdfPageTexts(file.rawPayload).map(squashSpaces);
    expect(pages.map((p) => p.trim())).toEqual([3, 1, 5, 0, 4, 2].map(name));

    const preview = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview?count=2` });
    expect(pdfPageTexts(preview.rawPayload).map((p) => squashSpaces(p).trim())).toEqual([0, 1].map(name));
  });
});
