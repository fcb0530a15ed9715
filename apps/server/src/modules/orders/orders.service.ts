import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ORDER_MESSAGES as M, parseReinforcementId, reinforcementId, withDerivedFields, type TOrder } from '@mailcraft/shared';
import type { ZMailingOrderSchema, ZReinforcementOrderSchema } from '@mailcraft/shared';
import { defineJob } from '../../jobs/job.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { getListMappings } from '../column-mappings/column-mappings.service.js';
import { getReinforcement } from '../designs/reinforcements.service.js';
import { findRecord, getOwnedList } from '../mailing-lists/mailing-lists.service.js';
import { renderSinglePiece } from '../print/print.service.js';
import { getOwnedProject } from '../projects/projects.service.js';
import { currentPieceCents } from '../subscriptions/subscriptions.service.js';
import { ensureShortLinkFor, recordFields } from '../qr-codes/qr-codes.service.js';
import { ordersRepo, type OrderRow } from './orders.repo.js';

/** Storage key of an order's one-piece print file. */
export const orderFileKey = (id: string) => `orders/${id}.pdf`;

const present = (o: OrderRow): TOrder => ({
  id: o.id, order_type: o.orderType, delivery_type: o.deliveryType as TOrder['delivery_type'], format: o.format as TOrder['format'],
  template_id: o.templateId, mailing_list_id: o.mailingListId, recipient_id: o.recipientId, reinforcement_id: o.reinforcementId,
  additional_reinforcements: o.additionalReinforcements,
  status: o.status, cost: o.costCents / 100, currency: 'USD', test: o.test, message: o.message,
  file_url: o.fileKey ? `/api/orders/${o.id}/file` : null, created_at: o.createdAt.toISOString(),
});

/** The recipient part of an order: an existing record of the list, or fields sent with it. */
type OrderTarget = { mailingListId: string; recipientId?: string; recipientData?: Record<string, string>; deliveryType: TOrder['delivery_type']; format: TOrder['format'] };

/**
 * Places one order (spec 002 §3, §7) for `project`: the recipient (an existing record of the list —
 * its mapped fields and its own tracked short link — or `recipientData`, full name and last line
 * derived when absent, no QR link), status 'pending', cost from the price table; the
 * 'orders.render' job renders its print file. Test keys' orders are stored and rendered, never
 * printed or charged. Errors: NOT_FOUND (list, recipient); VALIDATION (a format that does not fit
 * the template, spec 002 §5).
 */
async function placeOrder(
  ctx: AppContext, principal: Principal, project: { id: string; templateType: string }, input: OrderTarget,
  what: { orderType: 'mailing' | 'reinforcement'; templateId: string; reinforcementId?: string; additional?: string[] },
): Promise<TOrder> {
  const selfMailer = project.templateType === 'self_mailer';
  if (selfMailer === (input.format === 'postcard')) throw new AppError('VALIDATION', M.formatMismatch);
  const list = await getOwnedList(ctx.db, principal, input.mailingListId);
  let recipient: Record<string, string>;
  let qrUrl = '';
  if (input.recipientId) {
    const record = await findRecord(ctx.db, list, input.recipientId);
    if (!record) throw notFound('Recipient');
    const { mappings, fieldSettings } = await getListMappings(ctx.db, principal, list.id);
    recipient = recordFields({ recordId: record.id, headers: list.headers, values: record.values, mappings, fieldSettings });
    qrUrl = await ensureShortLinkFor(ctx, list.id, record.id);
  } else {
    recipient = withDerivedFields({ ...input.recipientData! });
  }
  const test = principal.apiKey?.mode === 'test';
  const order = await ordersRepo.create(ctx.db, {
    id: randomUUID(), userId: principal.userId, apiKeyId: principal.apiKey?.id ?? null, test, orderType: what.orderType, deliveryType: input.deliveryType,
    format: input.format, projectId: project.id, templateId: what.templateId, mailingListId: list.id, recipientId: input.recipientId ?? null,
    reinforcementId: what.reinforcementId ?? null, additionalReinforcements: what.additional ?? [],
    recipient, qrUrl, costCents: await currentPieceCents(ctx.db, what.orderType), message: test ? 'Test order received: it is never printed or charged' : 'Order received',
  });
  await ctx.queue.send(orderRenderJob, { orderId: order.id });
  return present(order);
}

/**
 * POST /api/orders/mailing (spec 002 §3, §7): one personalised piece of the project's main design
 * ('{projectId}-main'). Errors: NOT_FOUND (project, list, recipient); VALIDATION (format).
 */
export async function createMailingOrder(ctx: AppContext, principal: Principal, input: z.output<typeof ZMailingOrderSchema>): Promise<TOrder> {
  const project = await getOwnedProject(ctx.db, principal, input.templateId.slice(0, 36));
  return placeOrder(ctx, principal, project, input, { orderType: 'mailing', templateId: input.templateId });
}

/**
 * POST /api/orders/reinforcement (spec 002 §3, §7): one piece of a reinforcement's one-page design
 * ('{projectId}-rN') for the recipient; `additionalReinforcements` (the others ordered with it,
 * each its own order) are recorded to link them and must be the same project's.
 * Errors: NOT_FOUND (project, reinforcement, list, recipient); VALIDATION (format, another project's reinforcement).
 */
export async function createReinforcementOrder(ctx: AppContext, principal: Principal, input: z.output<typeof ZReinforcementOrderSchema>): Promise<TOrder> {
  const target = parseReinforcementId(input.reinforcementId)!;
  const project = await getOwnedProject(ctx.db, principal, target.projectId);
  await getReinforcement(ctx.db, project, target.slot);
  const additional = [...new Set(input.additionalReinforcements.map((id) => id.toLowerCase()))].filter((id) => id !== input.reinforcementId.toLowerCase());
  if (additional.some((id) => parseReinforcementId(id)?.projectId !== project.id)) {
    throw new AppError('VALIDATION', 'additionalReinforcements must be reinforcements of the same project');
  }
  const id = reinforcementId(project.id, target.slot);
  return placeOrder(ctx, principal, project, input, { orderType: 'reinforcement', templateId: id, reinforcementId: id, additional });
}

/** GET /api/orders (spec 002 §7): the principal's orders, newest first. */
export async function listOrders(ctx: AppContext, principal: Principal, page: { limit: number; offset: number }): Promise<TOrder[]> {
  return (await ordersRepo.list(ctx.db, principal.userId, page.limit, page.offset)).map((o) => present(o));
}

async function owned(ctx: AppContext, principal: Principal, id: string): Promise<OrderRow> {
  const row = await ordersRepo.owned(ctx.db, principal.userId, id);
  if (!row) throw notFound('Order');
  return row;
}

/** GET /api/orders/{id}. Errors: NOT_FOUND. */
export async function getOrder(ctx: AppContext, principal: Principal, id: string): Promise<TOrder> {
  return present(await owned(ctx, principal, id));
}

/** POST /api/orders/{id}/cancel: while pending or rendered. Errors: NOT_FOUND; CONFLICT 'Only pending or rendered orders can be cancelled'. */
export async function cancelOrder(ctx: AppContext, principal: Principal, id: string): Promise<TOrder> {
  const row = await owned(ctx, principal, id);
  const done = await ordersRepo.advance(ctx.db, row.id, ['pending', 'rendered'], { status: 'cancelled', message: 'Cancelled' });
  if (!done) throw new AppError('CONFLICT', M.notCancellable);
  return present(done);
}

/** GET /api/orders/{id}/file: the order's print file. Errors: NOT_FOUND; CONFLICT until it is rendered. */
export async function orderFile(ctx: AppContext, principal: Principal, id: string): Promise<Buffer> {
  const row = await owned(ctx, principal, id);
  if (!row.fileKey) throw new AppError('CONFLICT', M.notRendered);
  return ctx.storage.get(row.fileKey);
}

/** Renders a pending order's piece, stores it and marks it rendered; a render error marks it failed with the reason. */
export async function renderOrder(ctx: AppContext, orderId: string): Promise<void> {
  const order = await ordersRepo.byId(ctx.db, orderId);
  if (!order || order.status !== 'pending' || !order.projectId) return;
  const owner: Principal = { userId: order.userId, isAdmin: false, via: 'job', scopes: [] };
  try {
    const slot = order.reinforcementId ? parseReinforcementId(order.reinforcementId)?.slot : undefined;
    const pdf = await renderSinglePiece(ctx, owner, order.projectId, order.recipient, order.qrUrl ?? '', slot);
    await ctx.storage.put(orderFileKey(order.id), Buffer.from(pdf));
    await ordersRepo.advance(ctx.db, order.id, ['pending'], {
      status: 'rendered', fileKey: orderFileKey(order.id), message: order.test ? 'Test order rendered: it is never printed or charged' : 'Print file ready',
    });
  } catch (err) {
    const message = err instanceof AppError ? err.message : `Rendering failed: ${err instanceof Error ? err.message : String(err)}`;
    await ordersRepo.advance(ctx.db, order.id, ['pending'], { status: 'failed', message });
  }
}

/** 'orders.render' `{ orderId }`: renders one order's print file (failures are recorded on the order). */
export const orderRenderJob = defineJob({
  id: 'orders.render',
  payload: z.object({ orderId: z.uuid().describe('The order') }),
  handler: (p, ctx) => renderOrder(ctx, p.orderId),
  retry: { limit: 2, delaySeconds: 10, backoff: true },
  expireInSeconds: 600,
});

