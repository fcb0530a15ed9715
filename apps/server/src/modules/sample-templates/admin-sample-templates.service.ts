import {
  SAMPLE_TEMPLATE_MESSAGES, type TAdminSampleTemplate, type TSampleTemplateCreate, type TSampleTemplateUpdate,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { Principal } from '../../platform/principal.js';
import { recordAdminChange } from '../audit/audit.service.js';
import { findSavedDesign } from '../designs/designs.service.js';
import { getOwnedProject } from '../projects/projects.service.js';
import { renderSampleThumbnails } from './sample-render.js';
import { presentAdminSample } from './sample-templates.presenter.js';
import { sampleTemplatesRepo, type SampleDesign, type SampleTemplateRow } from './sample-templates.repo.js';
import { normaliseUploadedThumbnail, renderAndStoreThumbnails, sampleFolder, sampleThumbnailKey, type SampleSide } from './sample-thumbnails.js';

const AREA = 'sample-templates' as const;

async function findSample(ctx: Pick<AppContext, 'db'>, id: string): Promise<SampleTemplateRow> {
  const row = isUuid(id) ? await sampleTemplatesRepo.find(ctx.db, id) : undefined;
  if (!row) throw notFound('Sample template');
  return row;
}

/** GET /api/admin/sample-templates: every sample, published or hidden, in gallery order. */
export async function adminListSamples(ctx: AppContext, _admin: Principal): Promise<TAdminSampleTemplate[]> {
  return (await sampleTemplatesRepo.list(ctx.db, { publishedOnly: false })).map(presentAdminSample);
}

/**
 * POST /api/admin/sample-templates {projectId, name, description?}: a new hidden sample holding a
 * copy of one of the administrator's projects' saved design, with the project's type and size,
 * placed last in the gallery; its thumbnails are rendered now (so a design that does not render
 * is refused). Errors: NOT_FOUND (404) for a project that is not the administrator's;
 * UNPROCESSABLE (422) when the project has no design with content.
 */
export async function createSampleFromProject(ctx: AppContext, principal: Principal, input: Required<TSampleTemplateCreate>): Promise<TAdminSampleTemplate> {
  const project = await getOwnedProject(ctx.db, principal, input.projectId);
  const saved = await findSavedDesign(ctx.db, project.id);
  if (!saved?.inside || !saved.hasContent) throw new AppError('UNPROCESSABLE', SAMPLE_TEMPLATE_MESSAGES.emptyDesign);
  const design: SampleDesign = { inside: saved.inside, outside: project.sides === 'double' ? saved.outside : null };
  const thumbnails = await renderSampleThumbnails(ctx, design, project.paperSize);
  const last = (await sampleTemplatesRepo.list(ctx.db, { publishedOnly: false })).at(-1);
  const row = await sampleTemplatesRepo.insert(ctx.db, {
    name: input.name, description: input.description, templateType: project.templateType, paperSize: project.paperSize,
    design, published: false, position: (last?.position ?? 0) + 10, sourceProjectId: project.id,
  });
  const keys: Partial<Record<'frontThumbnailKey' | 'backThumbnailKey', string>> = {};
  await ctx.storage.put((keys.frontThumbnailKey = sampleThumbnailKey(row.id, 'front')), thumbnails.front);
  if (thumbnails.back) await ctx.storage.put((keys.backThumbnailKey = sampleThumbnailKey(row.id, 'back')), thumbnails.back);
  const created = (await sampleTemplatesRepo.update(ctx.db, row.id, keys)) ?? row;
  await recordAdminChange(ctx.db, principal, {
    area: AREA, action: 'sample.create', targetId: row.id,
    summary: `Created sample template '${row.name}' (${row.paperSize} ${row.templateType}) from project '${project.name}'`,
    after: { name: row.name, description: row.description, template_type: row.templateType, paper_size: row.paperSize, published: false },
  });
  return presentAdminSample(created);
}

const EDITABLE = ['name', 'description', 'published', 'position'] as const;

/**
 * PATCH /api/admin/sample-templates/{id} {name?, description?, published?, position?}: changes sample `id`'s
 * given fields and records the change (before/after of the changed fields only). Errors: NOT_FOUND.
 */
export async function updateSample(ctx: AppContext, principal: Principal, input: { id: string } & TSampleTemplateUpdate): Promise<TAdminSampleTemplate> {
  const { id, ...patch } = input;
  const row = await findSample(ctx, id);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of EDITABLE) {
    const value = patch[field];
    if (value === undefined || value === row[field]) continue;
    before[field] = row[field];
    after[field] = value;
  }
  if (Object.keys(after).length === 0) return presentAdminSample(row);
  return ctx.db.transaction(async (tx) => {
    const updated = await sampleTemplatesRepo.update(tx, row.id, after);
    if (!updated) throw notFound('Sample template');
    const what = 'published' in after ? (after.published ? 'Published' : 'Hid') : 'Edited';
    await recordAdminChange(tx, principal, {
      area: AREA, action: 'published' in after ? (after.published ? 'sample.publish' : 'sample.hide') : 'sample.update', targetId: row.id,
      summary: `${what} sample template '${updated.name}'`, before, after,
    });
    return presentAdminSample(updated);
  });
}

/**
 * POST /api/admin/sample-templates/{id}/thumbnail?side (multipart `file`): replaces sample `id`'s front or
 * back (`side`) thumbnail with an uploaded PNG or JPEG (`bytes`) (≤ 2 MB, re-encoded as PNG; see
 * `normaliseUploadedThumbnail` for 413/415). Errors: NOT_FOUND; VALIDATION for the back of a
 * single-sided sample.
 */
export async function replaceSampleThumbnail(
  ctx: AppContext, principal: Principal, input: { id: string; side: SampleSide; bytes: Buffer },
): Promise<TAdminSampleTemplate> {
  const { id, side, bytes } = input;
  const row = await findSample(ctx, id);
  if (side === 'back' && !(row.design as Partial<SampleDesign>).outside) throw new AppError('VALIDATION', 'A single-sided sample has no back');
  const png = await normaliseUploadedThumbnail(bytes);
  const key = sampleThumbnailKey(row.id, side);
  await ctx.storage.put(key, png);
  const updated = await sampleTemplatesRepo.update(ctx.db, row.id, side === 'front' ? { frontThumbnailKey: key } : { backThumbnailKey: key });
  await recordAdminChange(ctx.db, principal, {
    area: AREA, action: 'sample.thumbnail', targetId: row.id, summary: `Replaced the ${side} thumbnail of sample template '${row.name}'`,
  });
  return presentAdminSample(updated ?? row);
}

/** POST /api/admin/sample-templates/{id}/thumbnail/render: renders both thumbnails again from the design (undoing an upload). Errors: NOT_FOUND. */
export async function rerenderSampleThumbnails(ctx: AppContext, principal: Principal, id: string): Promise<TAdminSampleTemplate> {
  const row = await findSample(ctx, id);
  await renderAndStoreThumbnails(ctx, row, true);
  const updated = await sampleTemplatesRepo.update(ctx.db, row.id, {});
  await recordAdminChange(ctx.db, principal, {
    area: AREA, action: 'sample.thumbnail', targetId: row.id, summary: `Rendered the thumbnails of sample template '${row.name}' from its design`,
  });
  return presentAdminSample(updated ?? row);
}

/**
 * DELETE /api/admin/sample-templates/{id}: removes the sample and its thumbnails. Projects that
 * used it keep their copies. A deleted built-in sample comes back at the next start-up (hide it to
 * keep it out of the gallery). Errors: NOT_FOUND.
 */
export async function deleteSample(ctx: AppContext, principal: Principal, id: string): Promise<void> {
  const row = await findSample(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await sampleTemplatesRepo.delete(tx, row.id);
    await recordAdminChange(tx, principal, {
      area: AREA, action: 'sample.delete', targetId: row.id, summary: `Deleted sample template '${row.name}'`,
      before: { name: row.name, description: row.description, template_type: row.templateType, paper_size: row.paperSize, published: row.published },
    });
  });
  await ctx.storage.delete(sampleFolder(row.id));
}
