import { z } from 'zod';
import { DELIVERY_FOLLOW_UP_MESSAGES as M, type ReinforcementSlot, type TOrder } from '@mailcraft/shared';
import { DOMAIN_EVENTS, narrowChanges } from '../../jobs/events.js';
import { defineJob } from '../../jobs/job.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { followUpsRepo } from './follow-ups.repo.js';
import { followUpPiece } from './order-tracking.js';
import { ordersRepo } from './orders.repo.js';
import { placeFollowUpOrder } from './place-order.service.js';

const DAY_MS = 86_400_000;
/** A follow-up job that starts this much before its due time (a clock apart) goes back to wait. */
const EARLY_TOLERANCE_MS = 60_000;

/** Seconds from now until `at` (0 when past). */
const secondsUntil = (at: Date) => Math.max(0, Math.ceil((at.getTime() - Date.now()) / 1000));

/**
 * Places the follow-up of delivered piece `pieceId` once it is due (docs/requirements/mail-tracking.md#delivery-events): claims it
 * (one run wins; a follow-up placed, not placed or being placed is left alone), then — while the project's follow-up
 * is still on and the owner's plan has `api` — places one order of the project's reinforcement R{slot} for the
 * piece's record through the order-placing service: a test order for a test piece, in the format of the piece's own
 * order when it was one. Every outcome is recorded on the follow-up; a refusal (record or reinforcement gone, record
 * excluded since) is 'not placed' with the reason. Placed at most once: a failure after the claim is never retried.
 */
export async function placeDueFollowUp(ctx: AppContext, pieceId: string): Promise<void> {
  const claimed = await followUpsRepo.claim(ctx.db, pieceId);
  if (!claimed) return;
  const notPlaced = (message: string) => followUpsRepo.finish(ctx.db, pieceId, { status: 'not_placed', message });
  if (claimed.dueAt.getTime() - Date.now() > EARLY_TOLERANCE_MS) {
    await followUpsRepo.finish(ctx.db, pieceId, { status: 'scheduled' });
    await ctx.queue.send(followUpOrderJob, { pieceId }, { startAfterSeconds: secondsUntil(claimed.dueAt) });
    return;
  }
  const owner: Principal = { userId: claimed.userId, isAdmin: false, via: 'job', scopes: [] };
  let input: Parameters<typeof placeFollowUpOrder>[2];
  try {
    const setting = await followUpsRepo.get(ctx.db, claimed.projectId);
    if (!setting?.enabled) {
      await notPlaced(M.notPlacedOff);
      return;
    }
    try {
      await requireFeature(ctx.db, owner, 'api');
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'PAYMENT_REQUIRED')) throw err;
      await notPlaced(M.notPlacedPlan);
      return;
    }
    const piece = await followUpPiece(ctx.db, pieceId);
    if (!piece?.listId || !piece.recordId) {
      await notPlaced(M.notPlacedNoRecord);
      return;
    }
    const own = piece.orderId ? await ordersRepo.byId(ctx.db, piece.orderId) : undefined;
    input = {
      projectId: claimed.projectId, slot: setting.reinforcementSlot as ReinforcementSlot, listId: piece.listId, recordId: piece.recordId, test: piece.test,
      like: own ? { format: own.format as TOrder['format'], deliveryType: own.deliveryType as TOrder['delivery_type'] } : undefined,
    };
  } catch (err) {
    // Nothing was placed yet: hand the follow-up back so the job's retry takes it again.
    await followUpsRepo.finish(ctx.db, pieceId, { status: 'scheduled' });
    throw err;
  }
  try {
    const order = await placeFollowUpOrder(ctx, owner, input);
    await followUpsRepo.finish(ctx.db, pieceId, { status: 'placed', orderId: order.id, message: null });
  } catch (err) {
    if (!(err instanceof AppError)) console.error(`[orders] the follow-up of piece ${pieceId} could not be placed`, err);
    await notPlaced(err instanceof AppError ? `Not placed: ${err.message}` : 'Not placed: the order could not be placed');
  }
}

/** 'orders.follow-up' `{ pieceId }`: places a delivered piece's follow-up order when it falls due (`placeDueFollowUp`). */
export const followUpOrderJob = defineJob({
  id: 'orders.follow-up',
  payload: z.object({ pieceId: z.uuid().describe('The delivered mail piece') }),
  handler: (p, ctx) => placeDueFollowUp(ctx, p.pieceId),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
});

/**
 * Subscriber of `mail.tracked` (docs/requirements/mail-tracking.md#delivery-events): for each `mail.delivered` piece of a project
 * whose follow-up is on — a piece of one of its print files, or of an on-demand mailing order of it (a reinforcement
 * order's own piece never starts another follow-up) — schedules one follow-up, due `delay_days` days after the
 * delivery scan, and queues 'orders.follow-up' to start then (at once when that is past). A piece has at most one
 * follow-up: a repeated event, or a retried run, finds it scheduled already (and at most queues its job again, which
 * then finds nothing left to place).
 */
export const followUpScheduleJob = defineJob({
  id: 'orders.follow-up-schedule',
  payload: DOMAIN_EVENTS['mail.tracked'],
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  batchSize: 16,
  /** Only deliveries of accounts with a follow-up switched on are enqueued. */
  narrow: async (payloads, db) => {
    const delivered = payloads.flatMap((p) => p.changes.filter((c) => c.type === 'mail.delivered'));
    if (delivered.length === 0) return [];
    const on = await followUpsRepo.accountsWithFollowUp(db, [...new Set(delivered.map((c) => c.userId))]);
    return narrowChanges(payloads, (c) => c.type === 'mail.delivered' && on.has(c.userId));
  },
  handler: async ({ changes }, ctx) => {
    for (const change of changes) {
      if (change.type !== 'mail.delivered') continue;
      const piece = await followUpPiece(ctx.db, change.pieceId);
      if (!piece) continue;
      let projectId = piece.printJobProjectId;
      if (piece.orderId) {
        const order = await ordersRepo.byId(ctx.db, piece.orderId);
        if (!order || order.orderType === 'reinforcement') continue;
        projectId = order.projectId;
      }
      if (!projectId) continue;
      const setting = await followUpsRepo.get(ctx.db, projectId);
      if (!setting?.enabled || setting.userId !== piece.userId) continue;
      const dueAt = new Date(Date.parse(change.occurredAt) + setting.delayDays * DAY_MS);
      const row = await followUpsRepo.schedule(ctx.db, { pieceId: piece.id, userId: piece.userId, projectId, dueAt });
      if (row.status !== 'scheduled') continue;
      await ctx.queue.send(followUpOrderJob, { pieceId: piece.id }, { startAfterSeconds: secondsUntil(row.dueAt) });
    }
  },
});
