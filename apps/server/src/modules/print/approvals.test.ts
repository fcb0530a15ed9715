import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES as M, autoMap, type TDesignApprovals } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { printFile } from '../../test/print-file.js';
import { createDesign, createMailingList, createProject, designPage, saveColumnMappings, textElement, us500 } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** Prints the project and answers the finished file's Content-Disposition. */
const printedFileName = async (user: TestUser, projectId: string, body: object = {}) =>
  String((await printFile(user, projectId, body)).headers['content-disposition']);

/** docs/requirements/print.md#proofs: an approval records who approved which design version; the final file names it. */
describe('design approvals', () => {
  it('approves the proofed version, refuses a stale one, and names the final file after the approved version', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, user.id, { name: 'Spring mailer', sides: 'single', permitType: 'none', mailingPermitId: null });
    const { headers, rows } = us500(2);
    const list = await createMailingList(t.ctx.db, user.id, { headers, rows, projectId: project.id });
    await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
    const approvals = async () => (await user.req({ method: 'GET', url: `/api/projects/${project.id}/approvals` })).json() as TDesignApprovals;
    const approve = (version: number, by = user) => by.req({ method: 'POST', url: `/api/projects/${project.id}/approvals`, payload: { design_version: version } });

    expect(await approvals()).toEqual({ current_version: null, approved: false, approvals: [] });
    expect((await approve(1)).json().error.message).toBe(M.noDesign);

    await createDesign(t.ctx.db, project.id, { inside: designPage([textElement('full_name', 20, 20)]) });
    expect(await printedFileName(user, project.id)).toContain('filename="Spring-mailer.pdf"');
    const approved = await approve(1);
    expect(approved.statusCode, approved.body).toBe(201);
    expect(approved.json()).toMatchObject({ current_version: 1, approved: true, approvals: [{ design_version: 1, approved_by: user.email }] });
    expect(await printedFileName(user, project.id)).toContain('filename="Spring-mailer-v1-approved.pdf"');
    expect(await printedFileName(user, project.id, { proof: true })).toContain('filename="Spring-mailer-proof.pdf"');

    // Saving the design again makes version 2, not yet approved; approving the old proof is refused.
    const design = (await user.req({ method: 'GET', url: `/api/templates/project/${project.id}/design` })).json();
    const saved = await user.req({ method: 'POST', url: `/api/templates/project/${project.id}/design`, payload: { template_data_inside: design.template_data_inside } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await approvals()).toMatchObject({ current_version: 2, approved: false });
    const stale = await approve(1);
    expect([stale.statusCode, stale.json().error.message]).toEqual([409, M.stale(2)]);
    expect((await approve(2, other)).statusCode).toBe(404);
    expect((await other.req({ method: 'GET', url: `/api/projects/${project.id}/approvals` })).statusCode).toBe(404);
  });
});
