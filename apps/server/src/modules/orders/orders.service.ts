import { API_KEY_MESSAGES, ORDER_MESSAGES as M, type TApiList, type TOrder, type TOrderSimulateResult } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';
import { isUuid } from '../../platform/ids.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { OwnedFilesReader } from '../../platform/owned-files.js';
import type { Principal } from '../../platform/principal.js';
import { simulateOrderPiece } from '../tracking/simulate.service.js';
import { publishOrderEvent } from './order-events.js';
import { orderFileKey, presentOrders } from './order-presenter.js';
import { ordersRepo, type OrderRow } from './orders.repo.js';

export { orderFileKey };

/**
 * The order PDFs of the accounts (docs/architecture.md#storage): `orders/{id}.pdf` of every order
 * of theirs, rendered or not (a render still running stores its file under that key). Orders
 * outlive their project and list, so only the account's deletion removes them.
 */
export const accountOrderFiles: OwnedFilesReader = async (db, userIds) => ({
  files: (await ordersRepo.idsOfUsers(db, userIds)).map(orderFileKey), folders: [],
});

export { createMailingOrder, createReinforcementOrder } from './place-order.service.js';

/** The kind of the order list's cursors. */
const ORDER_CURSOR = 'orders';
/** An order's time in a cursor: ISO 8601 UTC to the microsecond ('2026-11-27T09:00:00.123456Z'). */
const DATABASE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Whether the principal acts in test mode: a test key sees and changes test orders only. */
const testMode = (principal: Principal) => principal.apiKey?.mode === 'test';

/**
 * GET /api/orders (docs/requirements/print-on-demand-api.md#lists-and-cursors), and GET /api/orders/mailing or /reinforcement (`q.orderType`): a
 * page of the principal's orders, newest first — of its key's mode, or test orders when a live
 * key asks (`test: 'true'`) — after the cursor `starting_after` (keyset: an order placed meanwhile
 * neither repeats nor skips one), else from the deprecated `offset`; `limit` 1–100.
 * Errors: FORBIDDEN (403) a test key asking for live orders (API_KEY_MESSAGES.testSeesTestOrders);
 * VALIDATION (400) a cursor this list did not give.
 */
export async function listOrders(
  ctx: AppContext, principal: Principal,
  q: { limit: number; offset: number; starting_after?: string; test?: 'true' | 'false'; orderType?: OrderRow['orderType'] },
): Promise<TApiList<TOrder>> {
  const orderType = q.orderType ?? null;
  if (testMode(principal) && q.test === 'false') throw new AppError('FORBIDDEN', API_KEY_MESSAGES.testSeesTestOrders);
  const test = testMode(principal) || q.test === 'true';
  let after: { at: string; id: string } | null = null;
  if (q.starting_after) {
    const [at, id] = decodeCursor(ORDER_CURSOR, q.starting_after, ['string', 'string'] as const);
    if (!isUuid(id) || !DATABASE_TIME.test(at)) throw new AppError('VALIDATION', 'starting_after is not a cursor this list gave: pass the next_cursor of its previous page');
    after = { at, id };
  }
  const rows = await ordersRepo.page(ctx.db, principal.userId, { test, orderType, after, offset: q.offset, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const hasMore = rows.length > q.limit;
  return { data: await presentOrders(ctx.db, page), has_more: hasMore, next_cursor: hasMore && last ? encodeCursor(ORDER_CURSOR, [last.cursorAt, last.id]) : null };
}

/**
 * A page of every order of the principal's account, live and test, newest first, each with the
 * recipient fields it was made with: for the account's own data export and deletion. Errors:
 * FORBIDDEN for an API key (a key sees one mode only).
 */
export async function accountOrders(
  ctx: AppContext, principal: Principal, page: { limit: number; offset: number },
): Promise<Array<TOrder & { recipient: Record<string, string> }>> {
  if (principal.apiKey) throw new AppError('FORBIDDEN', 'Only the account itself may read all of its orders');
  const rows = await ordersRepo.list(ctx.db, principal.userId, null, page.limit, page.offset);
  return (await presentOrders(ctx.db, rows)).map((o, i) => ({ ...o, recipient: rows[i].recipient }));
}

/** The principal's order `id` of its key's mode: another user's, and another mode's, are not found. */
async function owned(ctx: AppContext, principal: Principal, id: string): Promise<OrderRow> {
  const row = await ordersRepo.owned(ctx.db, principal.userId, id, testMode(principal));
  if (!row) throw notFound('Order');
  return row;
}

/** GET /api/orders/{id}: the order with its piece's tracking events. Errors: NOT_FOUND (also an order of the other mode). */
export async function getOrder(ctx: AppContext, principal: Principal, id: string): Promise<TOrder> {
  return (await presentOrders(ctx.db, [await owned(ctx, principal, id)]))[0];
}

/**
 * POST /api/orders/{id}/cancel: while pending or rendered; publishes `order.cancelled`.
 * Errors: NOT_FOUND (also an order of the other mode); CONFLICT 'Only pending or rendered orders can be cancelled'.
 */
export async function cancelOrder(ctx: AppContext, principal: Principal, id: string): Promise<TOrder> {
  const row = await owned(ctx, principal, id);
  const done = await ordersRepo.advance(ctx.db, row.id, ['pending', 'rendered'], { status: 'cancelled', message: 'Cancelled' });
  if (!done) throw new AppError('CONFLICT', M.notCancellable);
  await publishOrderEvent(ctx, 'order.cancelled', done);
  return (await presentOrders(ctx.db, [done]))[0];
}

/** GET /api/orders/{id}/file: the order's print file. Errors: NOT_FOUND (also an order of the other mode); CONFLICT until it is rendered. */
export async function orderFile(ctx: AppContext, principal: Principal, id: string): Promise<Buffer> {
  const row = await owned(ctx, principal, id);
  if (!row.fileKey) throw new AppError('CONFLICT', M.notRendered);
  return ctx.storage.get(row.fileKey);
}

/**
 * POST /api/orders/{id}/tracking/simulate (docs/requirements/mail-tracking.md#test-mode): plays a realistic delivery of a
 * test order's piece over about two minutes — accepted, in transit, in the local area, out for delivery, delivered —
 * through the same matching, tracking_events, webhooks and notifications as real scans, marked simulated (the tracking
 * module's `simulateOrderPiece`, as a print file's simulation). Only a test key reaches a test order (`owned`).
 * Errors: NOT_FOUND (also an order of the other mode); UNPROCESSABLE (422) M.simulateLiveOrder for a live order;
 * CONFLICT (409) M.simulateNotRendered while pending, M.simulateNeverMailed when cancelled or failed, M.simulateNoImb
 * when rendered without an IMb, M.simulatedAlready when its piece was scanned already.
 */
export async function simulateOrderDelivery(ctx: AppContext, principal: Principal, id: string): Promise<TOrderSimulateResult> {
  const row = await owned(ctx, principal, id);
  if (!row.test) throw new AppError('UNPROCESSABLE', M.simulateLiveOrder);
  if (row.status === 'pending') throw new AppError('CONFLICT', M.simulateNotRendered);
  if (row.status === 'cancelled' || row.status === 'failed') throw new AppError('CONFLICT', M.simulateNeverMailed);
  return { order_id: row.id, ...await simulateOrderPiece(ctx, row.userId, row.id) };
}

/**
 * Owner and mode (test or live) of each of the orders `ids` that exists, by id: whose order webhooks an order piece's
 * delivery event goes to (docs/requirements/mail-tracking.md#delivery-events).
 */
export async function orderModes(ctx: AppContext, ids: string[]): Promise<Map<string, { userId: string; test: boolean }>> {
  return new Map((await ordersRepo.modes(ctx.db, ids)).map((o) => [o.id, { userId: o.userId, test: o.test }]));
}
