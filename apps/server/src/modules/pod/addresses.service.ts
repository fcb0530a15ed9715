import { mapRecord, type TAddress } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../platform/principal.js';
import { getListMappings } from '../column-mappings/column-mappings.service.js';
import { findOwnedRecord, getOwnedList, listLists } from '../mailing-lists/mailing-lists.service.js';
import { importAddresses } from './api-lists.service.js';
import { recipients } from './recipients.service.js';

async function present(db: Db, principal: Principal, listId: string, r: { id: string; rowIndex: number; values: string[] }): Promise<TAddress> {
  const list = await getOwnedList(db, principal, listId);
  const { mappings, fieldSettings } = await getListMappings(db, principal, list.id);
  return { id: r.id, row: r.rowIndex + 1, mailing_list_id: list.id, fields: mapRecord(list.headers, r.values, mappings, fieldSettings) };
}

/** POST /api/addresses (spec 002 §7): one address appended to a list (as `importAddresses`). Errors as it. */
export async function createAddress(db: Db, principal: Principal, input: { mailing_list_id: string } & Record<string, string | undefined>): Promise<TAddress> {
  const { mailing_list_id: listId, ...fields } = input;
  const { row_count } = await importAddresses(db, principal, listId, [fields]);
  // The list's last record, read back as every address is: a page of one.
  const answer = await recipients(db, principal, listId, { page: row_count, limit: 1, criteria: 'contains' });
  return { ...answer.data.recipients[0], mailing_list_id: answer.data.list.id };
}

/** GET /api/addresses/{id} (spec 002 §7). Errors: NOT_FOUND 'Address not found' (also another user's). */
export async function getAddress(db: Db, principal: Principal, id: string): Promise<TAddress> {
  const r = await findOwnedRecord(db, principal, id);
  return present(db, principal, r.listId, r);
}

/**
 * GET /api/addresses?mailing_list_id&page&limit (spec 002 §7): a page of a list's addresses — of
 * the newest list when no list is named (none: empty). Errors: NOT_FOUND.
 */
export async function listAddresses(db: Db, principal: Principal, listId: string | undefined, page: { page: number; limit: number }): Promise<TAddress[]> {
  if (!listId) {
    const newest = (await listLists(db, principal))[0];
    if (!newest) return [];
    listId = newest.id;
  }
  const answer = await recipients(db, principal, listId, { ...page, criteria: 'contains' });
  return answer.data.recipients.map((r) => ({ ...r, mailing_list_id: answer.data.list.id }));
}
