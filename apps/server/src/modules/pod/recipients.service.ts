import type { TRecipients } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { getOwnedListWithMappings } from '../column-mappings/column-mappings.service.js';
import { recordPage } from '../mailing-lists/mailing-lists.service.js';
import { printedRecord } from '../print/printed-record.js';
import { recordMailPieces } from '../tracking/tracking.service.js';
import { presentAddress } from './address-presenter.js';

type Criteria = 'contains' | 'exact' | 'startsWith' | 'endsWith';
/** What a page of recipients is asked for: the spec's page and search, or the cursor of the page before. */
export type RecipientsQuery = { page: number; limit: number; search?: string; field?: string; criteria: Criteria; starting_after?: string };

/** The kind of the recipient list's cursors: [last row index, matches up to and with it]. */
const RECIPIENT_CURSOR = 'recipients';

/** `search` as a LIKE pattern for `criteria`, its own % _ \ escaped. */
function likePattern(search: string, criteria: Criteria): string {
  const s = search.replace(/[\\%_]/g, (c) => `\\${c}`);
  return criteria === 'exact' ? s : criteria === 'startsWith' ? `${s}%` : criteria === 'endsWith' ? `%${s}` : `%${s}%`;
}

/**
 * GET /api/recipients/{listId} (docs/requirements/print-on-demand-api.md#recipients-and-search): a page of the list `listId`'s recipients as Addresses
 * (`presentAddress`: fields flat, as they print — the address fixes accepted at the list's address
 * check applied — and whether the check excluded it from printing), optionally those whose
 * `field` (a mapped target field; any column when absent) matches `search` by `criteria`,
 * case-insensitively — in the imported values, which the fixes leave as they are. The page is the
 * spec's `page`, or the one after `starting_after` (a `next_cursor`: keyset on the row, so
 * addresses appended meanwhile neither repeat nor skip one; records are only ever appended).
 * Each recipient carries its `mail_piece` in its latest print file with its stage and timeline, or
 * null (`recordMailPieces`, docs/requirements/mail-tracking.md#timelines-and-analytics).
 * Errors: NOT_FOUND (404) for another user's list; VALIDATION (400) for a field the list does not
 * map, or a cursor this list did not give.
 */
export async function recipients(ctx: AppContext, principal: Principal, q: RecipientsQuery & { listId: string }): Promise<TRecipients> {
  const { db } = ctx;
  const { list, mappings, fieldSettings } = await getOwnedListWithMappings(db, principal, q.listId);
  const pattern = q.search ? likePattern(q.search, q.criteria) : null;
  let column: number | null = null;
  if (pattern !== null && q.field) {
    const header = Object.entries(mappings).find(([, target]) => target === q.field)?.[0];
    if (!header) throw new AppError('VALIDATION', `The list does not map the field ${q.field}`);
    column = list.headers.indexOf(header);
  }
  // Where the page starts: after a cursor's row (`before` matches ahead of it), or at the page's offset.
  const [afterRow, before] = q.starting_after
    ? decodeCursor(RECIPIENT_CURSOR, q.starting_after, ['number', 'number'] as const)
    : [-1, (q.page - 1) * q.limit];
  const offset = q.starting_after ? 0 : before;
  const { rows, matching } = await recordPage(db, list, { pattern, column, contains: q.search }, offset, q.limit, afterRow);
  const filteredTotal = pattern === null ? list.rowCount : matching;
  const through = before + rows.length;
  const last = rows.at(-1);
  const hasMore = rows.length === q.limit && through < filteredTotal;
  const pieces = await recordMailPieces(ctx, principal.userId, list.id, rows.map((r) => r.id));
  return {
    status: 'success',
    data: {
      recipients: rows.map((r) => ({ ...presentAddress(list, printedRecord({ list, mappings, fieldSettings }, r)), mail_piece: pieces.get(r.id) ?? null })),
      pagination: { total: list.rowCount, filteredTotal, pages: Math.ceil(filteredTotal / q.limit), page: Math.floor(before / q.limit) + 1 },
      has_more: hasMore,
      next_cursor: hasMore && last ? encodeCursor(RECIPIENT_CURSOR, [last.rowIndex, through]) : null,
      list: { id: list.id, name: list.name, row_count: list.rowCount },
    },
  };
}
