import { SEARCH_CRITERIA, type TRecordMailPiece } from '@mailcraft/shared';

/** How a search matches (docs/requirements/print-on-demand-api.md#limits): contains, exact, startsWith, endsWith. */
export type SearchCriteria = (typeof SEARCH_CRITERIA)[number];
/** An applied search: text, the field searched ('all' for every field) and the criteria. */
export type RecipientSearch = { text: string; field: string; criteria: SearchCriteria };
/**
 * A recipient as order entry shows it: record id, position in the list (from 1), fields as they
 * print (the list's accepted address fixes applied), whether the list's address check
 * excluded it from printing (it cannot be ordered; unknown — false — from the data-preview fallback),
 * and its mail piece of the latest print file with its stage and scans (null or absent: none, or unknown from the fallback).
 */
export type Recipient = { id: string; row: number; fields: Record<string, string>; excluded?: boolean; piece?: TRecordMailPiece | null };
/** One page of recipients (docs/requirements/print-on-demand-api.md#api data.pagination): totals of the list and of the search, page count, this page. */
export type RecipientPage = { recipients: Recipient[]; total: number; filteredTotal: number; pages: number; page: number };
/** What a page of recipients is asked for: page from 1, limit 25/50/75/100, and the applied search or null. */
export type RecipientQuery = { page: number; limit: number; search: RecipientSearch | null };

/**
 * GET /api/recipients/{listId}?page&limit[&search&criteria[&field]] (docs/requirements/print-on-demand-api.md#api). `field` is left
 * out for 'all' (the API then searches every column); no search → no search parameters.
 */
export function recipientsPath(listId: string, q: RecipientQuery): string {
  const params = new URLSearchParams({ page: String(q.page), limit: String(q.limit) });
  if (q.search?.text) {
    params.set('search', q.search.text);
    params.set('criteria', q.search.criteria);
    if (q.search.field !== 'all') params.set('field', q.search.field);
  }
  return `/api/recipients/${encodeURIComponent(listId)}?${params}`;
}

/** The fallback of docs/requirements/print-on-demand-api.md#api: GET /api/data-preview/list/{listId}?page&limit. */
export const previewPath = (listId: string, q: Pick<RecipientQuery, 'page' | 'limit'>) =>
  `/api/data-preview/list/${encodeURIComponent(listId)}?page=${q.page}&limit=${q.limit}`;

/** Whether `value` matches `text` by `criteria`, case-insensitively (as the API's search). */
function matches(value: string, text: string, criteria: SearchCriteria): boolean {
  const v = value.toLowerCase();
  const t = text.toLowerCase();
  if (criteria === 'exact') return v === t;
  if (criteria === 'startsWith') return v.startsWith(t);
  if (criteria === 'endsWith') return v.endsWith(t);
  return v.includes(t);
}

/** Whether `recipient` matches `search` (docs/requirements/print-on-demand-api.md#api: the fallback filters on the client). */
export function matchesSearch(recipient: Recipient, search: RecipientSearch): boolean {
  const values = search.field === 'all' ? Object.values(recipient.fields) : [recipient.fields[search.field] ?? ''];
  return values.some((v) => matches(v, search.text, search.criteria));
}

type PreviewRecord = { record_id?: unknown; id?: unknown; fields?: unknown };
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const stringFields = (v: unknown): Record<string, string> =>
  isRecord(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string') as [string, string][]) : {};

/**
 * A RecipientPage from the data-preview fallback's answer (docs/requirements/print-on-demand-api.md#api), filtered on the client by
 * `q.search`. Understands this server's preview (`records[{record_id, fields}]`, `total`) and the
 * shape the spec describes (`preview.rows` of field objects, `list.row_count`, `pagination.total`).
 * Throws when the answer has neither.
 */
export function pageFromPreview(body: unknown, q: RecipientQuery): RecipientPage {
  if (!isRecord(body)) throw new Error('Unexpected data preview answer');
  const preview = isRecord(body.preview) ? body.preview : null;
  const raw: unknown = Array.isArray(body.records) ? body.records : preview?.rows;
  if (!Array.isArray(raw)) throw new Error('Unexpected data preview answer');
  const offset = (q.page - 1) * q.limit;
  const all: Recipient[] = raw.map((r: PreviewRecord, i) => {
    const fields = isRecord(r) && 'fields' in r ? stringFields(r.fields) : stringFields(r);
    const id = isRecord(r) ? String(r.record_id ?? r.id ?? offset + i + 1) : String(offset + i + 1);
    return { id, row: offset + i + 1, fields };
  });
  const pagination = isRecord(body.pagination) ? body.pagination : null;
  const list = isRecord(body.list) ? body.list : null;
  const total = Number(body.total ?? pagination?.total ?? list?.row_count ?? all.length) || 0;
  const search = q.search?.text ? q.search : null;
  const recipients = search ? all.filter((r) => matchesSearch(r, search)) : all;
  const filteredTotal = search ? recipients.length : total;
  return { recipients, total, filteredTotal, pages: Math.ceil(filteredTotal / q.limit), page: q.page };
}
