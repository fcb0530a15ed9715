import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_RETRY_SCHEDULE_SECONDS } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { postSignedWebhook } from '../../platform/signed-webhook.js';
import { webhooksRepo } from './webhooks.repo.js';

/** Schedules attempt `attempt` of a delivery `delaySeconds` from now (the deliver job). */
export type ScheduleAttempt = (deliveryId: string, attempt: number, delaySeconds: number) => Promise<void>;

const DAY_MS = 86_400_000;
/** An attempt claimed this long ago without an outcome was cut off (the job's expiry is 120 s). */
const ATTEMPT_STALE_SECONDS = 90;
/** The longest wait a Retry-After may ask for: the schedule's longest step (10 h). */
const RETRY_AFTER_CAP_SECONDS = Math.max(...WEBHOOK_RETRY_SCHEDULE_SECONDS);

/**
 * Seconds to wait from an answer's Retry-After (seconds or an HTTP date), or null. Capped at
 * `cap` so an endpoint cannot park a delivery for a year.
 */
export function retryAfterSeconds(header: string | null, cap: number): number | null {
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : Math.ceil((Date.parse(header) - Date.now()) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, cap) : null;
}

/**
 * One delivery attempt (Standard Webhooks): claims attempt `attempt` of the delivery (so a job
 * handed out twice sends once) and sends it signed with the webhook's secret through
 * `postSignedWebhook` (the message id is the same on every attempt). Every attempt is logged. A 2xx is a success. 410 Gone disables the
 * webhook. Otherwise the next attempt is scheduled by the retry schedule (config
 * `webhookRetrySchedule`: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), later when a 429
 * or 503 asks so with Retry-After; after the last the delivery has failed. A webhook failing for
 * 5 days is disabled, with the reason shown to its owner.
 */
export async function attemptDelivery(ctx: AppContext, deliveryId: string, attempt: number, schedule: ScheduleAttempt): Promise<void> {
  const delivery = await webhooksRepo.claimAttempt(ctx.db, deliveryId, attempt, ATTEMPT_STALE_SECONDS);
  if (!delivery) return;
  const hook = await webhooksRepo.find(ctx.db, delivery.webhookId);
  const now = new Date();
  if (!hook || !hook.isActive) {
    await webhooksRepo.updateDelivery(ctx.db, deliveryId, { status: 'failed', errorMessage: 'The webhook is turned off' });
    return;
  }

  const sent = await postSignedWebhook(
    { url: hook.endpointUrl, secret: hook.secretKey, messageId: delivery.messageId, body: JSON.stringify(delivery.payload), at: now },
    { allowPrivate: ctx.config.allowPrivateWebhooks },
  );
  const { status, excerpt, error, retryAfter, durationMs } = sent;
  await webhooksRepo.recordAttempt(ctx.db, { deliveryId, attempt, attemptedAt: now, responseCode: status, responseExcerpt: excerpt, errorMessage: error, durationMs });
  const outcome = { responseCode: status, responseExcerpt: excerpt, errorMessage: error, lastAttemptAt: now };

  if (!error) {
    await webhooksRepo.updateDelivery(ctx.db, deliveryId, { ...outcome, status: 'success', nextRetry: null });
    await webhooksRepo.countOutcome(ctx.db, hook.id, true, now);
    return;
  }
  const failing = await webhooksRepo.markFailing(ctx.db, hook.id, now);
  const failingForDays = failing?.failingSince ? (now.getTime() - failing.failingSince.getTime()) / DAY_MS : 0;
  const disable = status === 410
    ? 'The endpoint answered 410 Gone'
    : failingForDays >= WEBHOOK_DISABLE_AFTER_DAYS ? `Disabled after failing for ${WEBHOOK_DISABLE_AFTER_DAYS} days` : null;
  const steps = ctx.config.webhookRetrySchedule;
  if (disable || attempt >= steps.length) {
    await webhooksRepo.updateDelivery(ctx.db, deliveryId, { ...outcome, status: 'failed', nextRetry: null });
    await webhooksRepo.countOutcome(ctx.db, hook.id, false, now);
    if (disable) await webhooksRepo.update(ctx.db, hook.id, { isActive: false, disabledReason: disable });
    return;
  }
  let delay = steps[attempt];
  if (status === 429 || status === 503) delay = Math.max(delay, retryAfterSeconds(retryAfter, RETRY_AFTER_CAP_SECONDS) ?? 0);
  await webhooksRepo.updateDelivery(ctx.db, deliveryId, { ...outcome, nextRetry: new Date(now.getTime() + delay * 1000) });
  await schedule(deliveryId, attempt + 1, delay);
}
