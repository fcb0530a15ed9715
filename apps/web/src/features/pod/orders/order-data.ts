import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADDRESS_FIELDS, type TApiList, type TMailingList, type TOrder, type TOrderSimulateResult, type TProject, type TRecipient, type TRecipients,
  type TReinforcement,
} from '@mailcraft/shared';
import { apiErrorMessage, callApi, type ApiCallResult } from '../api-call';
import type { KeyChoice } from '../key-picker';
import { pageFromPreview, previewPath, recipientsPath, type Recipient, type RecipientPage, type RecipientQuery } from './recipient-query';
import { newestFirst } from './templates';

/**
 * Query keys of order entry, under the chosen key's id (never its secret): another key may see
 * other projects, and the cache must not show one key's data to another.
 */
export const orderKeys = {
  all: ['pod', 'orders'] as const,
  projects: (keyId: string | null) => [...orderKeys.all, keyId, 'projects'] as const,
  lists: (keyId: string | null, projectId: string) => [...orderKeys.all, keyId, 'lists', projectId] as const,
  recipients: (keyId: string | null, listId: string, q: RecipientQuery) => [...orderKeys.all, keyId, 'recipients', listId, q] as const,
  mappings: (keyId: string | null, listId: string) => [...orderKeys.all, keyId, 'mappings', listId] as const,
  reinforcements: (keyId: string | null, projectId: string) => [...orderKeys.all, keyId, 'reinforcements', projectId] as const,
  order: (keyId: string | null, orderId: string) => [...orderKeys.all, keyId, 'order', orderId] as const,
  /** Every page of the key's order list (to refresh them after placing an order). */
  placed: (keyId: string | null) => [...orderKeys.all, keyId, 'placed'] as const,
  placedPage: (keyId: string | null, test: boolean) => [...orderKeys.placed(keyId), test] as const,
  file: (keyId: string | null, orderId: string) => [...orderKeys.all, keyId, 'file', orderId] as const,
};

/** A non-2xx answer of the public API: its status and message (the error envelope's, else 'The API answered {status}'). */
export class ApiAnswerError extends Error {
  constructor(public status: number, message: string) {
    super(message);
  }
}

/** The JSON body of a 2xx `answer` as T (trusted, not parsed: the API validates its own answers); ApiAnswerError otherwise. */
function bodyOf<T>(answer: ApiCallResult): T {
  if (!answer.ok) throw new ApiAnswerError(answer.status, apiErrorMessage(answer.body) ?? `The API answered ${answer.status}`);
  return answer.body as T;
}

/**
 * GETs `path` from the public API with `apiKey` (callApi) and returns the JSON body as T (`bodyOf`).
 * Throws ApiAnswerError for a non-2xx answer and TransportError when there is no answer.
 */
export async function getJson<T>(path: string, apiKey: string, signal?: AbortSignal): Promise<T> {
  return bodyOf<T>(await callApi({ method: 'GET', path, apiKey, signal }));
}

/** Items order entry reads of a list at most (projects, lists, reinforcements), 100 a page. */
const MAX_LIST_ITEMS = 1000;

/**
 * Every item of a public API list at `path` (`{ data, has_more, next_cursor }`), following its
 * cursor 100 at a time (`limit`, `starting_after`) up to MAX_LIST_ITEMS. Errors as getJson.
 */
export async function getAllPages<T>(path: string, apiKey: string, signal?: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: '100', ...(cursor ? { starting_after: cursor } : {}) });
    const page: TApiList<T> = await getJson<TApiList<T>>(`${path}${path.includes('?') ? '&' : '?'}${query}`, apiKey, signal);
    items.push(...page.data);
    cursor = page.has_more ? page.next_cursor : null;
  } while (cursor && items.length < MAX_LIST_ITEMS);
  return items;
}

/**
 * A recipient as order entry shows it, from the recipient search's answer: the Address's fields flat (the unmapped ones
 * null) and its mail piece of the latest print file (`mail_piece`, null when none).
 */
export function recipientOf(address: TRecipient): Recipient {
  const fields = Object.fromEntries(ADDRESS_FIELDS.flatMap((f) => (address[f] === null ? [] : [[f, address[f]]])));
  return { id: address.id, row: address.row, fields, excluded: address.excluded, piece: address.mail_piece };
}

/** Whether `error` is the API refusing the key (401): the picker should forget its secret. */
export const isUnauthorized = (error: unknown) => error instanceof ApiAnswerError && error.status === 401;

// A 4xx will not change on retry; a transport failure or 5xx gets one more try.
const retry = (count: number, error: unknown) => !(error instanceof ApiAnswerError && error.status < 500) && count < 1;

const usable = (key: KeyChoice) => !!key.id && !!key.secret;

/** GET /api/projects with the key, every page, newest first by created_at. Disabled until the key's secret is known. */
export function useOrderProjects(key: KeyChoice) {
  return useQuery({
    queryKey: orderKeys.projects(key.id),
    queryFn: async ({ signal }) => newestFirst(await getAllPages<TProject>('/api/projects', key.secret!, signal)),
    enabled: usable(key), retry,
  });
}

/** GET /api/mailingLists?projectId: the project's mailing lists, every page, as the API orders them (newest first). Disabled without a project or secret. */
export function useOrderLists(key: KeyChoice, projectId: string) {
  return useQuery({
    queryKey: orderKeys.lists(key.id, projectId),
    queryFn: ({ signal }) => getAllPages<TMailingList>(`/api/mailingLists?projectId=${encodeURIComponent(projectId)}`, key.secret!, signal),
    enabled: usable(key) && !!projectId, retry,
  });
}

/** GET /api/reinforcements?projectId: the project's reinforcements, every page, in slot order. Disabled without a project or secret. */
export function useOrderReinforcements(key: KeyChoice, projectId: string) {
  return useQuery({
    queryKey: orderKeys.reinforcements(key.id, projectId),
    queryFn: ({ signal }) => getAllPages<TReinforcement>(`/api/reinforcements?projectId=${encodeURIComponent(projectId)}`, key.secret!, signal),
    enabled: usable(key) && !!projectId, retry,
  });
}

/** GET /api/mappings/{listId} (docs/requirements/print-on-demand-api.md#api): `mappings` target field → column, `originalMappings` column → field. Disabled without a list or secret. */
export function useOrderMappings(key: KeyChoice, listId: string | null) {
  return useQuery({
    queryKey: orderKeys.mappings(key.id, listId ?? ''),
    queryFn: ({ signal }) => getJson<{ mappings: Record<string, string>; originalMappings: Record<string, string> }>(
      `/api/mappings/${encodeURIComponent(listId!)}`, key.secret!, signal),
    enabled: usable(key) && !!listId, retry,
  });
}

/**
 * A page of a list's recipients (docs/requirements/print-on-demand-api.md#recipients-and-search): GET /api/recipients/{listId} (each an Address, its
 * fields flat: `recipientOf`); when that fails (but
 * not with 401, the key itself being refused) the data-preview fallback, filtered on the client.
 * When both fail, the error is the first call's (shown as 'Failed to load recipients: {message}').
 */
export function useOrderRecipients(key: KeyChoice, listId: string, q: RecipientQuery) {
  return useQuery({
    queryKey: orderKeys.recipients(key.id, listId, q),
    queryFn: async ({ signal }): Promise<RecipientPage> => {
      try {
        const { data } = await getJson<TRecipients>(recipientsPath(listId, q), key.secret!, signal);
        return { recipients: data.recipients.map(recipientOf), ...data.pagination };
      } catch (first) {
        if (isUnauthorized(first) || signal.aborted) throw first;
        try {
          return pageFromPreview(await getJson<unknown>(previewPath(listId, q), key.secret!, signal), q);
        } catch {
          throw first;
        }
      }
    },
    // Paging and searching keep the current cards until the next page is here (the picker remounts per list).
    placeholderData: keepPreviousData,
    enabled: usable(key), retry,
  });
}

/** How often a pending order is polled, ms (beyond docs/requirements/print-on-demand-api.md#print-on-demand-api: the order's print file renders in the background). */
export const ORDER_POLL_MS = 2_000;
/** How long an order is polled while it stays pending, ms. */
export const ORDER_POLL_FOR_MS = 60_000;

/**
 * The latest state of `order`: GET /api/orders/{id} every 2 s from `since` (epoch ms) while its
 * status is 'pending', for at most 60 s. Not polled when the order was not pending to begin with.
 */
export function useOrderStatus(key: KeyChoice, order: TOrder, since: number) {
  return useQuery({
    queryKey: orderKeys.order(key.id, order.id),
    queryFn: ({ signal }) => getJson<TOrder>(`/api/orders/${encodeURIComponent(order.id)}`, key.secret!, signal),
    enabled: usable(key) && order.status === 'pending', retry,
    refetchInterval: (query) => ((query.state.data ?? order).status === 'pending' && Date.now() - since < ORDER_POLL_FOR_MS ? ORDER_POLL_MS : false),
  });
}

/** Orders the orders view shows: the newest 25. */
export const ORDER_LIST_LIMIT = 25;

/**
 * GET /api/orders?limit=25 (the list's first page), with `test=true` when `test`: the newest orders of the key's own mode,
 * or — for a live key asking — test orders (a test key sees test orders only). Disabled until the
 * key's secret is known. `refreshMs` asks again that often (while a simulated delivery plays), false not at all.
 */
export function useOrderList(key: KeyChoice, test: boolean, refreshMs: number | false = false) {
  return useQuery({
    queryKey: orderKeys.placedPage(key.id, test),
    queryFn: async ({ signal }) => (await getJson<TApiList<TOrder>>(`/api/orders?limit=${ORDER_LIST_LIMIT}${test ? '&test=true' : ''}`, key.secret!, signal)).data,
    enabled: usable(key), retry, refetchInterval: refreshMs,
  });
}

/**
 * POST /api/orders/{id}/tracking/simulate with the key (docs/requirements/mail-tracking.md#test-mode): schedules the
 * simulated delivery of a test order's piece (its scans arrive in the order's tracking_events within two minutes);
 * the key's order lists are asked again on success. Fails with ApiAnswerError carrying the API's message (a live
 * order, an order without an IMb, a delivery simulated already).
 */
export function useSimulateOrderDelivery(key: KeyChoice) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) => bodyOf<TOrderSimulateResult>(await callApi({
      method: 'POST', path: `/api/orders/${encodeURIComponent(orderId)}/tracking/simulate`, apiKey: key.secret!,
    })),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.placed(key.id) }),
  });
}
