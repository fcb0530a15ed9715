import { z } from 'zod';
import { parseReinforcementId } from '@mailcraft/shared';
import { defineJob } from '../../jobs/job.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { renderSinglePiece } from '../print/print.service.js';
import { renderFailureMessage } from '../print/render/render-failure.js';
import { publishOrderEvent } from './order-events.js';
import { orderFileKey } from './order-presenter.js';
import { ordersRepo } from './orders.repo.js';

/**
 * Renders a pending order's piece (with the IMb it is given and recorded, so its scans reach the order's
 * `tracking_events`; docs/requirements/mail-tracking.md#imb-assignment), stores it and marks it rendered; a render error marks it failed
 * with the reason as a sentence (`renderFailureMessage`: never a path), its detail logged. Either way `order.rendered` or `order.failed` is published. Run again on an
 * order already rendered or failed (a retry after the event could not be published), it publishes
 * the event again: the webhooks' fan-out delivers each event of an order once.
 */
export async function renderOrder(ctx: AppContext, orderId: string): Promise<void> {
  const order = await ordersRepo.byId(ctx.db, orderId);
  if (!order) return;
  if (order.status === 'rendered' || order.status === 'failed') {
    await publishOrderEvent(ctx, order.status === 'rendered' ? 'order.rendered' : 'order.failed', order);
    return;
  }
  if (order.status !== 'pending' || !order.projectId) return;
  const owner: Principal = { userId: order.userId, isAdmin: false, via: 'job', scopes: [] };
  let done;
  try {
    const slot = order.reinforcementId ? parseReinforcementId(order.reinforcementId)?.slot : undefined;
    const pdf = await renderSinglePiece(ctx, owner, order.projectId, order.recipient, order.qrUrl ?? '', slot, {
      orderId: order.id, test: order.test, listId: order.mailingListId, recordId: order.recipientId,
    });
    await ctx.storage.put(orderFileKey(order.id), Buffer.from(pdf));
    done = await ordersRepo.advance(ctx.db, order.id, ['pending'], {
      status: 'rendered', fileKey: orderFileKey(order.id), message: order.test ? 'Test order rendered: it is never printed or charged' : 'Print file ready',
    });
    // Its account was deleted while it rendered: the account's purge may have run before the file
    // was stored, so it goes now (docs/architecture.md#storage).
    if (!done && !(await ordersRepo.byId(ctx.db, order.id))) await ctx.storage.delete(orderFileKey(order.id));
  } catch (err) {
    // The owner reads a sentence; the detail (a file system's message, a temporary file's path) goes to the log.
    if (!(err instanceof AppError)) console.error(`[orders] order ${order.id} could not be rendered`, err);
    done = await ordersRepo.advance(ctx.db, order.id, ['pending'], { status: 'failed', message: renderFailureMessage(err) });
  }
  // Undefined when the order was cancelled meanwhile: its cancellation was the event.
  if (done) await publishOrderEvent(ctx, done.status === 'rendered' ? 'order.rendered' : 'order.failed', done);
}

/** 'orders.render' `{ orderId }`: renders one order's print file (failures are recorded on the order). */
export const orderRenderJob = defineJob({
  id: 'orders.render',
  payload: z.object({ orderId: z.uuid().describe('The order') }),
  handler: (p, ctx) => renderOrder(ctx, p.orderId),
  retry: { limit: 2, delaySeconds: 10, backoff: true },
  expireInSeconds: 600,
});
