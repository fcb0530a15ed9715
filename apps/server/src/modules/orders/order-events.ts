import type { OrderEventType } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { presentOrders } from './order-presenter.js';
import type { OrderRow } from './orders.repo.js';

/**
 * Publishes domain event `order.changed` for `order` as it now stands (the account's order
 * webhooks receive it as `type`). Throws ZodError on a bad payload, the queue's error when it
 * cannot be enqueued.
 */
export async function publishOrderEvent(ctx: AppContext, type: OrderEventType, order: OrderRow): Promise<void> {
  const [presented] = await presentOrders(ctx.db, [order]);
  await ctx.events.publish('order.changed', { type, userId: order.userId, test: order.test, at: order.updatedAt.toISOString(), order: presented });
}
