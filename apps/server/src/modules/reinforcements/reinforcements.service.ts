import {
  PAPER_SIZES_MM, REINFORCEMENT_SLOTS, reinforcementId, templateFitsPaperSize,
  type PaperSize, type ReinforcementSlot, type TDesignTemplate, type TReinforcement, type TReinforcementDesign,
} from '@mailcraft/shared';
import type { z } from 'zod';
import type { ZReinforcementSaveSchema } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { StoredReinforcement } from '../../db/schema/projects.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { checkDesignImages } from '../designs/design-images.js';
import { findStoredReinforcements } from '../designs/designs.service.js';
import { decodePngDataUrl, thumbnailKey } from '../designs/thumbnails.js';
import { getOwnedProject } from '../projects/projects.service.js';
import { reinforcementsRepo } from './reinforcements.repo.js';

/** What the reinforcement rules need of a project (the caller checked that it is the principal's). */
export type ReinforcementProject = { id: string; paperSize: PaperSize };

const slotKey = (slot: ReinforcementSlot) => `r${slot}` as const;

function present(project: ReinforcementProject, slot: ReinforcementSlot, r: StoredReinforcement): TReinforcementDesign {
  return {
    id: reinforcementId(project.id, slot),
    project_id: project.id,
    slot,
    name: r.name,
    type: r.type,
    size: project.paperSize,
    thumbnail: r.thumbnail ? `/api/projects/${project.id}/thumbnails/${slotKey(slot)}.png?v=${Date.parse(r.updatedAt)}` : null,
    updated_at: r.updatedAt,
    template_data: r.template as TDesignTemplate,
  };
}

async function stored(db: Db, projectId: string): Promise<Partial<Record<string, StoredReinforcement>>> {
  return findStoredReinforcements(db, projectId);
}

/**
 * A project's reinforcements with their designs, by slot (docs/requirements/print-on-demand-api.md#data; the Designer's R1–R3 tabs
 * and GET /api/reinforcements, which drops `template_data`). Only saved slots are listed.
 */
export async function listReinforcements(db: Db, project: ReinforcementProject): Promise<TReinforcementDesign[]> {
  return bySlot(project, await stored(db, project.id));
}

function bySlot(project: ReinforcementProject, all: Partial<Record<string, StoredReinforcement>>): TReinforcementDesign[] {
  return REINFORCEMENT_SLOTS.flatMap((slot) => {
    const r = all[slotKey(slot)];
    return r ? [present(project, slot, r)] : [];
  });
}

/** `listReinforcements` of several projects (already the principal's) in one query, in their order: GET /api/templates and /api/reinforcements. */
export async function listReinforcementsOf(db: Db, projects: ReinforcementProject[]): Promise<Map<string, TReinforcementDesign[]>> {
  const stored = await reinforcementsRepo.reinforcementsOf(db, projects.map((p) => p.id));
  return new Map(projects.map((p) => [p.id, bySlot(p, stored.get(p.id) ?? {})]));
}

/** The list shape of GET /api/reinforcements (docs/requirements/print-on-demand-api.md#data: id, name, type, size; no design). */
export const reinforcementSummary = ({ template_data: _, ...summary }: TReinforcementDesign): TReinforcement => summary;

/** One reinforcement with its design. Errors: NOT_FOUND when the slot is empty. */
export async function getReinforcement(db: Db, project: ReinforcementProject, slot: ReinforcementSlot): Promise<TReinforcementDesign> {
  const r = (await stored(db, project.id))[slotKey(slot)];
  if (!r) throw notFound('Reinforcement');
  return present(project, slot, r);
}

/**
 * GET /api/projects/{id}/reinforcements → `projectReinforcementDesigns(ctx, principal, projectId)`: the project's saved
 * reinforcements with their designs (`listReinforcements`). Errors: NOT_FOUND (404) unless the project is the principal's.
 */
export async function projectReinforcementDesigns(ctx: AppContext, principal: Principal, projectId: string): Promise<TReinforcementDesign[]> {
  return listReinforcements(ctx.db, await getOwnedProject(ctx.db, principal, projectId));
}

/**
 * PUT /api/projects/{id}/reinforcements/{slot} {name, type, template_data, thumbnail?} → `saveReinforcement(ctx, principal,
 * { projectId, slot, ...body })`: saves a reinforcement's name, type and one-page design (and its thumbnail PNG, stored at
 * `projects/{id}/thumbnails/r{slot}.png`).
 * Errors: NOT_FOUND (404) unless the project is the principal's; VALIDATION (400) when the design is not one page at the
 * project's paper size (mm, ±0.5) or the thumbnail is not a PNG; PAYLOAD_TOO_LARGE (413) for a thumbnail over 2 MB or an
 * image over the image bounds (`checkDesignImages`).
 */
export async function saveReinforcement(
  ctx: AppContext, principal: Principal, input: { projectId: string; slot: ReinforcementSlot } & z.output<typeof ZReinforcementSaveSchema>,
): Promise<TReinforcementDesign> {
  const { db, storage } = ctx;
  const { slot } = input;
  const project = await getOwnedProject(db, principal, input.projectId);
  const template = input.template_data;
  if (template.schemas.length !== 1) throw new AppError('VALIDATION', 'A reinforcement is one page');
  if (!templateFitsPaperSize(template, project.paperSize)) {
    const { width, height } = PAPER_SIZES_MM[project.paperSize];
    throw new AppError('VALIDATION', `The reinforcement must be ${width} × ${height} mm (${project.paperSize})`);
  }
  await checkDesignImages([template]);
  const key = slotKey(slot);
  const previous = (await stored(db, project.id))[key];
  let thumbnail = previous?.thumbnail ?? null;
  if (input.thumbnail) {
    thumbnail = thumbnailKey(project.id, key);
    await storage.put(thumbnail, decodePngDataUrl(input.thumbnail, `R${slot}`));
  }
  const value: StoredReinforcement = { name: input.name, type: input.type, template, thumbnail, updatedAt: new Date().toISOString() };
  await reinforcementsRepo.putReinforcement(db, project.id, key, value);
  return present(project, slot, value);
}

/**
 * DELETE /api/projects/{id}/reinforcements/{slot} → `deleteReinforcement(ctx, principal, { projectId, slot })`: removes it and
 * its thumbnail; orders already placed keep their own print files. Errors: NOT_FOUND when the project is not the
 * principal's or the slot is empty.
 */
export async function deleteReinforcement(ctx: AppContext, principal: Principal, input: { projectId: string; slot: ReinforcementSlot }): Promise<void> {
  const project = await getOwnedProject(ctx.db, principal, input.projectId);
  const key = slotKey(input.slot);
  if (!(await reinforcementsRepo.deleteReinforcement(ctx.db, project.id, key))) throw notFound('Reinforcement');
  await ctx.storage.delete(thumbnailKey(project.id, key));
}
