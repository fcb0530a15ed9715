import { DOMAIN_EVENTS } from '../../jobs/events.js';
import { defineJob } from '../../jobs/job.js';
import { orderWebhooksRepo } from './order-webhooks.repo.js';
import { startDispatch, withPlanFeature } from './webhooks.jobs.js';
import { webhooksRepo } from './webhooks.repo.js';

/**
 * Fan-out of an order event (domain event `order.changed`) to the owner's active order webhooks
 * of the order's mode that subscribe to its type: one delivery each, `{type, timestamp, data}`
 * with the order as `data` (shared ZOrderEventSchema), due at once in the webhooks' delivery
 * queue — none when the owner's plan lacks `webhooks` when the fan-out runs
 * (docs/requirements/webhooks.md#plan-gating). The message id is derived from the order and
 * event, so a repeated event or a retried fan-out creates no second delivery; a webhook added
 * after the event does not receive it.
 */
export const orderWebhookFanOutJob = defineJob({
  id: 'webhook.order-fan-out',
  payload: DOMAIN_EVENTS['order.changed'],
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  handler: async (event, ctx) => {
    const at = new Date(event.at);
    const hooks = await withPlanFeature(ctx, (await orderWebhooksRepo.active(ctx.db, event.userId, event.test))
      .filter((hook) => hook.eventTypes.includes(event.type) && hook.createdAt <= at));
    const rows = hooks.map((hook) => ({
      webhookId: hook.id,
      userId: hook.userId,
      messageId: `msg_${event.order.id.replace(/-/g, '')}_${event.type.replace('order.', '')}`,
      eventType: event.type,
      payload: { type: event.type, timestamp: event.at, data: event.order },
      createdAt: at,
    }));
    if ((await webhooksRepo.insertDeliveries(ctx.db, rows)).length > 0) await startDispatch(ctx);
  },
});
