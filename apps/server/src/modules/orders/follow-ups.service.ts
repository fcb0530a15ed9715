import {
  DELIVERY_FOLLOW_UP, DELIVERY_FOLLOW_UP_MESSAGES as M, type ReinforcementSlot, type TDeliveryFollowUp, type TDeliveryFollowUpSave,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { getOwnedProject } from '../projects/projects.service.js';
import { getReinforcement } from '../reinforcements/reinforcements.service.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { followUpsRepo, type FollowUpRow } from './follow-ups.repo.js';

/** The setting as the API answers it, with the project's follow-ups counted by outcome; the defaults when never saved. */
async function present(ctx: AppContext, projectId: string, row: FollowUpRow | undefined): Promise<TDeliveryFollowUp> {
  const counts = await followUpsRepo.counts(ctx.db, projectId);
  return {
    project_id: projectId,
    enabled: row?.enabled ?? false,
    reinforcement_slot: row?.reinforcementSlot ?? DELIVERY_FOLLOW_UP.defaultSlot,
    delay_days: row?.delayDays ?? DELIVERY_FOLLOW_UP.delayDays.default,
    updated_at: row ? row.updatedAt.toISOString() : null,
    scheduled: (counts.scheduled ?? 0) + (counts.placing ?? 0),
    placed: counts.placed ?? 0,
    not_placed: counts.not_placed ?? 0,
  };
}

/**
 * GET /api/projects/{id}/delivery-follow-up (docs/requirements/mail-tracking.md#delivery-events): the project's delivered-piece
 * follow-up (off, R1 after 7 days, until saved) and how many follow-ups are waiting, placed and not placed.
 * Errors: NOT_FOUND (404) unless the project is the principal's.
 */
export async function getDeliveryFollowUp(ctx: AppContext, principal: Principal, projectId: string): Promise<TDeliveryFollowUp> {
  const project = await getOwnedProject(ctx.db, principal, projectId);
  return present(ctx, project.id, await followUpsRepo.get(ctx.db, project.id));
}

/**
 * PUT /api/projects/{id}/delivery-follow-up (docs/requirements/mail-tracking.md#delivery-events): saves the follow-up — from then
 * on, each delivered piece of the project gets one on-demand order of reinforcement R`reinforcement_slot` for its
 * record, `delay_days` days after its delivery. Pieces delivered before are not ordered for. Turning it on needs the
 * plan's `api` (on-demand orders) and a saved design in that slot. Errors: NOT_FOUND (404) project; PAYMENT_REQUIRED
 * (402) without `api`; VALIDATION (400) `noReinforcement` for an empty slot.
 */
export async function setDeliveryFollowUp(
  ctx: AppContext, principal: Principal, input: TDeliveryFollowUpSave & { projectId: string },
): Promise<TDeliveryFollowUp> {
  const project = await getOwnedProject(ctx.db, principal, input.projectId);
  if (input.enabled) {
    await requireFeature(ctx.db, principal, 'api', M.upgrade);
    try {
      await getReinforcement(ctx.db, project, input.reinforcement_slot as ReinforcementSlot);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') throw new AppError('VALIDATION', M.noReinforcement(input.reinforcement_slot));
      throw err;
    }
  }
  const row = await followUpsRepo.put(ctx.db, {
    projectId: project.id, userId: principal.userId, enabled: input.enabled, reinforcementSlot: input.reinforcement_slot, delayDays: input.delay_days,
  });
  return present(ctx, project.id, row);
}
