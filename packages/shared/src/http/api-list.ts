import { z } from 'zod';

/** Items per page of the public API's lists: 1–100, 25 unless asked (docs/requirements/print-on-demand-api.md#lists-and-cursors). */
export const API_LIST_LIMIT = { min: 1, max: 100, default: 25 } as const;

/**
 * The cursor fields of a public API list's query: `limit` (1–100, default 25) and `starting_after`
 * (the `next_cursor` of the page before; absent for the first page). Spread into a query object.
 */
export const CURSOR_QUERY_FIELDS = {
  limit: z.coerce.number().int().min(API_LIST_LIMIT.min).max(API_LIST_LIMIT.max).default(API_LIST_LIMIT.default)
    .describe(`Items per page (${API_LIST_LIMIT.min}–${API_LIST_LIMIT.max}, default ${API_LIST_LIMIT.default})`),
  starting_after: z.string().min(1).max(300).optional()
    .describe('The next_cursor of the page before: this page starts after it. Absent for the first page. Opaque: pass it back as it came'),
};

/** GET /api/… of a list without filters of its own: `?limit&starting_after`. */
export const ZCursorQuerySchema = z.object(CURSOR_QUERY_FIELDS);
export type TCursorQuery = z.infer<typeof ZCursorQuerySchema>;

/** The fields every list answer of the public API has beside its items (as Stripe's and Lob's lists). */
export const CURSOR_PAGE_FIELDS = {
  has_more: z.boolean().describe('Whether more items follow this page: ask again with starting_after=next_cursor'),
  next_cursor: z.string().nullable().describe('Pass as starting_after to get the next page; null on the last page. Stable while items are added'),
};

/**
 * A list answer of the public API: `{ data, has_more, next_cursor, total_count? }`, named `id` in
 * the OpenAPI document, e.g. `apiList(ZOrderSchema, 'OrderList', 'Orders, newest first')`.
 */
export const apiList = <T extends z.ZodType>(item: T, id: string, what: string) => z.object({
  data: z.array(item).describe(what),
  ...CURSOR_PAGE_FIELDS,
  total_count: z.number().int().optional().describe('How many items the whole list holds, when known without extra work'),
}).meta({ id });

/** A page of a public API list, as `apiList` describes it. */
export type TApiList<T> = { data: T[]; has_more: boolean; next_cursor: string | null; total_count?: number };
