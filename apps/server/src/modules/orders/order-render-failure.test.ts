import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, type TApiKeyCreated, type TOrder } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { createDesign, createMailingList, createProject, designPage, onPlan, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { renderOrder } from './render-order.job.js';

/** A failed render tells the order's owner what happened in a sentence, never an internal file path. */
describe('an order whose print file cannot be written', () => {
  let t: TestApp;
  let key: string;
  let order: TOrder;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    const owner = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { api: true });
    const projectId = (await createProject(t.ctx.db, owner.id, { templateType: 'postcard', paperSize: '6x9', sides: 'single', permitType: 'none' })).id;
    const { headers, rows } = us500(2);
    const list = await createMailingList(t.ctx.db, owner.id, { headers, rows, projectId });
    await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
    await createDesign(t.ctx.db, projectId, { inside: designPage([textElement('full_name', 20, 20)], '6x9') });
    key = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'shop' } })).json() as TApiKeyCreated).api_key;
    const placed = await t.publicApi.inject({
      method: 'POST', url: '/api/orders/mailing', headers: { 'x-api-key': key },
      payload: { templateId: `${projectId}-main`, mailingListId: list.id, recipientData: { first_name: 'Ada', last_name: 'Lovelace', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' }, format: 'postcard' },
    });
    order = placed.json() as TOrder;
  });
  afterAll(() => t?.close());

  it('is failed with a sentence; the file system\'s message and path stay in the log', async () => {
    // The storage refuses the write as a full or vanished temporary directory does.
    const storage = Object.create(t.ctx.storage) as AppContext['storage'];
    storage.put = async () => {
      throw Object.assign(new Error("ENOENT: no such file or directory, open '/tmp/mc-render-Xa81/piece-1.pdf'"), { code: 'ENOENT' });
    };
    await renderOrder({ ...t.ctx, storage }, order.id);
    const after = (await t.publicApi.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: { 'x-api-key': key } })).json() as TOrder;
    expect(after.status).toBe('failed');
    expect(after.message).toBe('Rendering failed: the print file could not be written. Please try again.');
    expect(after.message).not.toMatch(/ENOENT|\/tmp/);
  });
});
