import { mapRecord, type TRecipients } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { getOwnedListWithMappings } from '../column-mappings/column-mappings.service.js';
import { recordPage } from '../mailing-lists/mailing-lists.service.js';

type Criteria = 'contains' | 'exact' | 'startsWith' | 'endsWith';

/** `search` as a LIKE pattern for `criteria`, its own % _ \ escaped. */
function likePattern(search: string, criteria: Criteria): string {
  const s = search.replace(/[\\%_]/g, (c) => `\\${c}`);
  return criteria === 'exact' ? s : criteria === 'startsWith' ? `${s}%` : criteria === 'endsWith' ? `%${s}` : `%${s}%`;
}

/**
 * GET /api/recipients/{listId} (spec 002 §7): a page of the list's recipients, each with its mapped
 * fields, optionally those whose `field` (a mapped target field; any column when absent) matches
 * `search` by `criteria`, case-insensitively. Errors: NOT_FOUND (404) for another user's list;
 * VALIDATION (400) for a field the list does not map.
 */
export async function recipients(db: Db, principal: Principal, listId: string, q: { page: number; limit: number; search?: string; field?: string; criteria: Criteria }): Promise<TRecipients> {
  const { list, mappings, fieldSettings } = await getOwnedListWithMappings(db, principal, listId);
  const pattern = q.search ? likePattern(q.search, q.criteria) : null;
  let column: number | null = null;
  if (pattern !== null && q.field) {
    const header = Object.entries(mappings).find(([, target]) => target === q.field)?.[0];
    if (!header) throw new AppError('VALIDATION', `The list does not map the field ${q.field}`);
    column = list.headers.indexOf(header);
  }
  const { rows, matching } = await recordPage(db, list, { pattern, column, contains: q.search }, (q.page - 1) * q.limit, q.limit);
  const filteredTotal = pattern === null ? list.rowCount : matching;
  return {
    status: 'success',
    data: {
      recipients: rows.map((r) => ({ id: r.id, row: r.rowIndex + 1, fields: mapRecord(list.headers, r.values, mappings, fieldSettings) })),
      pagination: { total: list.rowCount, filteredTotal, pages: Math.ceil(filteredTotal / q.limit), page: q.page },
      list: { id: list.id, name: list.name, row_count: list.rowCount },
    },
  };
}
