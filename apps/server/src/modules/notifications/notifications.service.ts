import { randomBytes } from 'node:crypto';
import {
  DEFAULT_EMAIL_SUBJECT, DEFAULT_EMAIL_TEMPLATE, DEFAULT_MAIL_EMAIL_SUBJECT, DEFAULT_MAIL_EMAIL_TEMPLATE, DEFAULT_MAIL_SMS_TEMPLATE,
  DEFAULT_SMS_TEMPLATE, NOTIFICATION_DELIVERY_STATUSES, NOTIFICATION_MESSAGES as M,
  WEBHOOK_MESSAGES, notificationUpgradeMessage, splitRecipients,
  type TNotification, type TNotificationDelivery,
} from '@mailcraft/shared';
import type { ZNotificationInputSchema } from '@mailcraft/shared';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { isPublicEndpoint } from '../../platform/outbound-http.js';
import type { Principal } from '../../platform/principal.js';
import { getOwnedList } from '../mailing-lists/mailing-lists.service.js';
import { getOwnedProject } from '../projects/projects.service.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { checkTemplate } from './notification-template.js';
import { notificationsRepo, type NotificationDeliveryRow, type NotificationRow } from './notifications.repo.js';

type Input = z.output<typeof ZNotificationInputSchema>;

/** Deliveries the history shows, newest first. */
const HISTORY_LIMIT = 200;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A new Standard Webhooks signing secret: `whsec_` + base64 of 24 random bytes. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

const present = (n: NotificationRow): TNotification => ({
  id: n.id, type: n.type, name: n.name, project_id: n.projectId, mailing_list_id: n.mailingListId, events: n.events,
  phone_number: n.phoneNumber, carrier_id: n.carrierId, sms_template: n.smsTemplate,
  email_recipients: n.emailRecipients, subject: n.subject, email_template: n.emailTemplate,
  endpoint_url: n.endpointUrl, secret_key: n.secretKey, variable_mapping: n.variableMapping ?? null,
  schedule_type: n.scheduleType, schedule_time: n.scheduleTime, schedule_day: n.scheduleDay, timezone: n.timezone,
  is_active: n.isActive, send_first_scan_only: n.sendFirstScanOnly, retry_count: n.retryCount, retry_delay: n.retryDelay,
  created_at: n.createdAt.toISOString(),
});

/** A delivery as the history shows it (docs/requirements/notifications.md#delivery-history-entry history entry). */
export const presentDelivery = (d: NotificationDeliveryRow): TNotificationDelivery => ({
  id: d.id,
  status: (NOTIFICATION_DELIVERY_STATUSES as readonly string[]).includes(d.status) ? d.status : 'other',
  created_at: d.createdAt.toISOString(), scan_timestamp: iso(d.scanTimestamp), city: d.city, country: d.country,
  response_code: d.responseCode, response_body: d.responseBody ?? null, attempts: d.attempts, next_retry: iso(d.nextRetry),
  error_message: d.errorMessage,
});

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

async function ownedNotification(ctx: AppContext, principal: Principal, id: string): Promise<NotificationRow> {
  const row = await notificationsRepo.findOwned(ctx.db, principal.userId, id);
  if (!row) throw notFound('Notification');
  return row;
}

/**
 * The stored columns of a valid input (docs/requirements/maps.md#data): the list and project are the user's, the
 * carrier exists and still delivers, the phone has 10–15 digits, recipients are addresses, the
 * endpoint is an http(s) URL to a public host, the time zone exists, templates are valid Liquid;
 * the other type's fields are cleared. Blank templates get the scan defaults, or the delivery defaults for a
 * notification that reports delivery events only (docs/requirements/mail-tracking.md#delivery-events).
 * Errors: NOT_FOUND (list, project), VALIDATION (400) with the spec's messages.
 */
async function columns(ctx: AppContext, principal: Principal, v: Input) {
  const list = await getOwnedList(ctx.db, principal, v.mailing_list_id);
  const project = await getOwnedProject(ctx.db, principal, v.project_id);
  if (!isTimeZone(v.timezone)) throw new AppError('VALIDATION', M.timezone);
  const events = [...new Set(v.events)];
  const scans = events.includes('scan');
  const common = {
    userId: principal.userId, projectId: project.id, mailingListId: list.id, type: v.type, name: v.name, events,
    scheduleType: v.schedule_type,
    scheduleTime: v.schedule_type === 'immediate' ? null : v.schedule_time ?? null,
    scheduleDay: v.schedule_type === 'weekly' || v.schedule_type === 'monthly' ? v.schedule_day ?? null : null,
    timezone: v.timezone, isActive: v.is_active, sendFirstScanOnly: v.send_first_scan_only,
    retryCount: v.retry_count, retryDelay: v.retry_delay,
    phoneNumber: null, carrierId: null, smsTemplate: null, emailRecipients: null, subject: null, emailTemplate: null,
    endpointUrl: null, variableMapping: null,
  };
  if (v.type === 'sms') {
    const carrier = await notificationsRepo.carrier(ctx.db, v.carrier_id ?? '');
    if (!carrier) throw new AppError('VALIDATION', M.carrierUnknown);
    if (carrier.retired) throw new AppError('VALIDATION', M.carrierRetired);
    const digits = (v.phone_number ?? '').replace(/\D/g, '');
    if (digits.length < 10 || digits.length > 15) throw new AppError('VALIDATION', 'Enter the phone number with its area code (10 digits)');
    const smsTemplate = v.sms_template?.trim() || (scans ? DEFAULT_SMS_TEMPLATE : DEFAULT_MAIL_SMS_TEMPLATE);
    checkTemplate(smsTemplate);
    return { ...common, phoneNumber: v.phone_number!, carrierId: carrier.id, smsTemplate };
  }
  if (v.type === 'email') {
    const subject = v.subject?.trim() || (scans ? DEFAULT_EMAIL_SUBJECT : DEFAULT_MAIL_EMAIL_SUBJECT);
    const emailTemplate = v.email_template?.trim() || (scans ? DEFAULT_EMAIL_TEMPLATE : DEFAULT_MAIL_EMAIL_TEMPLATE);
    checkTemplate(subject);
    checkTemplate(emailTemplate);
    return { ...common, emailRecipients: splitRecipients(v.email_recipients ?? '').join(', '), subject, emailTemplate };
  }
  let url: URL;
  try {
    url = new URL(v.endpoint_url ?? '');
  } catch {
    throw new AppError('VALIDATION', WEBHOOK_MESSAGES.urlInvalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('VALIDATION', WEBHOOK_MESSAGES.urlInvalid);
  if (!isPublicEndpoint(url.href, ctx.config.allowPrivateWebhooks)) throw new AppError('VALIDATION', WEBHOOK_MESSAGES.privateAddress);
  return {
    ...common,
    endpointUrl: url.href,
    variableMapping: v.variable_mapping ?? { selectedFields: [], variables: [], staticParams: [] },
  };
}

/**
 * GET /api/notifications?project&listId (docs/requirements/maps.md#api): the user's notifications, oldest first,
 * of a project and/or list when given. Errors: NOT_FOUND when the list or project is not theirs.
 */
export async function listNotifications(ctx: AppContext, principal: Principal, q: { project?: string; listId?: string }): Promise<TNotification[]> {
  if (q.listId) await getOwnedList(ctx.db, principal, q.listId);
  if (q.project) await getOwnedProject(ctx.db, principal, q.project);
  return (await notificationsRepo.listOwned(ctx.db, principal.userId, { projectId: q.project, listId: q.listId })).map(present);
}

/** GET /api/notifications/{id}. Errors: NOT_FOUND. */
export async function getNotification(ctx: AppContext, principal: Principal, id: string): Promise<TNotification> {
  return present(await ownedNotification(ctx, principal, id));
}

/**
 * POST /api/notifications (docs/requirements/maps.md#api): a new notification; a webhook one gets a signing
 * secret. Errors: PAYMENT_REQUIRED (402, 'You need to upgrade your plan to save SMS
 * notifications', docs/requirements/plans-and-billing.md#plan-gating), VALIDATION (400), NOT_FOUND.
 */
export async function createNotification(ctx: AppContext, principal: Principal, input: Input): Promise<TNotification> {
  const values = await columns(ctx, principal, input);
  await requireFeature(ctx.db, principal, 'notifications', notificationUpgradeMessage(input.type));
  return present(await notificationsRepo.create(ctx.db, { ...values, secretKey: input.type === 'webhook' ? newSecret() : null }));
}

/**
 * PUT /api/notifications/{id} (the update the spec leaves open, docs/requirements/notifications.md#notifications): replaces the
 * settings of notification `input.id` with the rest of `input`, keeping its id, type, secret and history. Errors as
 * create, plus VALIDATION when the type differs.
 */
export async function updateNotification(ctx: AppContext, principal: Principal, input: Input & { id: string }): Promise<TNotification> {
  const row = await ownedNotification(ctx, principal, input.id);
  if (input.type !== row.type) throw new AppError('VALIDATION', 'The type of a notification cannot change; create a new one');
  const values = await columns(ctx, principal, input);
  await requireFeature(ctx.db, principal, 'notifications', notificationUpgradeMessage(input.type));
  return present(await notificationsRepo.update(ctx.db, row.id, { ...values, secretKey: row.secretKey }));
}

/** DELETE /api/notifications/{id}: the notification and its history. Errors: NOT_FOUND. */
export async function deleteNotification(ctx: AppContext, principal: Principal, id: string): Promise<void> {
  const row = await ownedNotification(ctx, principal, id);
  await notificationsRepo.delete(ctx.db, row.id);
}

/** GET /api/notifications/{id}/history (docs/requirements/maps.md#api): the latest 200 deliveries, newest first. Errors: NOT_FOUND. */
export async function notificationHistory(ctx: AppContext, principal: Principal, id: string): Promise<TNotificationDelivery[]> {
  const row = await ownedNotification(ctx, principal, id);
  return (await notificationsRepo.deliveries(ctx.db, row.id, HISTORY_LIMIT)).map(presentDelivery);
}
