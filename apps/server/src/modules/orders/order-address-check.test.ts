import fs from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, ORDER_MESSAGES, type TAddressCheck, type TApiKeyCreated, type TOrder, type TRecipients } from '@mailcraft/shared';
import { eventually } from '../../test/eventually.js';
import { createDesign, createMailingList, createProject, designPage, onPlan, saveColumnMappings, textElement } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { pdfPageTexts, squashSpaces } from '../../test/pdf-text.js';

/** The address check's planted list (one problem per record; see address-checks/fixtures). */
function planted() {
  const file = new URL('../address-checks/fixtures/planted-addresses.csv', import.meta.url);
  const [headers, ...rows] = Papa.parse<string[]>(fs.readFileSync(file, 'utf8'), { skipEmptyLines: true }).data;
  return { headers, rows };
}

/**
 * On-demand orders, Order Entry's recipients and the recipient search read the address check's
 * edits as print files do: accepted fixes print, excluded records are not ordered.
 */
describe('orders after the address check', () => {
  let t: TestApp;
  let owner: TestUser;
  let key: string;
  let projectId: string;
  let listId: string;
  /** Record ids by 1-based row: 1 Boston/10001 (fix: New York, NY), 8 a duplicate (excluded), 9 no city (fix: Seattle). */
  const record: Record<number, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { api: true });
    projectId = (await createProject(t.ctx.db, owner.id, { templateType: 'postcard', paperSize: '6x9', sides: 'single', permitType: 'none' })).id;
    const { headers, rows } = planted();
    listId = (await createMailingList(t.ctx.db, owner.id, { headers, rows, projectId, name: 'planted.csv' })).id;
    await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
    await createDesign(t.ctx.db, projectId, { inside: designPage([textElement('full_name', 20, 20), textElement('city_state_zip', 20, 40)], '6x9') });
    key = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'shop' } })).json() as TApiKeyCreated).api_key;

    const report = (await owner.req({ method: 'GET', url: `/api/lists/${listId}/address-check` })).json() as TAddressCheck;
    for (const row of [1, 8, 9]) record[row] = report.issues.find((i) => i.record === row)!.recordId;
    const fix = (recordIds: string[], action: string) =>
      owner.req({ method: 'POST', url: `/api/lists/${listId}/address-check/fixes`, payload: { recordIds, action } });
    expect((await fix([record[1], record[9]], 'accept')).json().changed).toBe(2);
    expect((await fix([record[8]], 'exclude')).json().changed).toBe(1);
  }, 60_000);
  afterAll(() => t?.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: object) => t.publicApi.inject({ method, url, payload, headers: { 'x-api-key': key } });
  const order = (recordId: string) => api('POST', '/api/orders/mailing', {
    templateId: `${projectId}-main`, mailingListId: listId, recipientId: recordId, deliveryType: 'print-mail', format: 'postcard',
  });
  const printed = async (placed: TOrder): Promise<string> => {
    let o = placed;
    await eventually(async () => {
      o = (await api('GET', `/api/orders/${placed.id}`)).json();
      return o.status !== 'pending';
    }, 60_000);
    expect(o.status, o.message).toBe('rendered');
    return squashSpaces(pdfPageTexts((await api('GET', o.file_url!)).rawPayload)[0]);
  };

  it('prints the accepted fixes on the ordered piece, as the print file does', async () => {
    const fixed = await order(record[1]);
    expect(fixed.statusCode, fixed.body).toBe(201);
    const text = await printed(fixed.json());
    expect(text).toContain('New York, NY 10001');
    expect(text).not.toContain('Boston');
    const missingCity = await order(record[9]);
    expect(missingCity.statusCode, missingCity.body).toBe(201);
    expect(await printed(missingCity.json())).toContain('Seattle, WA 98101');
  }, 90_000);

  it('refuses to order a record excluded from printing, with a clear message', async () => {
    const res = await order(record[8]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'UNPROCESSABLE', message: ORDER_MESSAGES.recipientExcluded });
    expect((await api('GET', '/api/orders')).json().data).toHaveLength(2);
  });

  it('shows recipients with their fixes and marks excluded ones, in the search too', async () => {
    const page = (await api('GET', `/api/recipients/${listId}?limit=25`)).json() as TRecipients;
    const byId = new Map(page.data.recipients.map((r) => [r.id, r]));
    expect(byId.get(record[1])).toMatchObject({ excluded: false, city: 'New York', state: 'NY', city_state_zip: 'New York, NY 10001' });
    expect(byId.get(record[9])?.city).toBe('Seattle');
    expect(byId.get(record[8])?.excluded).toBe(true);
    const found = (await api('GET', `/api/recipients/${listId}?search=Lee&field=last_name`)).json() as TRecipients;
    expect(found.data.recipients.map((r) => [r.id, r.state])).toEqual([[record[1], 'NY']]);
  });
});
