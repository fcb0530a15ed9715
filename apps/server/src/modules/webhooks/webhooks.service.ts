import { randomBytes } from 'node:crypto';
import {
  isScanEventType, WEBHOOK_MESSAGES, WEBHOOK_TEST_EVENT, type TWebhook, type TWebhookDeliveries, type TWebhookDelivery,
  type WebhookEventType, type WebhookIncludedField,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { isPublicEndpoint } from '../../platform/outbound-http.js';
import type { Principal } from '../../platform/principal.js';
import { getOwnedList } from '../mailing-lists/mailing-lists.service.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { successRate } from './success-rate.js';
import { newMessageId, startDispatch } from './webhooks.jobs.js';
import { webhooksRepo, type AttemptRow, type DeliveryRow, type WebhookRow } from './webhooks.repo.js';

/** A new Standard Webhooks signing secret: `whsec_` + base64 of 24 random bytes. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A list's webhook. An account's order webhooks have no list: they are managed on the public API (order-webhooks.service.ts). */
type ListWebhookRow = WebhookRow & { mailingListId: string };
const isListWebhook = (w: WebhookRow | undefined): w is ListWebhookRow => !!w?.mailingListId;

const present = (w: ListWebhookRow): TWebhook => ({
  id: w.id, name: w.name, endpoint_url: w.endpointUrl, event_types: w.eventTypes.filter(isScanEventType), included_fields: w.includedFields,
  is_active: w.isActive,
  success_rate: successRate(w),
  last_triggered: iso(w.lastTriggered), secret_key: w.secretKey, mailing_list_id: w.mailingListId, created_at: w.createdAt.toISOString(),
  disabled_reason: w.disabledReason,
});

const presentDelivery = (d: DeliveryRow): TWebhookDelivery => ({
  id: d.id, message_id: d.messageId, event_type: d.eventType, status: d.status, attempts: d.attempts, response_code: d.responseCode,
  response_excerpt: d.responseExcerpt, error_message: d.errorMessage, next_retry: iso(d.nextRetry), created_at: d.createdAt.toISOString(),
  last_attempt_at: iso(d.lastAttemptAt),
});

/** One attempt of the delivery log. */
const presentAttempt = (a: AttemptRow) => ({
  attempt: a.attempt, attempted_at: a.attemptedAt.toISOString(), response_code: a.responseCode, response_excerpt: a.responseExcerpt,
  error_message: a.errorMessage, duration_ms: a.durationMs,
});

async function ownedWebhook(ctx: AppContext, principal: Principal, id: string): Promise<ListWebhookRow> {
  const hook = await webhooksRepo.findOwned(ctx.db, principal.userId, id);
  if (!isListWebhook(hook)) throw notFound('Webhook');
  return hook;
}

/** GET /api/webhooks/{mailingListId} (docs/requirements/workflow.md#api): the list's webhooks, oldest first. Errors: NOT_FOUND (404). */
export async function listWebhooks(ctx: AppContext, principal: Principal, listId: string): Promise<TWebhook[]> {
  const list = await getOwnedList(ctx.db, principal, listId);
  return (await webhooksRepo.listForList(ctx.db, principal.userId, list.id)).filter(isListWebhook).map(present);
}

/**
 * POST /api/webhooks (docs/requirements/projects.md#data): a new active webhook with a fresh secret. Errors:
 * NOT_FOUND (404) for another user's list; PAYMENT_REQUIRED (402) 'You need to upgrade your plan
 * to save webhooks' without the `webhooks` feature (docs/requirements/plans-and-billing.md#plan-gating wording); VALIDATION (400) for a
 * private endpoint.
 */
export async function createWebhook(ctx: AppContext, principal: Principal, input: {
  name: string; endpoint_url: string; event_types: WebhookEventType[]; included_fields: WebhookIncludedField[]; mailing_list_id: string;
}): Promise<TWebhook> {
  const list = await getOwnedList(ctx.db, principal, input.mailing_list_id);
  await requireFeature(ctx.db, principal, 'webhooks', WEBHOOK_MESSAGES.upgrade);
  if (!isPublicEndpoint(input.endpoint_url, ctx.config.allowPrivateWebhooks)) throw new AppError('VALIDATION', WEBHOOK_MESSAGES.privateAddress);
  const hook = await webhooksRepo.create(ctx.db, {
    userId: principal.userId, mailingListId: list.id, name: input.name, endpointUrl: input.endpoint_url,
    eventTypes: [...new Set(input.event_types)], includedFields: [...new Set(input.included_fields)], secretKey: newSecret(),
  });
  return present({ ...hook, mailingListId: list.id });
}

/**
 * PATCH /api/webhooks/{id} `{ is_active }` (docs/requirements/workflow.md#workflow-order): on or off; turning on clears a disable
 * and the failure clock. Errors: NOT_FOUND (404).
 */
export async function setWebhookActive(ctx: AppContext, principal: Principal, input: { id: string; is_active: boolean }): Promise<TWebhook> {
  const hook = await ownedWebhook(ctx, principal, input.id);
  const isActive = input.is_active;
  return present({ ...(await webhooksRepo.update(ctx.db, hook.id, isActive ? { isActive, disabledReason: null, failingSince: null } : { isActive })), mailingListId: hook.mailingListId });
}

/** DELETE /api/webhooks/{id}: the webhook and its delivery log. */
export async function deleteWebhook(ctx: AppContext, principal: Principal, id: string): Promise<void> {
  const hook = await ownedWebhook(ctx, principal, id);
  await webhooksRepo.delete(ctx.db, hook.id);
}

/** POST /api/webhooks/{id}/rotate-secret: a new signing secret; the old one stops at once. */
export async function rotateSecret(ctx: AppContext, principal: Principal, id: string): Promise<TWebhook> {
  const hook = await ownedWebhook(ctx, principal, id);
  return present({ ...(await webhooksRepo.update(ctx.db, hook.id, { secretKey: newSecret() })), mailingListId: hook.mailingListId });
}

/**
 * POST /api/webhooks/{id}/test ('Send test event'): a `webhook.test` delivery with sample data,
 * due at once in the same signed, retried, fairly shared queue as scans.
 */
export async function sendTestEvent(ctx: AppContext, principal: Principal, id: string): Promise<TWebhookDelivery> {
  const hook = await ownedWebhook(ctx, principal, id);
  const list = await getOwnedList(ctx.db, principal, hook.mailingListId);
  const now = new Date().toISOString();
  const [delivery] = await webhooksRepo.insertDeliveries(ctx.db, [{
    webhookId: hook.id, userId: hook.userId, messageId: newMessageId(), eventType: WEBHOOK_TEST_EVENT,
    payload: {
      type: WEBHOOK_TEST_EVENT, timestamp: now,
      data: {
        scan_id: 'test', mailing_list: { id: list.id, name: list.name }, record_id: 'test', short_link: `${ctx.config.publicUrl}/TestCode00`,
        scan_count: 1, scan_timestamp: now, contact: { first_name: 'Test', last_name: 'Recipient' },
      },
    },
  }]);
  await startDispatch(ctx);
  return presentDelivery(delivery);
}

/** GET /api/webhooks/{id}/deliveries?page&limit: the delivery log, newest first, `limit` a page. Errors: NOT_FOUND (404). */
export async function listDeliveries(ctx: AppContext, principal: Principal, page: { id: string; page: number; limit: number }): Promise<TWebhookDeliveries> {
  const hook = await ownedWebhook(ctx, principal, page.id);
  const { rows, total } = await webhooksRepo.deliveries(ctx.db, hook.id, (page.page - 1) * page.limit, page.limit);
  return { deliveries: rows.map(presentDelivery), total };
}

/** GET /api/webhooks/{id}/deliveries/{deliveryId}/attempts: every attempt of one delivery. Errors: NOT_FOUND (404). */
export async function listAttempts(ctx: AppContext, principal: Principal, input: { id: string; deliveryId: string }) {
  const hook = await ownedWebhook(ctx, principal, input.id);
  const delivery = await webhooksRepo.findDelivery(ctx.db, hook.id, input.deliveryId);
  if (!delivery) throw notFound('Delivery');
  return (await webhooksRepo.attempts(ctx.db, delivery.id)).map(presentAttempt);
}

/**
 * POST /api/webhooks/{id}/deliveries/{deliveryId}/resend: sends a finished delivery again, same
 * message id (so the receiver can tell it is the same event). Errors: NOT_FOUND (404); CONFLICT
 * (409) while it is still pending.
 */
export async function resendDelivery(ctx: AppContext, principal: Principal, input: { id: string; deliveryId: string }): Promise<TWebhookDelivery> {
  const hook = await ownedWebhook(ctx, principal, input.id);
  if (!(await webhooksRepo.findDelivery(ctx.db, hook.id, input.deliveryId))) throw notFound('Delivery');
  const reopened = await webhooksRepo.reopen(ctx.db, input.deliveryId);
  if (!reopened) throw new AppError('CONFLICT', 'This delivery is still being attempted');
  await startDispatch(ctx);
  return presentDelivery(reopened);
}
