import {
  EFFECT_DEFAULT_PARAMS, EFFECT_MESSAGES as M, ZEffectSpecSchema,
  type TEffect, type TEffectCreate, type TEffectPatch, type TEffectSpec,
} from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { WorkSlots } from '../../platform/work-slots.js';
import type { Principal } from '../../platform/principal.js';
import { recordAdminChange } from '../audit/audit.service.js';
import { applyEffect } from './apply-effect.js';
import { effectsRepo, type EffectRow } from './effects.repo.js';

const present = (r: EffectRow): TEffect => ({
  id: r.id, name: r.name, kind: r.kind as TEffect['kind'], params: r.params, created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
});

/** What the audit log keeps of an effect. */
const audited = (e: { name: string; kind: string; params: unknown }) => ({ name: e.name, kind: e.kind, params: e.params });

/** A unique violation of the name index (PostgreSQL and PGlite report 23505), read as CONFLICT. */
function duplicateName(err: unknown): never {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  if (String(code) === '23505') throw new AppError('CONFLICT', M.duplicateName);
  throw err;
}

async function effectRow(db: Db, id: string): Promise<EffectRow> {
  const row = isUuid(id) ? await effectsRepo.findById(db, id) : undefined;
  if (!row) throw notFound('Effect');
  return row;
}

/** GET /api/effects (signed-in users: the designer's choice) and GET /api/admin/effects: every effect, by name. */
export async function listEffects(ctx: AppContext, _principal: Principal): Promise<TEffect[]> {
  return (await effectsRepo.list(ctx.db)).map(present);
}

/**
 * POST /api/admin/effects (docs/requirements/administration.md#administration): adds a named effect. Errors: CONFLICT (409) for a name in
 * use. Audited as 'effect.create'.
 */
export async function createEffect(ctx: AppContext, admin: Principal, body: TEffectCreate): Promise<TEffect> {
  const { name, ...spec } = body;
  return ctx.db.transaction(async (tx) => {
    const row = await effectsRepo.insert(tx, { name, kind: spec.kind, params: spec.params });
    if (!row) throw new AppError('CONFLICT', M.duplicateName);
    await recordAdminChange(tx, admin, {
      area: 'effects', action: 'effect.create', targetId: row.id, summary: `Created the effect ${name}`, before: null, after: audited(row),
    });
    return present(row);
  });
}

/**
 * PATCH /api/admin/effects/{id} (docs/requirements/administration.md#administration): renames effect `id` and/or changes its kind and
 * parameters. A new kind without params starts from EFFECT_DEFAULT_PARAMS; the result must be a
 * valid EffectSpec. Image elements that use it print with the new settings from the next render.
 * Errors: NOT_FOUND (404); VALIDATION (400, thrown ZodError) for bad params; CONFLICT (409) for a
 * name in use. Audited as 'effect.update' (before/after of the fields that changed).
 */
export async function updateEffect(ctx: AppContext, admin: Principal, input: { id: string } & TEffectPatch): Promise<TEffect> {
  const { id, ...patch } = input;
  const row = await effectRow(ctx.db, id);
  const kind = patch.kind ?? row.kind;
  const params = patch.params ?? (kind === row.kind ? row.params : EFFECT_DEFAULT_PARAMS[kind as TEffectSpec['kind']]);
  const spec = ZEffectSpecSchema.parse({ kind, params });
  const next = { name: patch.name ?? row.name, kind: spec.kind, params: spec.params as Record<string, unknown> };
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of ['name', 'kind', 'params'] as const) {
    if (JSON.stringify(row[key]) === JSON.stringify(next[key])) continue;
    before[key] = row[key];
    after[key] = next[key];
  }
  if (Object.keys(after).length === 0) return present(row);
  return ctx.db.transaction(async (tx) => {
    const updated = await effectsRepo.update(tx, id, next).catch(duplicateName);
    if (!updated) throw notFound('Effect');
    await recordAdminChange(tx, admin, {
      area: 'effects', action: 'effect.update', targetId: id, summary: `Changed the effect ${next.name}`, before, after,
    });
    return present(updated);
  });
}

/**
 * DELETE /api/admin/effects/{id} (docs/requirements/administration.md#administration). Designs keep the id on their image elements, which
 * then print (and show) without an effect. Errors: NOT_FOUND (404). Audited as 'effect.delete'.
 */
export async function deleteEffect(ctx: AppContext, admin: Principal, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Effect');
  await ctx.db.transaction(async (tx) => {
    const row = await effectsRepo.delete(tx, id);
    if (!row) throw notFound('Effect');
    await recordAdminChange(tx, admin, {
      area: 'effects', action: 'effect.delete', targetId: id, summary: `Deleted the effect ${row.name}`, before: audited(row), after: null,
    });
  });
}

/**
 * The effects of these ids as specs, for print (docs/requirements/administration.md#administration): unknown (deleted) ids are absent, so
 * their elements print without an effect. A stored spec that no longer parses is absent too.
 */
export async function effectSpecs(db: Db, ids: string[]): Promise<Map<string, TEffectSpec>> {
  const rows = await effectsRepo.findByIds(db, ids.filter(isUuid));
  const specs = new Map<string, TEffectSpec>();
  for (const r of rows) {
    const spec = ZEffectSpecSchema.safeParse({ kind: r.kind, params: r.params });
    if (spec.success) specs.set(r.id, spec.data);
  }
  return specs;
}

/** The bytes of a `data:image/…;base64,` URL (the route's schema checked its form and size). */
export const imageDataUrlBytes = (dataUrl: string): Buffer => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

/**
 * Previews drawn at once, across every process sharing the database: 2 per user and 4 in all, 10 s
 * in line, then 429 — a burst of previews from one account cannot take the image threads from everyone else.
 */
const previewSlots = new WorkSlots({ kind: 'effect-preview', total: 4, perUser: 2, waitMs: 10_000, busyMessage: M.busy });

/**
 * POST /api/effects/{id}/preview (docs/requirements/administration.md#administration): the saved effect `id` drawn on `image` (a data URL) by `applyEffect`,
 * exactly as print draws it, PNG bytes. Errors: NOT_FOUND (404); as `applyEffect` (413, 422);
 * RATE_LIMITED (429) while the principal's preview slots stay busy.
 */
export async function previewEffect(ctx: AppContext, principal: Principal, input: { id: string; image: string }): Promise<Buffer> {
  const { id, image } = input;
  const row = await effectRow(ctx.db, id);
  const spec = ZEffectSpecSchema.parse({ kind: row.kind, params: row.params });
  return previewSlots.run(ctx.db, principal.userId, () => applyEffect(imageDataUrlBytes(image), spec));
}

/**
 * POST /api/admin/effects/preview (docs/requirements/administration.md#administration): an unsaved effect (the admin form, `effect`)
 * drawn on `image` (a data URL), PNG bytes. Errors as `previewEffect`.
 */
export async function previewSpec(ctx: AppContext, principal: Principal, input: { effect: TEffectSpec; image: string }): Promise<Buffer> {
  return previewSlots.run(ctx.db, principal.userId, () => applyEffect(imageDataUrlBytes(input.image), input.effect));
}
