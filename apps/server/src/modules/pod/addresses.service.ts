import type { TAddress, TApiList } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { getOwnedListWithMappings } from '../column-mappings/column-mappings.service.js';
import { findOwnedRecord, listOwnedLists } from '../mailing-lists/mailing-lists.service.js';
import { findPrintedRecord } from '../print/printed-record.js';
import { presentAddress } from './address-presenter.js';
import { importAddresses } from './api-lists.service.js';
import { recipients } from './recipients.service.js';

/** POST /api/addresses (docs/requirements/print-on-demand-api.md#api): one address appended to a list (as `importAddresses`). Errors as it. */
export async function createAddress(ctx: AppContext, principal: Principal, input: { mailing_list_id: string } & Record<string, string | undefined>): Promise<TAddress> {
  const { mailing_list_id: listId, ...fields } = input;
  const { row_count } = await importAddresses(ctx, principal, { id: listId, addresses: [fields] });
  // The list's last record, read back as every address is: a page of one.
  const answer = await recipients(ctx, principal, { listId, page: row_count, limit: 1, criteria: 'contains' });
  return answer.data.recipients[0];
}

/** GET /api/addresses/{id} (docs/requirements/print-on-demand-api.md#api): the record as it prints, as the recipient search shows it. Errors: NOT_FOUND 'Address not found' (also another user's). */
export async function getAddress(ctx: AppContext, principal: Principal, id: string): Promise<TAddress> {
  const { db } = ctx;
  const { listId } = await findOwnedRecord(db, principal, id);
  const mapped = await getOwnedListWithMappings(db, principal, listId);
  const r = await findPrintedRecord(db, mapped, id);
  if (!r) throw notFound('Address');
  return presentAddress(mapped.list, r);
}

/**
 * GET /api/addresses?mailing_list_id&limit&starting_after (docs/requirements/print-on-demand-api.md#lists-and-cursors): a page of the list
 * `mailing_list_id`'s addresses in list order — of the newest list when no list is named (none: empty) — after the
 * cursor `starting_after` (addresses appended meanwhile neither repeat nor skip one), else the
 * `page`th. Errors: NOT_FOUND; VALIDATION (400) a cursor this list did not give.
 */
export async function listAddresses(
  ctx: AppContext, principal: Principal, q: { mailing_list_id?: string; page: number; limit: number; starting_after?: string },
): Promise<TApiList<TAddress>> {
  const { db } = ctx;
  let listId = q.mailing_list_id;
  if (!listId) {
    const newest = (await listOwnedLists(db, principal))[0];
    if (!newest) return { data: [], has_more: false, next_cursor: null, total_count: 0 };
    listId = newest.id;
  }
  const { data } = await recipients(ctx, principal, { listId, page: q.page, limit: q.limit, starting_after: q.starting_after, criteria: 'contains' });
  return { data: data.recipients, has_more: data.has_more, next_cursor: data.next_cursor, total_count: data.list.row_count };
}
