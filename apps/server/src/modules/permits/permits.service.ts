import { indiciaLines, type TPermit, type TPermitCreate } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { presentPermit } from './permits.presenter.js';
import { permitsRepo } from './permits.repo.js';

/** The user's permits, default first (spec 000 §4: the default is auto-selected on load). */
export async function listPermits(db: Db, userId: string): Promise<TPermit[]> {
  return (await permitsRepo.listForUser(db, userId)).map(presentPermit);
}

/**
 * Saves a permit (spec 000 §3, §5). Lines are trimmed and validated by ZPermitCreateSchema; the
 * first permit of a user becomes the default, and `isDefault: true` moves the default to it.
 */
export async function createPermit(db: Db, userId: string, input: TPermitCreate): Promise<TPermit> {
  return db.transaction(async (tx) => {
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
    });
    if (isDefault) await permitsRepo.clearDefaults(tx, userId, row.id);
    return presentPermit(row);
  });
}

/**
 * Deletes a permit; 404 when it is not the user's. When it was the default, the oldest remaining
 * permit becomes the default. Projects using it lose it (mailing_permit_id null; custom → none).
 */
export async function deletePermit(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await permitsRepo.lockUser(tx, userId);
    const permit = await permitsRepo.findForUser(tx, userId, id);
    if (!permit) throw notFound('Permit');
    await permitsRepo.detachFromProjects(tx, userId, id);
    await permitsRepo.delete(tx, userId, id);
    if (permit.isDefault) {
      const next = await permitsRepo.findOldest(tx, userId);
      if (next) await permitsRepo.setDefault(tx, userId, next.id);
    }
  });
}
