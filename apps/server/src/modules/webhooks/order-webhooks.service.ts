import { randomBytes } from 'node:crypto';
import { isOrderWebhookEventType, WEBHOOK_MESSAGES, type OrderWebhookEventType, type TOrderWebhook } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { isPublicEndpoint } from '../../platform/outbound-http.js';
import type { Principal } from '../../platform/principal.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { orderWebhooksRepo } from './order-webhooks.repo.js';
import type { WebhookRow } from './webhooks.repo.js';

/** Whether the principal acts in test mode: its order webhooks receive test orders' events only. */
const testMode = (principal: Principal) => principal.apiKey?.mode === 'test';

const present = (w: WebhookRow): TOrderWebhook => ({
  id: w.id, name: w.name, endpoint_url: w.endpointUrl, event_types: w.eventTypes.filter(isOrderWebhookEventType), test: w.test,
  is_active: w.isActive, secret_key: w.secretKey, disabled_reason: w.disabledReason, created_at: w.createdAt.toISOString(),
});

/** GET /api/webhooks (Print-on-Demand API): the account's order webhooks of the key's mode, oldest first. */
export async function listOrderWebhooks(ctx: AppContext, principal: Principal): Promise<TOrderWebhook[]> {
  return (await orderWebhooksRepo.list(ctx.db, principal.userId, testMode(principal))).map(present);
}

/**
 * POST /api/webhooks (Print-on-Demand API): a new order webhook with a fresh Standard Webhooks
 * secret, for the order events — and, when it names them, the delivery events of the orders' pieces
 * (docs/requirements/mail-tracking.md#delivery-events) — of the key's mode (a test key's receives test orders' events
 * only). Errors: PAYMENT_REQUIRED (402) without the plan's `webhooks` ('You need to upgrade your
 * plan to save webhooks'); VALIDATION (400) for an endpoint on a private, loopback or link-local
 * address (unless ALLOW_PRIVATE_WEBHOOKS).
 */
export async function createOrderWebhook(
  ctx: AppContext, principal: Principal, input: { name: string; endpoint_url: string; event_types: OrderWebhookEventType[] },
): Promise<TOrderWebhook> {
  await requireFeature(ctx.db, principal, 'webhooks', WEBHOOK_MESSAGES.upgrade);
  if (!isPublicEndpoint(input.endpoint_url, ctx.config.allowPrivateWebhooks)) throw new AppError('VALIDATION', WEBHOOK_MESSAGES.privateAddress);
  return present(await orderWebhooksRepo.create(ctx.db, {
    userId: principal.userId, name: input.name, endpointUrl: input.endpoint_url, eventTypes: [...new Set(input.event_types)],
    test: testMode(principal), secretKey: `whsec_${randomBytes(24).toString('base64')}`,
  }));
}

/** DELETE /api/webhooks/{id} (Print-on-Demand API): the order webhook and its deliveries. Errors: NOT_FOUND (another mode's too). */
export async function deleteOrderWebhook(ctx: AppContext, principal: Principal, id: string): Promise<void> {
  const hook = await orderWebhooksRepo.owned(ctx.db, principal.userId, testMode(principal), id);
  if (!hook) throw notFound('Webhook');
  await orderWebhooksRepo.delete(ctx.db, hook.id);
}
