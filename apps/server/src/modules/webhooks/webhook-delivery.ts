import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_MESSAGES, WEBHOOK_RETRY_SCHEDULE_SECONDS } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { retryAfterMs } from '../../platform/retrying-http.js';
import { postSignedWebhook } from '../../platform/signed-webhook.js';
import { webhooksRepo, type DeliveryRow, type WebhookRow } from './webhooks.repo.js';

const DAY_MS = 86_400_000;
/**
 * The longest wait a Retry-After may ask for: the schedule's longest step (10 h), so an endpoint
 * cannot park a delivery for a year.
 */
const RETRY_AFTER_CAP_SECONDS = Math.max(...WEBHOOK_RETRY_SCHEDULE_SECONDS);

/**
 * One delivery attempt (Standard Webhooks), on a delivery the dispatcher has leased — its
 * `attempts` is this attempt's number: sends it signed with the webhook's secret through
 * `postSignedWebhook` (the message id is the same on every attempt). Every attempt is logged. A 2xx
 * is a success. 410 Gone disables the webhook. Otherwise the next attempt falls due, counted from
 * the answer (or the failure), by the retry schedule (config `webhookRetrySchedule`: immediately,
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), later when a 429 or 503 asks so with Retry-After;
 * after the last the delivery has failed. A webhook failing for 5 days is disabled, with the
 * reason shown to its owner; one turned off or deleted since is not called. `planAllows` is
 * whether the owner's plan has `webhooks` now: without it the delivery ends unsent, its log saying
 * so (WEBHOOK_MESSAGES.notSentPlan), its `attempts` the calls made before, its webhook's success
 * rate and failure clock untouched (docs/requirements/webhooks.md#plan-gating). Throws only when
 * the database fails (the lease then runs out and the attempt is made again).
 */
export async function attemptDelivery(ctx: AppContext, delivery: DeliveryRow, hook: WebhookRow | undefined, planAllows: boolean): Promise<void> {
  const attempt = delivery.attempts;
  const finish = (values: Parameters<typeof webhooksRepo.finishAttempt>[3], retryInSeconds?: number) =>
    webhooksRepo.finishAttempt(ctx.db, delivery.id, attempt, values, retryInSeconds);
  if (!hook || !hook.isActive) {
    await finish({ status: 'failed', errorMessage: 'The webhook is turned off' });
    return;
  }
  if (!planAllows) {
    // No call was made: the claim counted this attempt, so take it back.
    await finish({ status: 'failed', errorMessage: WEBHOOK_MESSAGES.notSentPlan, attempts: attempt - 1 });
    return;
  }
  const now = new Date();
  const sent = await postSignedWebhook(
    { url: hook.endpointUrl, secret: hook.secretKey, messageId: delivery.messageId, body: JSON.stringify(delivery.payload), at: now },
    { allowPrivate: ctx.config.allowPrivateWebhooks },
  );
  const { status, excerpt, error, retryAfter, durationMs } = sent;
  await webhooksRepo.recordAttempt(ctx.db, { deliveryId: delivery.id, attempt, attemptedAt: now, responseCode: status, responseExcerpt: excerpt, errorMessage: error, durationMs });
  const outcome = { responseCode: status, responseExcerpt: excerpt, errorMessage: error, lastAttemptAt: now };

  if (!error) {
    if (await finish({ ...outcome, status: 'success' })) await webhooksRepo.countOutcome(ctx.db, hook.id, true, now);
    return;
  }
  const failing = await webhooksRepo.markFailing(ctx.db, hook.id, now);
  const failingForDays = failing?.failingSince ? (now.getTime() - failing.failingSince.getTime()) / DAY_MS : 0;
  const disable = status === 410
    ? 'The endpoint answered 410 Gone'
    : failingForDays >= WEBHOOK_DISABLE_AFTER_DAYS ? `Disabled after failing for ${WEBHOOK_DISABLE_AFTER_DAYS} days` : null;
  const steps = ctx.config.webhookRetrySchedule;
  if (disable || attempt >= steps.length) {
    if (await finish({ ...outcome, status: 'failed' })) await webhooksRepo.countOutcome(ctx.db, hook.id, false, now);
    if (disable) await webhooksRepo.update(ctx.db, hook.id, { isActive: false, disabledReason: disable });
    return;
  }
  let delay = steps[attempt];
  if (status === 429 || status === 503) {
    // The next attempt is this job's to schedule (never an in-request retry): only the wait is read here.
    const askedMs = retryAfterMs(retryAfter, RETRY_AFTER_CAP_SECONDS * 1000);
    if (askedMs !== null) delay = Math.max(delay, Math.ceil(askedMs / 1000));
  }
  await finish(outcome, delay);
}
