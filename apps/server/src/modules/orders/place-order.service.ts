import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  ORDER_MESSAGES as M, parseReinforcementId, reinforcementId, withDerivedFields,
  type ReinforcementSlot, type TOrder, type TReinforcementOrderResult, type ZMailingOrderSchema, type ZReinforcementOrderSchema,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { getListMappings } from '../column-mappings/column-mappings.service.js';
import { getReinforcement } from '../reinforcements/reinforcements.service.js';
import { getOwnedList, type MailingListRow } from '../mailing-lists/mailing-lists.service.js';
import { findPrintedRecord } from '../print/printed-record.js';
import { getOwnedProject } from '../projects/projects.service.js';
import { ensureShortLinkFor } from '../qr-codes/qr-codes.service.js';
import { currentPieceCents } from '../subscriptions/subscriptions.service.js';
import { presentOrder } from './order-presenter.js';
import { ordersRepo } from './orders.repo.js';
import { orderRenderJob } from './render-order.job.js';

/** The recipient part of an order: an existing record of the list, or fields sent with it. */
type OrderTarget = { mailingListId: string; recipientId?: string; recipientData?: Record<string, string>; deliveryType: TOrder['delivery_type']; format: TOrder['format'] };
/** One piece of a placement: what it prints ('{projectId}-main' or '-rN') and the other pieces placed with it. */
type Piece = { orderType: 'mailing' | 'reinforcement'; templateId: string; reinforcementId?: string; additional: string[] };

/**
 * The fields an order prints for `input`'s recipient and its QR link. An existing record prints as
 * in the list's print file (`findPrintedRecord`: the address fixes accepted at the address check
 * applied), with its own tracked short link, and keeps its record id among its fields; a record
 * the check excluded from printing is refused. Fields sent with the order get full name and last
 * line derived when absent, and no QR link. Errors: NOT_FOUND (recipient); UNPROCESSABLE (422)
 * ORDER_MESSAGES.recipientExcluded.
 */
async function orderRecipient(ctx: AppContext, principal: Principal, list: MailingListRow, input: OrderTarget) {
  if (!input.recipientId) return { recipient: withDerivedFields({ ...input.recipientData! }), qrUrl: '' };
  const record = await findPrintedRecord(ctx.db, { list, ...(await getListMappings(ctx, principal, list.id)) }, input.recipientId);
  if (!record) throw notFound('Recipient');
  if (record.excluded) throw new AppError('UNPROCESSABLE', M.recipientExcluded);
  return { recipient: { ...record.fields, record_id: record.fields.record_id || record.id }, qrUrl: await ensureShortLinkFor(ctx, list.id, record.id) };
}

/**
 * Places one order per piece (docs/requirements/print-on-demand-api.md#data) for `project` and one recipient, all in one insert
 * — all or none: status 'pending', cost from the price table; the 'orders.render' job renders each
 * print file. Orders placed with a test key (or `opts.test`) are test orders: stored and rendered, never printed or
 * charged, seen only by test keys. `opts.message` replaces 'Order received' as the order's first message. Errors: NOT_FOUND (list, recipient); VALIDATION (a format that
 * does not fit the template, docs/requirements/print-on-demand-api.md#order-form-rules); UNPROCESSABLE (a recipient excluded from printing).
 */
async function placeOrders(
  ctx: AppContext, principal: Principal, project: { id: string; templateType: string }, input: OrderTarget, pieces: Piece[],
  opts: { test?: boolean; message?: string } = {},
): Promise<TOrder[]> {
  const selfMailer = project.templateType === 'self_mailer';
  if (selfMailer === (input.format === 'postcard')) throw new AppError('VALIDATION', M.formatMismatch);
  const list = await getOwnedList(ctx.db, principal, input.mailingListId);
  const { recipient, qrUrl } = await orderRecipient(ctx, principal, list, input);
  const test = opts.test ?? principal.apiKey?.mode === 'test';
  const costCents = await currentPieceCents(ctx.db, pieces[0].orderType);
  const created = await ordersRepo.createAll(ctx.db, pieces.map((piece) => ({
    id: randomUUID(), userId: principal.userId, apiKeyId: principal.apiKey?.id ?? null, test, orderType: piece.orderType,
    deliveryType: input.deliveryType, format: input.format, projectId: project.id, templateId: piece.templateId, mailingListId: list.id,
    recipientId: input.recipientId ?? null, reinforcementId: piece.reinforcementId ?? null, additionalReinforcements: piece.additional,
    recipient, qrUrl, costCents, message: `${opts.message ?? (test ? 'Test order received' : 'Order received')}${test ? ': it is never printed or charged' : ''}`,
  })));
  for (const order of created) await ctx.queue.send(orderRenderJob, { orderId: order.id });
  return created.map((o) => presentOrder(o));
}

/**
 * POST /api/orders/mailing (docs/requirements/print-on-demand-api.md#data): one personalised piece of the project's main design
 * ('{projectId}-main'). Errors: NOT_FOUND (project, list, recipient); VALIDATION (format);
 * UNPROCESSABLE (a recipient excluded from printing).
 */
export async function createMailingOrder(ctx: AppContext, principal: Principal, input: z.output<typeof ZMailingOrderSchema>): Promise<TOrder> {
  const project = await getOwnedProject(ctx.db, principal, input.templateId.slice(0, 36));
  const [order] = await placeOrders(ctx, principal, project, input, [{ orderType: 'mailing', templateId: input.templateId, additional: [] }]);
  return order;
}

/**
 * POST /api/orders/reinforcement (docs/requirements/print-on-demand-api.md#data): one piece of a reinforcement's one-page design
 * ('{projectId}-rN') for the recipient, and one of each of `additionalReinforcements` (the same
 * project's), each its own order listing the others, all placed together or none (docs/requirements/print-on-demand-api.md#rules:
 * extra reinforcements are separate orders). Answers the first order with the others in
 * `additional_orders`. Errors: NOT_FOUND (project, any reinforcement, list, recipient);
 * VALIDATION (format, another project's reinforcement); UNPROCESSABLE (a recipient excluded from printing).
 */
export async function createReinforcementOrder(
  ctx: AppContext, principal: Principal, input: z.output<typeof ZReinforcementOrderSchema>,
): Promise<TReinforcementOrderResult> {
  const target = parseReinforcementId(input.reinforcementId)!;
  const project = await getOwnedProject(ctx.db, principal, target.projectId);
  const others = input.additionalReinforcements.map((id) => parseReinforcementId(id));
  if (others.some((r) => r?.projectId !== project.id)) throw new AppError('VALIDATION', 'additionalReinforcements must be reinforcements of the same project');
  const slots = [...new Set([target.slot, ...others.map((r) => r!.slot)])];
  for (const slot of slots) await getReinforcement(ctx.db, project, slot);
  const ids = slots.map((slot) => reinforcementId(project.id, slot));
  const [first, ...additional] = await placeOrders(ctx, principal, project, input, ids.map((id) => ({
    orderType: 'reinforcement' as const, templateId: id, reinforcementId: id, additional: ids.filter((other) => other !== id),
  })));
  return { ...first, additional_orders: additional };
}

/**
 * A delivered piece's follow-up order (docs/requirements/mail-tracking.md#delivery-events): one order of reinforcement R`slot` of
 * project `projectId` for record `recordId` of list `listId`, placed for `owner` (the project's owner, as a job) as
 * createReinforcementOrder places one — a test order when `test` (a test piece's follow-up is never printed or
 * charged). The format and delivery type are `like`'s (the piece's own order), else the project's first format
 * (mailer-letter for a self-mailer, else postcard) printed and mailed. Errors: NOT_FOUND (project, reinforcement,
 * list, record); UNPROCESSABLE (a record excluded from printing since).
 */
export async function placeFollowUpOrder(ctx: AppContext, owner: Principal, input: {
  projectId: string; slot: ReinforcementSlot; listId: string; recordId: string; test: boolean;
  like?: { format: TOrder['format']; deliveryType: TOrder['delivery_type'] };
}): Promise<TOrder> {
  const project = await getOwnedProject(ctx.db, owner, input.projectId);
  await getReinforcement(ctx.db, project, input.slot);
  const id = reinforcementId(project.id, input.slot);
  const format = input.like?.format ?? (project.templateType === 'self_mailer' ? 'mailer-letter' : 'postcard');
  const [order] = await placeOrders(ctx, owner, project, {
    mailingListId: input.listId, recipientId: input.recordId, deliveryType: input.like?.deliveryType ?? 'print-mail', format,
  }, [{ orderType: 'reinforcement', templateId: id, reinforcementId: id, additional: [] }], { test: input.test, message: 'Follow-up order received after a delivery' });
  return order;
}
