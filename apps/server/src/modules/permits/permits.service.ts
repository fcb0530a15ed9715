import { indiciaLines, type TPermit, type TPermitCreate, type TPermitUpdate } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/principal.js';
import { notFound } from '../../platform/errors.js';
import { presentPermit } from './permits.presenter.js';
import { permitsRepo, type PermitRow } from './permits.repo.js';

/** The user's permits, default first (docs/requirements/workflow.md#workflow-order: the default is auto-selected on load). */
export async function listPermits(ctx: AppContext, principal: Principal): Promise<TPermit[]> {
  return (await permitsRepo.listForUser(ctx.db, principal.userId)).map(presentPermit);
}

/**
 * Saves a permit (docs/requirements/projects.md#data). Lines are trimmed and validated by ZPermitCreateSchema; the
 * first permit of a user becomes the default, and `isDefault: true` moves the default to it. `mailer_id` is the mail
 * owner's Mailer ID when it differs from the account's (docs/requirements/mail-tracking.md#imb-assignment).
 */
export async function createPermit(ctx: AppContext, principal: Principal, input: TPermitCreate): Promise<TPermit> {
  const { userId } = principal;
  return ctx.db.transaction(async (tx) => {
    await permitsRepo.lockUser(tx, userId);
    const first = !(await permitsRepo.findOldest(tx, userId));
    const isDefault = first || input.isDefault;
    const { line1, line2, line3, line4, line5, line6 } = input.indicia;
    const lines = { line1, line2, line3, line4, line5, line6 };
    const row = await permitsRepo.insert(tx, {
      userId,
      name: input.name,
      indicia: { ...lines, text: indiciaLines(lines).join('\n') },
      isDefault,
      mailerId: input.mailer_id ?? null,
    });
    if (isDefault) await permitsRepo.clearDefaults(tx, userId, row.id);
    return presentPermit(row);
  });
}

/**
 * PATCH /api/templates/permits/{id}: sets the permit's Mailer ID (docs/requirements/mail-tracking.md#imb-assignment:
 * "per permit where the mail owner differs"; null: the account's), validated by ZPermitUpdateSchema. Print files
 * made after it carry the new MID. NOT_FOUND (404) unless the permit is the principal's.
 */
export async function updatePermit(ctx: AppContext, principal: Principal, id: string, input: TPermitUpdate): Promise<TPermit> {
  const row = await permitsRepo.setMailerId(ctx.db, principal.userId, id, input.mailer_id);
  if (!row) throw notFound('Permit');
  return presentPermit(row);
}

/**
 * Deletes a permit; 404 when it is not the user's. When it was the default, the oldest remaining
 * permit becomes the default. Projects using it lose it: the foreign key sets their
 * mailing_permit_id to null, and a custom project without a permit prints none (`effectivePermitType`).
 */
export async function deletePermit(ctx: AppContext, principal: Principal, id: string): Promise<void> {
  const { userId } = principal;
  await ctx.db.transaction(async (tx) => {
    await permitsRepo.lockUser(tx, userId);
    const permit = await permitsRepo.findForUser(tx, userId, id);
    if (!permit) throw notFound('Permit');
    await permitsRepo.delete(tx, userId, id);
    if (permit.isDefault) {
      const next = await permitsRepo.findOldest(tx, userId);
      if (next) await permitsRepo.setDefault(tx, userId, next.id);
    }
  });
}

/** One of the principal's permits as stored, or undefined (also for a malformed id). For projects and print. */
export async function findPermit(db: Db, principal: Principal, id: string): Promise<PermitRow | undefined> {
  return permitsRepo.findForUser(db, principal.userId, id);
}

/** The principal's default permit, or undefined when they have none (docs/requirements/workflow.md#workflow-order). */
export async function findDefaultPermit(db: Db, principal: Principal): Promise<PermitRow | undefined> {
  return permitsRepo.findDefault(db, principal.userId);
}
