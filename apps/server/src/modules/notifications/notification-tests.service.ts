import { DEFAULT_EMAIL_SUBJECT, DEFAULT_EMAIL_TEMPLATE, DEFAULT_SMS_TEMPLATE, NOTIFICATION_MESSAGES as M, notificationUpgradeMessage,
  splitRecipients, WEBHOOK_MESSAGES, type NotificationType,
} from '@mailcraft/shared';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { ZEmailTestSchema, ZNotificationTestResultSchema, ZSmsTestSchema, ZWebhookNotificationTestSchema } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { isPublicEndpoint } from '../../platform/outbound-http.js';
import type { Principal } from '../../platform/principal.js';
import { postSignedWebhook } from '../../platform/signed-webhook.js';
import { getAccount } from '../account/account.service.js';
import { getListMappings } from '../column-mappings/column-mappings.service.js';
import { getOwnedList, recordBatches } from '../mailing-lists/mailing-lists.service.js';
import { recordFields } from '../qr-codes/destination.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { composeScanMessage } from './notification-message.js';
import { sampleVariables } from './notification-template.js';
import { notificationsRepo, type NotificationRow } from './notifications.repo.js';

type Result = z.infer<typeof ZNotificationTestResultSchema>;

/** Test sends need the plan feature, like saving: they send real messages. */
const requireTests = (ctx: AppContext, principal: Principal, type: NotificationType) =>
  requireFeature(ctx.db, principal, 'notifications', notificationUpgradeMessage(type));

/** A phone number as compared: its digits only. */
const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

/**
 * Where a test send may go: a test is a real message from MAIL_FROM that anyone on a paid plan can
 * trigger, so it goes only to the account's own email and to the email addresses and phone
 * numbers already saved in the account's notifications — where its scans would send anyway.
 * Emails compare without case, phone numbers by their digits. Throws FORBIDDEN (403)
 * `testRecipientRefused`, naming the refused addresses, when any is neither.
 */
async function checkTestRecipients(ctx: AppContext, principal: Principal, to: { emails?: string[]; phone?: string }): Promise<void> {
  const saved = await notificationsRepo.savedAddresses(ctx.db, principal.userId);
  const emails = new Set([(await getAccount(ctx, principal)).email.toLowerCase()]);
  const phones = new Set<string>();
  for (const n of saved) {
    for (const address of splitRecipients(n.emailRecipients ?? '')) emails.add(address.toLowerCase());
    if (n.phoneNumber) phones.add(phoneDigits(n.phoneNumber));
  }
  const refused = [
    ...(to.emails ?? []).filter((address) => !emails.has(address.toLowerCase())),
    ...(to.phone !== undefined && !phones.has(phoneDigits(to.phone)) ? [to.phone] : []),
  ];
  if (refused.length) throw new AppError('FORBIDDEN', `${M.testRecipientRefused}: not ${refused.join(', ')}.`);
}

/** A notification row for composing a test message (nothing is stored). */
const draft = (principal: Principal, values: Partial<NotificationRow>): NotificationRow => ({
  id: 'test', userId: principal.userId, projectId: null, mailingListId: '', type: 'sms', name: 'Test', events: ['scan'], phoneNumber: null, carrierId: null,
  smsTemplate: null, emailRecipients: null, subject: null, emailTemplate: null, endpointUrl: null, secretKey: null, variableMapping: null,
  scheduleType: 'immediate', scheduleTime: null, scheduleDay: null, timezone: 'UTC', isActive: true, sendFirstScanOnly: false,
  retryCount: 0, retryDelay: 60, createdAt: new Date(), updatedAt: new Date(), ...values,
});

/** Sends a test mail; an SMTP refusal is a 502 with the server's answer. */
async function sendMail(ctx: AppContext, principal: Principal, m: { to: string[]; subject: string; text: string; html?: string }, failed: string) {
  try {
    await ctx.mailer.send({ ...m, ownerId: principal.userId });
  } catch (err) {
    throw new AppError('BAD_GATEWAY', `${failed}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500));
  }
}

/**
 * The variables of a live preview (docs/requirements/maps.md#api `isLivePreview`): the list's first record through
 * its mappings, with sample scan values; sample values for every field otherwise.
 * Errors: NOT_FOUND when the list is not the principal's.
 */
async function previewVariables(ctx: AppContext, principal: Principal, listId: string | undefined, zone: string): Promise<Record<string, string>> {
  const sample = sampleVariables(zone);
  if (!listId) return sample;
  const list = await getOwnedList(ctx.db, principal, listId);
  const { mappings, fieldSettings } = await getListMappings(ctx, principal, list.id);
  for await (const batch of recordBatches(ctx.db, list, 1, 1)) {
    const [first] = batch;
    if (first) return { ...sample, ...recordFields({ recordId: first.id, headers: list.headers, values: first.values, mappings, fieldSettings }), list_name: list.name };
  }
  return { ...sample, list_name: list.name };
}

/**
 * POST /api/notifications/sms/test (docs/requirements/qr-codes.md#rules): renders `content` (default template) with
 * the list's first record (`isLivePreview`) or sample values, cut at a word to 160 characters,
 * and sends it to the phone's gateway address. Errors: VALIDATION ('Phone number and carrier are
 * required', unknown or retired carrier), PAYMENT_REQUIRED, FORBIDDEN for a number not saved in one
 * of the account's notifications (`checkTestRecipients`), BAD_GATEWAY when the mail server refuses.
 */
export async function sendTestSms(ctx: AppContext, principal: Principal, body: z.output<typeof ZSmsTestSchema>): Promise<Result> {
  await requireTests(ctx, principal, 'sms');
  const carrier = await notificationsRepo.carrier(ctx.db, body.carrierId);
  if (!carrier) throw new AppError('VALIDATION', M.carrierUnknown);
  if (carrier.retired) throw new AppError('VALIDATION', M.carrierRetired);
  if (body.phoneNumber.replace(/\D/g, '').length < 10) throw new AppError('VALIDATION', 'Enter the phone number with its area code (10 digits)');
  await checkTestRecipients(ctx, principal, { phone: body.phoneNumber });
  const vars = await previewVariables(ctx, principal, body.isLivePreview ? body.listId : undefined, 'UTC');
  const message = await composeScanMessage(draft(principal, { phoneNumber: body.phoneNumber, carrierId: carrier.id, smsTemplate: body.content || DEFAULT_SMS_TEMPLATE }), carrier, vars);
  if (message.channel !== 'mail') throw new Error('unreachable');
  await sendMail(ctx, principal, message, M.testSmsFailed);
  return { message: M.smsTested, to: message.to, rendered: message.text, outbox: ctx.mailer.kind === 'outbox' };
}

/**
 * POST /api/notifications/email/test (docs/requirements/qr-codes.md#rules): subject and body rendered with sample
 * values, sent with plain-text and (sanitised) HTML parts to the recipients. Errors: VALIDATION ('At
 * least one valid recipient email is required', a template that cannot be read), PAYMENT_REQUIRED,
 * FORBIDDEN for a recipient that is neither the account's email nor saved in one of its
 * notifications (`checkTestRecipients`), BAD_GATEWAY.
 */
export async function sendTestEmail(ctx: AppContext, principal: Principal, body: z.output<typeof ZEmailTestSchema>): Promise<Result> {
  await requireTests(ctx, principal, 'email');
  const recipients = splitRecipients(body.recipients);
  await checkTestRecipients(ctx, principal, { emails: recipients });
  const message = await composeScanMessage(draft(principal, {
    type: 'email', emailRecipients: recipients.join(', '), subject: body.subject || DEFAULT_EMAIL_SUBJECT, emailTemplate: body.content || DEFAULT_EMAIL_TEMPLATE,
  }), undefined, sampleVariables('UTC'));
  if (message.channel !== 'mail') throw new Error('unreachable');
  await sendMail(ctx, principal, message, M.testEmailFailed);
  return { message: M.emailTested, to: message.to, rendered: message.subject, outbox: ctx.mailer.kind === 'outbox' };
}

/**
 * POST /api/notifications/webhook/test (docs/requirements/qr-codes.md#rules): POSTs a signed `notification.test`
 * body with `mailingListFields` and `scanData` to the composed URL, through the same guarded and
 * signed path as real deliveries (the secret of the notification under test, or a throwaway one).
 * Errors: VALIDATION ('A composed webhook URL is required', not http(s), a private address),
 * PAYMENT_REQUIRED, BAD_GATEWAY with the endpoint's answer or the network error.
 */
export async function sendTestWebhook(ctx: AppContext, principal: Principal, body: z.output<typeof ZWebhookNotificationTestSchema>): Promise<Result> {
  await requireTests(ctx, principal, 'webhook');
  let url: URL;
  try {
    url = new URL(body.endpointUrl);
  } catch {
    throw new AppError('VALIDATION', WEBHOOK_MESSAGES.urlInvalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('VALIDATION', WEBHOOK_MESSAGES.urlInvalid);
  if (!isPublicEndpoint(url.href, ctx.config.allowPrivateWebhooks)) throw new AppError('VALIDATION', WEBHOOK_MESSAGES.privateAddress);
  const payload = JSON.stringify({
    type: 'notification.test', timestamp: new Date().toISOString(), data: { ...body.mailingListFields, ...body.scanData },
  });
  const secret = body.secretKey?.startsWith('whsec_') ? body.secretKey : `whsec_${randomBytes(24).toString('base64')}`;
  const sent = await postSignedWebhook(
    { url: url.href, secret, messageId: `msg_test_${randomBytes(12).toString('hex')}`, body: payload },
    { allowPrivate: ctx.config.allowPrivateWebhooks },
  );
  if (sent.error) throw new AppError('BAD_GATEWAY', `${M.testWebhookFailed}: ${sent.error}`);
  return { message: M.webhookTested, to: [url.href], rendered: payload, outbox: false };
}
