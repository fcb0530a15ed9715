import { asc, eq } from 'drizzle-orm';
import { autoMap, type TApiKeyCreated } from '@mailcraft/shared';
import { mailingListRecords } from '../db/schema/index.js';
import { createDesign, createMailingList, createProject, designPage, onPlan, saveColumnMappings, textElement, us500 } from './factories.js';
import { signUpUser, type TestApp, type TestUser } from './harness.js';

/** An account ready to place on-demand orders, as `orderAccount` makes it. */
export type OrderAccount = {
  owner: TestUser;
  /** A live key and a test key of the owner, every scope. */
  live: string;
  test: string;
  projectId: string;
  listId: string;
  /** The list's record ids in list order (the recipients to order for). */
  recordIds: string[];
};

/**
 * A new user ready to place on-demand orders through the public API (docs/requirements/print-on-demand-api.md#data): on the
 * Pro plan with `api`; a single-sided 6x9 postcard project ("Spring mailer", no permit) whose design prints `full_name`;
 * its list of the first `records` US 500 rows, mapped; a live key 'shop' and a test key 'sandbox' with every scope.
 */
export async function orderAccount(t: TestApp, records = 3): Promise<OrderAccount> {
  const owner = await signUpUser(t.app);
  await onPlan(t.ctx.db, owner.id, 'pro', { api: true });
  const projectId = (await createProject(t.ctx.db, owner.id, { templateType: 'postcard', paperSize: '6x9', sides: 'single', permitType: 'none' })).id;
  const { headers, rows } = us500(records);
  const listId = (await createMailingList(t.ctx.db, owner.id, { headers, rows, projectId })).id;
  await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
  await createDesign(t.ctx.db, projectId, { inside: designPage([textElement('full_name', 20, 20)], '6x9') });
  const key = async (payload: object) => ((await owner.req({ method: 'POST', url: '/keys', payload })).json() as TApiKeyCreated).api_key;
  const live = await key({ name: 'shop' });
  const test = await key({ name: 'sandbox', mode: 'test' });
  const recordIds = (await t.ctx.db.select({ id: mailingListRecords.id }).from(mailingListRecords)
    .where(eq(mailingListRecords.listId, listId)).orderBy(asc(mailingListRecords.rowIndex))).map((r) => r.id);
  return { owner, live, test, projectId, listId, recordIds };
}
