import { DOMAIN_EVENTS, narrowChanges, type MailTracked } from '../../jobs/events.js';
import { defineJob } from '../../jobs/job.js';
import type { AppContext } from '../../platform/context.js';
import { orderModes } from '../orders/orders.service.js';
import { orderWebhooksRepo } from './order-webhooks.repo.js';
import { deliveryEventBody } from './webhook-payload.js';
import { startDispatch, withPlanFeature } from './webhooks.jobs.js';
import { webhooksRepo, type WebhookRow } from './webhooks.repo.js';

/** Deliveries inserted per statement by the fan-out. */
const INSERT_CHUNK = 500;

/** The message id of a piece's delivery event: one per piece and event, so a repeated event or a retried fan-out sends nothing twice. */
const messageIdOf = (change: MailTracked) => `msg_${change.pieceId.replace(/-/g, '')}_${change.type.replace('mail.', '')}`;

/** One delivery of `change` to `hook`, due at once in the webhooks' queue. */
const deliveryOf = (hook: WebhookRow, change: MailTracked) => ({
  webhookId: hook.id,
  userId: hook.userId,
  messageId: messageIdOf(change),
  eventType: change.type,
  payload: deliveryEventBody(change),
  createdAt: new Date(change.occurredAt),
});

/**
 * The account order webhooks each order piece's change goes to: the owner's active ones of the order's mode (a test
 * order's events reach the webhooks registered with a test key, a live order's the others) that subscribe to it.
 */
async function orderHookDeliveries(ctx: AppContext, changes: MailTracked[]) {
  const ofOrders = changes.filter((c) => c.orderId);
  if (ofOrders.length === 0) return [];
  const modes = await orderModes(ctx, [...new Set(ofOrders.map((c) => c.orderId!))]);
  const hooksOf = new Map<string, Promise<WebhookRow[]>>();
  const rows = [];
  for (const change of ofOrders) {
    const order = modes.get(change.orderId!);
    if (!order || order.userId !== change.userId) continue;
    const key = `${order.userId}:${order.test}`;
    if (!hooksOf.has(key)) hooksOf.set(key, orderWebhooksRepo.active(ctx.db, order.userId, order.test).then((hooks) => withPlanFeature(ctx, hooks)));
    for (const hook of await hooksOf.get(key)!) {
      if (hook.eventTypes.includes(change.type)) rows.push(deliveryOf(hook, change));
    }
  }
  return rows;
}

/**
 * Fan-out of delivery events (domain event `mail.tracked`, the stage changes of one batch of stored scans;
 * docs/requirements/mail-tracking.md#delivery-events) to webhooks, through the same delivery log, Standard Webhooks signing,
 * retries and fair dispatcher as scans: each change goes to the active webhooks of the piece's list that subscribe
 * to its type (`mail.in_transit`, `mail.out_for_delivery`, `mail.delivered`, `mail.returned`), and — for an
 * on-demand order's piece — to the account's order webhooks of the order's mode that subscribe to it. The body is
 * shared ZDeliveryEventSchema. Webhooks of owners whose plan lacks `webhooks` when the fan-out runs get none
 * (docs/requirements/webhooks.md#plan-gating). The message id is derived from the piece and event, so a repeated
 * event or a retried fan-out creates no second delivery. Unlike a scan's, a delivery event reaches webhooks added
 * after the USPS scan: scan data arrives hours or days after the scan itself — active when the scan data is stored
 * (`narrow` enqueues only the changes of lists with a webhook for their type, and of orders).
 */
export const deliveryWebhookFanOutJob = defineJob({
  id: 'webhook.delivery-fan-out',
  payload: DOMAIN_EVENTS['mail.tracked'],
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  concurrency: 2,
  batchSize: 16,
  narrow: async (payloads, db) => {
    const listIds = [...new Set(payloads.flatMap((p) => p.changes.flatMap((c) => (c.listId ? [c.listId] : []))))];
    const wanted = new Set((await webhooksRepo.activeForLists(db, listIds)).flatMap((h) => h.eventTypes.map((t) => `${h.mailingListId}|${t}`)));
    return narrowChanges(payloads, (c) => c.orderId !== null || wanted.has(`${c.listId}|${c.type}`));
  },
  handler: async ({ changes }, ctx) => {
    const listIds = [...new Set(changes.flatMap((c) => (c.listId ? [c.listId] : [])))];
    const hooks = await withPlanFeature(ctx, await webhooksRepo.activeForLists(ctx.db, listIds));
    const rows = changes.flatMap((change) => hooks
      .filter((hook) => hook.mailingListId === change.listId && hook.userId === change.userId && hook.eventTypes.includes(change.type))
      .map((hook) => deliveryOf(hook, change)));
    rows.push(...await orderHookDeliveries(ctx, changes));
    let inserted = 0;
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) inserted += (await webhooksRepo.insertDeliveries(ctx.db, rows.slice(i, i + INSERT_CHUNK))).length;
    if (inserted > 0) await startDispatch(ctx);
  },
});
