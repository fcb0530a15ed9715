import type { AppContext } from '../../platform/context.js';
import { smtpResponseCode } from '../../platform/mailer.js';
import { postSignedWebhook } from '../../platform/signed-webhook.js';
import type { ComposedMessage } from './notification-message.js';
import { notificationsRepo } from './notifications.repo.js';

/** Schedules attempt `attempt` of a delivery `delaySeconds` from now (the deliver job). */
export type ScheduleAttempt = (deliveryId: string, attempt: number, delaySeconds: number) => Promise<void>;

/** An attempt claimed this long ago without an outcome was cut off (the job's expiry is 120 s). */
const ATTEMPT_STALE_SECONDS = 90;

/** The Standard Webhooks message id of a delivery: the same on every attempt. */
export const deliveryMessageId = (deliveryId: string) => `msg_${deliveryId.replace(/-/g, '')}`;

type Outcome = { ok: boolean; responseCode: number | null; responseBody: unknown; error: string | null };

/** Sends a composed message once: mail through `ctx.mailer` (SMTP or the outbox), a webhook through the signed POST. */
async function send(ctx: AppContext, message: ComposedMessage, opts: { ownerId: string; secret: string | null; messageId: string }): Promise<Outcome> {
  if (message.channel === 'mail') {
    try {
      const receipt = await ctx.mailer.send({ to: message.to, subject: message.subject, text: message.text, html: message.html, ownerId: opts.ownerId });
      return ctx.mailer.kind === 'outbox'
        ? { ok: true, responseCode: null, responseBody: { outbox: true }, error: null }
        : { ok: true, responseCode: Number(receipt.response?.slice(0, 3)) || 250, responseBody: { smtp: receipt.response }, error: null };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return { ok: false, responseCode: smtpResponseCode(err), responseBody: { smtp: message.slice(0, 500) }, error: message.slice(0, 500) };
    }
  }
  if (!opts.secret) return { ok: false, responseCode: null, responseBody: null, error: 'The webhook notification has no signing secret' };
  const sent = await postSignedWebhook(
    { url: message.url, secret: opts.secret, messageId: opts.messageId, body: JSON.stringify(message.body) },
    { allowPrivate: ctx.config.allowPrivateWebhooks },
  );
  let body: unknown = sent.excerpt;
  try {
    body = sent.excerpt ? JSON.parse(sent.excerpt) : null;
  } catch {
    /* not JSON: kept as text */
  }
  return { ok: !sent.error, responseCode: sent.status, responseBody: body, error: sent.error };
}

/**
 * One attempt of a notification delivery (spec 001 §5, §9): claims attempt `attempt` (a job
 * handed out twice sends once), sends the stored message — SMS and email through the mailer,
 * webhooks signed (Standard Webhooks) through the SSRF-guarded client — and records the outcome
 * on the delivery (status, attempts, response code and body, error). A failure is tried again
 * after the notification's `retry_delay` seconds until it has had `retry_count` retries, with
 * `next_retry` shown meanwhile; then the delivery has failed. A notification deleted or turned
 * off since is not sent.
 */
export async function attemptNotification(ctx: AppContext, deliveryId: string, attempt: number, schedule: ScheduleAttempt): Promise<void> {
  const delivery = await notificationsRepo.claimAttempt(ctx.db, deliveryId, attempt, ATTEMPT_STALE_SECONDS);
  if (!delivery) return;
  const n = await notificationsRepo.find(ctx.db, delivery.notificationId);
  if (!n || !n.isActive) {
    await notificationsRepo.updateDelivery(ctx.db, deliveryId, { status: 'failed', nextRetry: null, errorMessage: 'The notification is turned off' });
    return;
  }
  const message = (delivery.payload as { message: ComposedMessage }).message;
  const outcome = await send(ctx, message, { ownerId: n.userId, secret: n.secretKey, messageId: deliveryMessageId(delivery.id) });
  const recorded = { responseCode: outcome.responseCode, responseBody: outcome.responseBody, errorMessage: outcome.error };
  if (outcome.ok) {
    await notificationsRepo.updateDelivery(ctx.db, deliveryId, { ...recorded, status: 'success', nextRetry: null });
    return;
  }
  if (attempt > n.retryCount) {
    await notificationsRepo.updateDelivery(ctx.db, deliveryId, { ...recorded, status: 'failed', nextRetry: null });
    return;
  }
  const delay = ctx.config.notificationRetryDelay ?? n.retryDelay;
  await notificationsRepo.updateDelivery(ctx.db, deliveryId, { ...recorded, nextRetry: new Date(Date.now() + delay * 1000) });
  await schedule(deliveryId, attempt + 1, delay);
}
