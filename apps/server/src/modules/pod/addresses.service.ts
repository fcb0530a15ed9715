import type { TAddress, TApiList } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { getOwnedListWithMappings } from '../column-mappings/column-mappings.service.js';
import { findOwnedRecord, listLists } from '../mailing-lists/mailing-lists.service.js';
import { findPrintedRecord } from '../print/printed-record.js';
import { presentAddress } from './address-presenter.js';
import { importAddresses } from './api-lists.service.js';
import { recipients } from './recipients.service.js';

/** POST /api/addresses (docs/requirements/print-on-demand-api.md#api): one address appended to a list (as `importAddresses`). Errors as it. */
export async function createAddress(db: Db, principal: Principal, input: { mailing_list_id: string } & Record<string, string | undefined>): Promise<TAddress> {
  const { mailing_list_id: listId, ...fields } = input;
  const { row_count } = await importAddresses(db, principal, listId, [fields]);
  // The list's last record, read back as every address is: a page of one.
  const answer = await recipients(db, principal, listId, { page: row_count, limit: 1, criteria: 'contains' });
  return answer.data.recipients[0];
}

/** GET /api/addresses/{id} (docs/requirements/print-on-demand-api.md#api): the record as it prints, as the recipient search shows it. Errors: NOT_FOUND 'Address not found' (also another user's). */
export async function getAddress(db: Db, principal: Principal, id: string): Promise<TAddress> {
  const { listId } = await findOwnedRecord(db, principal, id);
  const mapped = await getOwnedListWithMappings(db, principal, listId);
  const r = await findPrintedRecord(db, mapped, id);
  if (!r) throw notFound('Address');
  return presentAddress(mapped.list, r);
}

/**
 * GET /api/addresses?mailing_list_id&limit&starting_after (docs/requirements/print-on-demand-api.md#lists-and-cursors): a page of a list's
 * addresses in list order — of the newest list when no list is named (none: empty) — after the
 * cursor `starting_after` (addresses appended meanwhile neither repeat nor skip one), else the
 * `page`th. Errors: NOT_FOUND; VALIDATION (400) a cursor this list did not give.
 */
export async function listAddresses(
  db: Db, principal: Principal, listId: string | undefined, q: { page: number; limit: number; starting_after?: string },
): Promise<TApiList<TAddress>> {
  if (!listId) {
    const newest = (await listLists(db, principal))[0];
    if (!newest) return { data: [], has_more: false, next_cursor: null, total_count: 0 };
    listId = newest.id;
  }
  const { data } = await recipients(db, principal, listId, { ...q, criteria: 'contains' });
  return { data: data.recipients, has_more: data.has_more, next_cursor: data.next_cursor, total_count: data.list.row_count };
}
