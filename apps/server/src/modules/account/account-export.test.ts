import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, type TApiKeyCreated } from '@mailcraft/shared';
import { eventually } from '../../test/eventually.js';
import { createDesign, createMailingList, createProject, designPage, onPlan, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { hashKey } from '../api-keys/api-keys.service.js';

/** The tests that render a print file wait for the render threads, slow to start on a busy machine. */
const PRINT_TIMEOUT = 150_000;

/**
 * 'Download my data' holds everything the account made: every print file, proofs included, the
 * on-demand orders (live and test) and the API keys' metadata — never a key or its hash.
 */
describe('download my data: print files, orders and keys', () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    await signUpUser(t.app); // the first account: the administrator
    u = await signUpUser(t.app);
  });
  afterAll(() => t?.close());

  const printed = async (projectId: string, proof: boolean) => {
    const res = await u.req({ method: 'POST', url: `/api/projects/${projectId}/print`, payload: { confirm_warnings: true, proof } });
    expect(res.statusCode, res.body).toBe(202);
    let status = 'queued';
    await eventually(async () => {
      status = (await u.req({ method: 'GET', url: `/api/print-jobs/${res.json().jobId}` })).json().status;
      return status === 'done' || status === 'failed';
    }, 100_000);
    expect(status).toBe('done');
  };

  it('exports every print file (the proof named so), every order and the keys without their secrets', async () => {
    await onPlan(t.ctx.db, u.id, 'business', { api: true });
    const project = await createProject(t.ctx.db, u.id, { name: 'Spring mailer', templateType: 'postcard', paperSize: '6x9', sides: 'single', permitType: 'none' });
    const { headers, rows } = us500(3);
    const list = await createMailingList(t.ctx.db, u.id, { headers, rows, projectId: project.id });
    await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
    await createDesign(t.ctx.db, project.id, { inside: designPage([textElement('full_name', 20, 20)], '6x9') });
    await printed(project.id, true);
    await printed(project.id, false);
    const key = async (payload: object) => (await u.req({ method: 'POST', url: '/api/keys', payload })).json() as TApiKeyCreated;
    const live = await key({ name: 'Shop key', scopes: ['orders:*'] });
    const test = await key({ name: 'Sandbox', mode: 'test' });
    const order = (apiKey: string) => t.publicApi.inject({
      method: 'POST', url: '/api/orders/mailing', headers: { 'x-api-key': apiKey },
      payload: {
        templateId: `${project.id}-main`, mailingListId: list.id, format: 'postcard',
        recipientData: { first_name: 'Ada', last_name: 'Lovelace', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      },
    });
    const placed = [(await order(live.api_key)).json().id, (await order(test.api_key)).json().id];

    const res = await u.req({ method: 'GET', url: '/api/account/export' });
    expect(res.statusCode, res.body).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const pdfs = Object.keys(files).filter((n) => /^projects\/Spring mailer\/print\/.+\.pdf$/.test(n));
    expect(pdfs).toHaveLength(2);
    expect(pdfs.filter((n) => n.endsWith(' proof.pdf'))).toHaveLength(1);
    for (const pdf of pdfs) expect(strFromU8(files[pdf].slice(0, 5))).toBe('%PDF-');

    const orders = JSON.parse(strFromU8(files['orders.json'])) as Array<{ id: string; test: boolean; recipient: Record<string, string> }>;
    expect(orders.map((o) => [o.id, o.test]).sort()).toEqual([[placed[0], false], [placed[1], true]].sort());
    expect(orders[0].recipient).toMatchObject({ full_name: 'Ada Lovelace', city: 'Austin' });
    const keys = JSON.parse(strFromU8(files['api-keys.json']));
    expect(keys).toEqual([
      { id: test.id, name: 'Sandbox', mode: 'test', scopes: ['*:*'], rate_limit: 100, status: 'active', last_used: expect.any(String), expires_at: null, created_at: test.created_at },
      { id: live.id, name: 'Shop key', mode: 'live', scopes: ['orders:*'], rate_limit: 100, status: 'active', last_used: expect.any(String), expires_at: null, created_at: live.created_at },
    ]);
    const everything = Object.values(files).map((f) => Buffer.from(f).toString('latin1')).join('\n');
    for (const k of [live, test]) {
      expect(everything).not.toContain(k.api_key);
      expect(everything).not.toContain(hashKey(k.api_key));
      expect(everything).not.toContain(`${k.api_key.slice(0, 9)}…`);
    }
    const readme = strFromU8(files['README.txt']);
    expect(readme).toMatch(/every print file .*proofs included/);
    expect(readme).not.toMatch(/latest/);
    expect(readme).toContain('orders.json');
    expect(readme).toContain('api-keys.json');
  }, PRINT_TIMEOUT);
});
