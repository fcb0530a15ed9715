import type { TApiList } from '@mailcraft/shared';
import { AppError } from './errors.js';

/** The parts of a cursor: where in its list a page ended (a time, an id, a row…). */
export type CursorParts = Array<string | number>;

/** What a list's description says of paging. */
export const PAGING_DOC = 'Pages by cursor: pass a page\'s next_cursor as starting_after for the next; items added meanwhile neither repeat nor skip one.';

const REFUSED = 'starting_after is not a cursor this list gave: pass the next_cursor of its previous page';

/**
 * An opaque cursor for the public API's lists (docs/requirements/print-on-demand-api.md#lists-and-cursors):
 * base64url of a JSON array, its first element the list's `kind` so a cursor of one list is
 * refused by another, e.g. encodeCursor('orders', ['2026-11-27 09:00:00.123456+00', id]).
 */
export function encodeCursor(kind: string, parts: CursorParts): string {
  return Buffer.from(JSON.stringify([kind, ...parts])).toString('base64url');
}

/**
 * The parts of a cursor `encodeCursor(kind, …)` made, checked against `shape` (each part's type).
 * Errors: VALIDATION (400) for anything else — another list's cursor, a made-up or damaged one.
 */
export function decodeCursor<const S extends ReadonlyArray<'string' | 'number'>>(kind: string, cursor: string, shape: S): { [K in keyof S]: S[K] extends 'number' ? number : string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('VALIDATION', REFUSED);
  }
  if (!Array.isArray(parsed) || parsed[0] !== kind || parsed.length !== shape.length + 1) throw new AppError('VALIDATION', REFUSED);
  const parts = parsed.slice(1);
  if (!parts.every((p, i) => typeof p === shape[i] && (typeof p !== 'number' || Number.isSafeInteger(p)))) throw new AppError('VALIDATION', REFUSED);
  return parts as never;
}

/**
 * A page of a list held in memory (a user's projects, templates, permits…), in the list's own
 * order: `limit` items after the one `starting_after` names. The cursor names the last item's id
 * and position, so an item added before it (the newest-first lists grow at the front) neither
 * repeats nor skips one; when that item is gone, the page starts at its old position.
 * Errors: VALIDATION (400) for a cursor this list did not give.
 */
export function pageInMemory<T>(kind: string, items: readonly T[], idOf: (item: T) => string, q: { limit: number; starting_after?: string }): TApiList<T> {
  let start = 0;
  if (q.starting_after) {
    const [id, position] = decodeCursor(kind, q.starting_after, ['string', 'number'] as const);
    const at = items.findIndex((item) => idOf(item) === id);
    start = at >= 0 ? at + 1 : Math.min(Math.max(position + 1, 0), items.length);
  }
  const data = items.slice(start, start + q.limit);
  const hasMore = start + data.length < items.length;
  const last = data.at(-1);
  return {
    data, has_more: hasMore, total_count: items.length,
    next_cursor: hasMore && last !== undefined ? encodeCursor(kind, [idOf(last), start + data.length - 1]) : null,
  };
}
