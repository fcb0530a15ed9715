import { randomBytes } from 'node:crypto';
import { WEBHOOK_EVENT_NAMES, type WebhookEventType } from '@mailcraft/shared';
import { z } from 'zod';
import { DOMAIN_EVENTS } from '../../jobs/events.js';
import { defineJob } from '../../jobs/job.js';
import type { AppContext } from '../../platform/context.js';
import { attemptDelivery } from './webhook-delivery.js';
import { scanEventBody } from './webhook-payload.js';
import { webhooksRepo, type DeliveryRow } from './webhooks.repo.js';

/**
 * One delivery attempt (see `attemptDelivery`). HTTP failures are retried on the webhook schedule
 * by the handler itself; pg-boss retries only a crashed handler, and the attempt claim keeps that
 * from sending twice.
 */
export const webhookDeliverJob = defineJob({
  id: 'webhook.deliver',
  payload: z.object({ deliveryId: z.string(), attempt: z.number().int().min(1) }),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  concurrency: 4,
  expireInSeconds: 120,
  handler: async ({ deliveryId, attempt }, ctx) => attemptDelivery(ctx, deliveryId, attempt, (id, next, delay) => scheduleAttempt(ctx, id, next, delay)),
});

async function scheduleAttempt(ctx: AppContext, deliveryId: string, attempt: number, delaySeconds: number): Promise<void> {
  await ctx.queue.send(webhookDeliverJob, { deliveryId, attempt }, delaySeconds > 0 ? { startAfterSeconds: delaySeconds } : {});
}

/** Sends the first attempt of each new delivery. */
export async function startDeliveries(ctx: AppContext, deliveries: DeliveryRow[]): Promise<void> {
  for (const d of deliveries) await scheduleAttempt(ctx, d.id, 1, 0);
}

/** A fresh Standard Webhooks message id. */
export const newMessageId = (): string => `msg_${randomBytes(16).toString('base64url')}`;

/**
 * Fan-out of a human scan (domain event `scan.recorded`) to the list's active webhooks (spec 000
 * §3 Webhook): `first_scan` → a `scan.first` delivery when the scan is the record's first,
 * `every_scan` → a `scan.every` delivery for every scan. The message id is derived from the scan
 * and event, so a retried fan-out creates no second delivery.
 */
export const webhookFanOutJob = defineJob({
  id: 'webhook.fan-out',
  payload: DOMAIN_EVENTS['scan.recorded'],
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  concurrency: 2,
  handler: async (scan, ctx) => {
    // A webhook added after the scan does not receive it, even when the fan-out runs later.
    const hooks = (await webhooksRepo.activeForList(ctx.db, scan.listId)).filter((h) => h.createdAt <= new Date(scan.scannedAt));
    const rows = hooks.flatMap((hook) => (['first_scan', 'every_scan'] as WebhookEventType[])
      .filter((t) => hook.eventTypes.includes(t) && (t === 'every_scan' || scan.isFirst))
      .map((t) => ({
        webhookId: hook.id,
        messageId: `msg_${scan.scanId.replace(/-/g, '')}_${t}`,
        eventType: WEBHOOK_EVENT_NAMES[t],
        payload: scanEventBody(WEBHOOK_EVENT_NAMES[t], scan, hook.includedFields),
        createdAt: new Date(scan.scannedAt),
      })));
    await startDeliveries(ctx, await webhooksRepo.insertDeliveries(ctx.db, rows));
  },
});
