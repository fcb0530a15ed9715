import { vi } from 'vitest';
import {
  ADDRESS_FIELDS, type AddressField, type TAddress, type TApiList, type TMailingList, type TOrder, type TProject, type TRecipient, type TReinforcement,
} from '@mailcraft/shared';
import { rememberKeySecret } from '../key-secrets';
import { aKey, FULL_KEY, Reply, stubPod, type Call } from '../test-helpers';
import type { Recipient } from './recipient-query';

export { Failure, FULL_KEY, Reply } from '../test-helpers';

/** A UUID whose last group is `n` (ids must be UUIDs for the order schemas). */
export const uuid = (prefix: string, n: number) => `${prefix.padEnd(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A project as GET /api/projects lists it; `overrides` change any field. */
export function aProject(overrides: Partial<TProject> = {}): TProject {
  const id = overrides.id ?? uuid('bbbbbbbb', 1);
  return {
    id, name: 'Fall Mailer', description: '', template_type: 'self_mailer', paper_size: '8.5x11', sides: 'double', permit_type: 'none',
    mailing_permit_id: null, list_id: null, list_size: null, list_name: null, has_template: true, progress: 100,
    created_at: '2026-06-01T10:00:00.000Z',
    thumbnail_outside: `/api/projects/${id}/thumbnails/outside.png?v=1`, thumbnail_inside: `/api/projects/${id}/thumbnails/inside.png?v=1`,
    thumbnail_r1: null, thumbnail_r2: null, thumbnail_r3: null, ...overrides,
  };
}

/** A mailing list of `projectId`. */
export function aList(projectId: string, overrides: Partial<TMailingList> = {}): TMailingList {
  return { id: uuid('cccccccc', 1), name: 'Customers.csv', row_count: 3, created_at: '2026-06-02T10:00:00.000Z', project_id: projectId, column_count: 6, ...overrides };
}

/** A reinforcement of `projectId` in `slot`. */
export function aReinforcement(projectId: string, slot: 1 | 2 | 3, overrides: Partial<TReinforcement> = {}): TReinforcement {
  return {
    id: `${projectId}-r${slot}`, project_id: projectId, slot, name: `Follow-up ${slot}`, type: 'image', size: '8.5x11',
    thumbnail: null, updated_at: '2026-06-03T10:00:00.000Z', ...overrides,
  };
}

/** Recipient `n` (row n) with a first and last name and an address. */
export function aRecipient(n: number, first: string, last: string): Recipient {
  return {
    id: uuid('dddddddd', n), row: n,
    fields: { first_name: first, last_name: last, address: `${n} Main St`, city: 'Springfield', state: 'IL', zip: '62701' },
  };
}

/** An order as POST /api/orders/* answers it. */
export function anOrder(overrides: Partial<TOrder> = {}): TOrder {
  return {
    id: uuid('eeeeeeee', 1), order_type: 'mailing', delivery_type: 'print-mail', format: 'mailer-letter', template_id: '', mailing_list_id: null,
    recipient_id: null, reinforcement_id: null, additional_reinforcements: [], status: 'pending', cost: 1.25, currency: 'USD', test: false, message: 'Order received',
    file_url: null, imb: null, tracking_events: [], created_at: '2026-06-04T10:00:00.000Z', ...overrides,
  };
}

/** A public API list answer of `items`, all on one page (`{ data, has_more, next_cursor, total_count }`). */
export const apiPage = <T>(items: T[]): TApiList<T> => ({ data: items, has_more: false, next_cursor: null, total_count: items.length });

/** `recipient` as the recipient search answers it: an Address, its fields flat (unmapped ones null), with its mail piece (none unless given). */
export function asAddress(recipient: Recipient, listId = 'x'): TRecipient {
  const fields = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, recipient.fields[f] ?? null])) as Pick<TAddress, AddressField>;
  return {
    id: recipient.id, mailing_list_id: listId, ...fields, record_id: recipient.id, row: recipient.row, excluded: recipient.excluded ?? false,
    created_at: '2026-06-02T10:00:00.000Z', mail_piece: recipient.piece ?? null,
  };
}

/** GET /api/recipients/{listId} over `all`, paged and searched as the API does, each an Address. */
export function recipientsHandler(all: Recipient[]) {
  return ({ url }: Call) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const search = url.searchParams.get('search')?.toLowerCase();
    const criteria = url.searchParams.get('criteria') ?? 'contains';
    const field = url.searchParams.get('field');
    const hit = (v: string) => {
      const s = v.toLowerCase();
      if (!search) return true;
      return criteria === 'exact' ? s === search : criteria === 'startsWith' ? s.startsWith(search) : criteria === 'endsWith' ? s.endsWith(search) : s.includes(search);
    };
    const matching = all.filter((r) => (field ? hit(r.fields[field] ?? '') : Object.values(r.fields).some(hit)));
    return {
      status: 'success',
      data: {
        recipients: matching.slice((page - 1) * limit, page * limit).map((r) => asAddress(r)),
        pagination: { total: all.length, filteredTotal: matching.length, pages: Math.ceil(matching.length / limit), page },
        has_more: page * limit < matching.length, next_cursor: null,
        list: { id: 'x', name: 'x', row_count: all.length },
      },
    };
  };
}

/** A call the fake server got, with the request's headers (lower-case names). */
export type SeenCall = Call & { headers: Record<string, string> };

/**
 * The fake server of order entry: key 'key-1' whose full secret this tab knows, GET /api/keys, and
 * `routes`. Returns `calls()`: every request so far with its headers.
 */
export function orderServer(routes: Record<string, (c: Call) => unknown>) {
  rememberKeySecret('key-1', FULL_KEY);
  const calls = stubPod({ 'GET /api/keys': () => [aKey()], ...routes });
  const stub = globalThis.fetch;
  const headers: Record<string, string>[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    headers.push(Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])));
    return stub(input, init);
  });
  return () => calls.map((c, i): SeenCall => ({ ...c, headers: headers[i] }));
}

/** A handler answering 201 with `order`. */
export const created = (order: TOrder) => () => new Reply(201, order);
