import { API_LIST_COLUMNS, withDerivedFields, type TMailingList } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { getListMappings, saveListMappings } from '../column-mappings/column-mappings.service.js';
import { appendRecords, createEmptyList, getOwnedList } from '../mailing-lists/mailing-lists.service.js';

/**
 * POST /api/mailingLists (docs/requirements/print-on-demand-api.md#api): an empty list whose columns are the standard address fields
 * and custom_1…custom_10 (API_LIST_COLUMNS), each mapped to itself, ready for imports. Errors: NOT_FOUND (project).
 */
export async function createApiList(ctx: AppContext, principal: Principal, input: { name: string; projectId?: string }): Promise<TMailingList> {
  const { db } = ctx;
  const list = await createEmptyList(db, principal, { name: input.name, projectId: input.projectId ?? null, headers: [...API_LIST_COLUMNS] });
  await saveListMappings(ctx, principal, { fileId: list.id, mappings: Object.fromEntries(API_LIST_COLUMNS.map((c) => [c, c])), fieldSettings: { capitalization: {} } });
  return list;
}

/**
 * POST /api/mailingLists/{id}/import (docs/requirements/print-on-demand-api.md#api): appends `addresses` (already checked field by
 * field) to the list `id`, each field into the column mapped to it (full name and last line derived when
 * absent); fields the list does not map are dropped. Errors: NOT_FOUND; UNPROCESSABLE (422) when the
 * list maps no address column; PAYMENT_REQUIRED (402) past the plan's records per list.
 */
export async function importAddresses(
  ctx: AppContext, principal: Principal, input: { id: string; addresses: Array<Record<string, string | undefined>> },
): Promise<{ imported: number; row_count: number }> {
  const { db } = ctx;
  const list = await getOwnedList(db, principal, input.id);
  const { mappings } = await getListMappings(ctx, principal, list.id);
  const fieldOf = list.headers.map((h) => mappings[h] ?? null);
  if (!fieldOf.includes('address')) throw new AppError('UNPROCESSABLE', 'The list maps no address column: map its columns first');
  const rows = input.addresses.map((a) => {
    const fields = withDerivedFields(Object.fromEntries(Object.entries(a).filter((e): e is [string, string] => typeof e[1] === 'string')));
    return fieldOf.map((f) => (f ? fields[f] ?? '' : ''));
  });
  const rowCount = await appendRecords(db, principal, list, rows);
  return { imported: rows.length, row_count: rowCount };
}
