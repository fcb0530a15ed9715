import { randomBytes } from 'node:crypto';
import { WEBHOOK_EVENT_NAMES, type WebhookEventType } from '@mailcraft/shared';
import { DOMAIN_EVENTS } from '../../jobs/events.js';
import { dispatchJob } from '../../jobs/dispatch-job.js';
import { defineJob } from '../../jobs/job.js';
import type { AppContext } from '../../platform/context.js';
import { ownerFeatureCheck } from '../subscriptions/subscriptions.service.js';
import { attemptDelivery } from './webhook-delivery.js';
import { scanEventBody } from './webhook-payload.js';
import { webhooksRepo } from './webhooks.repo.js';

/** Deliveries inserted per statement by the fan-out. */
const INSERT_CHUNK = 500;

/**
 * Sends every due webhook delivery, fairly between customers (`dispatchJob` over `createFairDispatcher`: the
 * pending rows of webhook_deliveries are the queue; a customer's attempts out are capped, the others'
 * start within a look); a delivery of an owner whose plan no longer has `webhooks` ends unsent
 * (`attemptDelivery`; the plan is read when the attempt runs, kept a moment so a backlog reads it once
 * per owner). New deliveries start it (`startDispatch`), and so does a run every minute, for retries due later.
 */
const webhookDispatch = dispatchJob('webhook.dispatch', 'webhooks', (ctx) => {
  const planAllows = ownerFeatureCheck(ctx.db, 'webhooks');
  return {
    dueOwners: (after, limit) => webhooksRepo.dueOwners(ctx.db, after, limit),
    claim: (owners, limit, perOwner, leaseSeconds) => webhooksRepo.claimDue(ctx.db, owners, { limit, perOwner, leaseSeconds }),
    ownerOf: ({ delivery }) => delivery.userId,
    attempt: async ({ delivery, hook }) => attemptDelivery(ctx, delivery, hook, await planAllows(delivery.userId)),
  };
});
/** 'webhook.dispatch': see `webhookDispatch`. */
export const webhookDispatchJob = webhookDispatch.job;
/** Starts sending new webhook deliveries (wakes this process's dispatcher, else queues a run). */
export const startDispatch = webhookDispatch.start;

/**
 * The webhooks whose owner's plan has `webhooks` now, in their order (one plan read per owner): a
 * fan-out creates no delivery for the others (docs/requirements/webhooks.md#plan-gating).
 */
export async function withPlanFeature<H extends { userId: string }>(ctx: AppContext, hooks: H[]): Promise<H[]> {
  const allows = ownerFeatureCheck(ctx.db, 'webhooks');
  const allowed = await Promise.all(hooks.map((h) => allows(h.userId)));
  return hooks.filter((_h, i) => allowed[i]);
}

/** A fresh Standard Webhooks message id. */
export const newMessageId = (): string => `msg_${randomBytes(16).toString('base64url')}`;

/**
 * Fan-out of human scans (domain event `scans.recorded`, one per batch the scan recorder wrote) to
 * their lists' active webhooks: `first_scan` → a `scan.first` delivery when the scan is the record's
 * first, `every_scan` → a `scan.every` delivery for every scan; each due at once, in the queue the
 * dispatcher drains. Webhooks of owners whose plan lacks `webhooks` get none (the plan as it is
 * when the fan-out runs; docs/requirements/webhooks.md#plan-gating). The message id is derived
 * from the scan and event, so a retried fan-out creates no second delivery.
 */
export const webhookFanOutJob = defineJob({
  id: 'webhook.fan-out',
  payload: DOMAIN_EVENTS['scans.recorded'],
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  concurrency: 2,
  batchSize: 64,
  handler: async ({ scans }, ctx) => {
    const hooks = await withPlanFeature(ctx, await webhooksRepo.activeForLists(ctx.db, [...new Set(scans.map((s) => s.listId))]));
    const rows = scans.flatMap((scan) => hooks
      // A webhook added after the scan does not receive it, even when the fan-out runs later.
      .filter((hook) => hook.mailingListId === scan.listId && hook.createdAt <= new Date(scan.scannedAt))
      .flatMap((hook) => (['first_scan', 'every_scan'] as WebhookEventType[])
        .filter((t) => hook.eventTypes.includes(t) && (t === 'every_scan' || scan.isFirst))
        .map((t) => ({
          webhookId: hook.id,
          userId: hook.userId,
          messageId: `msg_${scan.scanId.replace(/-/g, '')}_${t}`,
          eventType: WEBHOOK_EVENT_NAMES[t],
          payload: scanEventBody(WEBHOOK_EVENT_NAMES[t], scan, hook.includedFields),
          createdAt: new Date(scan.scannedAt),
        }))));
    let inserted = 0;
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) inserted += (await webhooksRepo.insertDeliveries(ctx.db, rows.slice(i, i + INSERT_CHUNK))).length;
    if (inserted > 0) await startDispatch(ctx);
  },
});
