import { NOTIFICATION_MESSAGES } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { smtpResponseCode } from '../../platform/mailer.js';
import { postSignedWebhook } from '../../platform/signed-webhook.js';
import type { ComposedMessage } from './notification-message.js';
import { notificationsRepo, type NotificationDeliveryRow, type NotificationRow } from './notifications.repo.js';

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
 * One attempt of a notification delivery (docs/requirements/qr-codes.md#rules), on a delivery the dispatcher has
 * leased — its `attempts` is this attempt's number: sends the stored message — SMS and email
 * through the mailer, webhooks signed (Standard Webhooks) through the SSRF-guarded client — and
 * records the outcome on the delivery (status, attempts, response code and body, error). A failure
 * falls due again `retry_delay` seconds after it until it has had `retry_count`
 * retries, with `next_retry` shown meanwhile; then the delivery has failed. A notification deleted
 * or turned off since is not sent. `planAllows` is whether the owner's plan has `notifications`
 * now: without it the delivery ends unsent, its history saying so (NOTIFICATION_MESSAGES.notSentPlan),
 * its `attempts` the sends made before (docs/requirements/notifications.md#plan-gating). Throws only
 * when the database fails (the lease then runs out and the attempt is made again).
 */
export async function attemptNotification(ctx: AppContext, delivery: NotificationDeliveryRow, n: NotificationRow | undefined, planAllows: boolean): Promise<void> {
  const attempt = delivery.attempts;
  const finish = (values: Parameters<typeof notificationsRepo.finishAttempt>[3], retryInSeconds?: number) =>
    notificationsRepo.finishAttempt(ctx.db, delivery.id, attempt, values, retryInSeconds);
  if (!n || !n.isActive) {
    await finish({ status: 'failed', errorMessage: 'The notification is turned off' });
    return;
  }
  if (!planAllows) {
    // Nothing was sent: the claim counted this attempt, so take it back.
    await finish({ status: 'failed', errorMessage: NOTIFICATION_MESSAGES.notSentPlan, attempts: attempt - 1 });
    return;
  }
  const message = (delivery.payload as { message: ComposedMessage }).message;
  const outcome = await send(ctx, message, { ownerId: n.userId, secret: n.secretKey, messageId: deliveryMessageId(delivery.id) });
  const recorded = { responseCode: outcome.responseCode, responseBody: outcome.responseBody, errorMessage: outcome.error };
  if (outcome.ok) {
    await finish({ ...recorded, status: 'success' });
    return;
  }
  if (attempt > n.retryCount) {
    await finish({ ...recorded, status: 'failed' });
    return;
  }
  await finish(recorded, ctx.config.notificationRetryDelay ?? n.retryDelay);
}
