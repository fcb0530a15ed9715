import type { Readable } from 'node:stream';
import {
  PRODUCT_PERMIT_UNAVAILABLE, type TProject, type TProjectCreate, type TProjectDesign, type TProjectDesignSave, type TProjectStatus, type TProjectUpdate,
} from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { ownedFiles, type OwnedFilesReader } from '../../platform/owned-files.js';
import type { Principal } from '../../platform/principal.js';
import { purgeStorage } from '../../jobs/storage-purge.js';
import { conformDesign, getDesign, saveDesign } from '../designs/designs.service.js';
import { findDefaultPermit, findPermit } from '../permits/permits.service.js';
import { planLimit } from '../subscriptions/subscriptions.service.js';
import { thumbnailKey, type ThumbnailSide } from '../designs/thumbnails.js';
import { presentProject, presentProjectStatus } from './projects.presenter.js';
import { projectsRepo, type ProjectRow } from './projects.repo.js';

async function presentById(db: Db, principal: Principal, id: string): Promise<TProject> {
  const record = await projectsRepo.findRecord(db, principal.userId, id);
  if (!record) throw notFound('Project');
  return presentProject(record);
}

/** GET /api/projects: the user's projects, newest first (docs/requirements/workflow.md#api). */
export async function listProjects(ctx: AppContext, principal: Principal): Promise<TProject[]> {
  return (await projectsRepo.listRecords(ctx.db, principal.userId)).map(presentProject);
}

/** GET /api/projects/{id}. Throws NOT_FOUND for a missing or another user's project. */
export async function getProject(ctx: AppContext, principal: Principal, id: string): Promise<TProject> {
  return presentById(ctx.db, principal, id);
}

/**
 * Resolves the permit a new project starts with (docs/requirements/projects.md#data permit_type): 'product' mails under
 * the product's own permit and 'none' without one, so neither holds a user permit; 'custom' uses
 * `permit_id` (must be the user's, else NOT_FOUND) or, without one, the user's default permit.
 */
async function initialPermitId(db: Db, principal: Principal, input: TProjectCreate): Promise<string | null> {
  if (input.permit_type !== 'custom') return null;
  if (input.permit_id) {
    if (!(await findPermit(db, principal, input.permit_id))) throw notFound('Permit');
    return input.permit_id;
  }
  return (await findDefaultPermit(db, principal))?.id ?? null;
}

/**
 * POST /api/projects (docs/requirements/workflow.md#workflow-order): creates a project from a ZProjectCreateSchema payload
 * (defaults self_mailer / 8.5x11 / double / product — or none when the server offers no product
 * permit, `config.productPermit` unset). Throws PAYMENT_REQUIRED (402) when the plan's `max_projects` is
 * reached, NOT_FOUND when `permit_id` is not the user's, UNPROCESSABLE (422)
 * PRODUCT_PERMIT_UNAVAILABLE for permit_type 'product' without a product permit (docs/requirements/workflow.md#clear-states-and-fast-pages).
 */
export async function createProject(ctx: AppContext, principal: Principal, input: TProjectCreate): Promise<TProject> {
  const { db } = ctx;
  const productPermit = !!ctx.config.productPermit;
  const { userId } = principal;
  const permitType = input.permit_type ?? (productPermit ? 'product' : 'none');
  if (permitType === 'product' && !productPermit) throw new AppError('UNPROCESSABLE', PRODUCT_PERMIT_UNAVAILABLE);
  const limit = await planLimit(db, principal, 'max_projects');
  const id = await db.transaction(async (tx) => {
    await projectsRepo.lockUser(tx, userId);
    if ((await projectsRepo.countForUser(tx, userId)) >= limit) {
      throw new AppError('PAYMENT_REQUIRED',
        `Your plan allows ${limit} projects. Delete a project or upgrade at /pricing?feature=max_projects`);
    }
    const row = await projectsRepo.insert(tx, {
      userId,
      name: input.name,
      description: input.description,
      templateType: input.template_type,
      paperSize: input.paper_size,
      sides: input.sides,
      permitType,
      mailingPermitId: await initialPermitId(tx, principal, { ...input, permit_type: permitType }),
    });
    return row.id;
  });
  return presentById(db, principal, id);
}

/**
 * POST /api/projects/{id}/update (docs/requirements/workflow.md#route-table): name, description, template_type, paper_size
 * and sides. A changed size or sides reshapes the saved design (conformDesign). Answers the
 * updated project including mailing_permit_id; NOT_FOUND for another user's project.
 */
export async function updateProject(ctx: AppContext, principal: Principal, input: TProjectUpdate & { id: string }): Promise<TProject> {
  const { userId } = principal;
  const { id } = input;
  const orphaned = await ctx.db.transaction(async (tx) => {
    const before = await projectsRepo.findRow(tx, userId, id);
    if (!before) throw notFound('Project');
    const after = await projectsRepo.update(tx, userId, id, {
      name: input.name,
      description: input.description,
      templateType: input.template_type,
      paperSize: input.paper_size,
      sides: input.sides,
    });
    if (!after || (after.paperSize === before.paperSize && after.sides === before.sides)) return [];
    return conformDesign(tx, after);
  });
  for (const key of orphaned) await ctx.storage.delete(key);
  return presentById(ctx.db, principal, id);
}

/** The storage folder of a project's files (design and reinforcement thumbnails); deleting it removes them all. */
export const projectFilesKey = (id: string) => `projects/${id}`;

/** The projects' folders (`projectFilesKey`): what the projects module stores per project (docs/architecture.md#storage). */
export const projectFolders: OwnedFilesReader = async (_db, projectIds) => ({ files: [], folders: projectIds.map(projectFilesKey) });

/**
 * DELETE /api/projects/{id} (docs/requirements/projects.md#project-deletion): removes the project,
 * its design, reinforcements, print jobs and approvals (rows cascading from it), then — in the
 * background, 'storage.purge' — every file it owns (`ownedFiles` 'project', read before the rows
 * go: its thumbnails, its print files and proofs; docs/architecture.md#storage). Its lists stay,
 * with their files. Errors: NOT_FOUND (404) for a missing or another user's project.
 */
export async function deleteProject(ctx: AppContext, principal: Principal, id: string): Promise<void> {
  const project = await projectsRepo.findRow(ctx.db, principal.userId, id);
  if (!project) throw notFound('Project');
  const files = await ownedFiles(ctx.db, 'project', [project.id]);
  if (!(await projectsRepo.delete(ctx.db, principal.userId, project.id))) throw notFound('Project');
  await purgeStorage(ctx, files);
}

/** GET /api/projects/{id}/status → `{list, template, progress}` (docs/requirements/projects.md#project status). */
export async function projectStatus(ctx: AppContext, principal: Principal, id: string): Promise<TProjectStatus> {
  const record = await projectsRepo.findRecord(ctx.db, principal.userId, id);
  if (!record) throw notFound('Project');
  return presentProjectStatus(record);
}

/**
 * PUT /api/templates/project/{id}/permit (docs/requirements/workflow.md#api): sets the project's mailing permit.
 * A permit id (must be the user's, else NOT_FOUND) makes permit_type 'custom'; null makes it
 * 'none'. The template fields of the payload are not applied here: a project's type, size and
 * sides change only through POST /api/projects/{id}/update.
 */
export async function setProjectPermit(ctx: AppContext, principal: Principal, input: { id: string; permitId: string | null }): Promise<TProject> {
  const { db } = ctx;
  const { id, permitId } = input;
  if (!(await projectsRepo.findRow(db, principal.userId, id))) throw notFound('Project');
  if (permitId && !(await findPermit(db, principal, permitId))) throw notFound('Permit');
  await projectsRepo.update(db, principal.userId, id, { mailingPermitId: permitId, permitType: permitId ? 'custom' : 'none' });
  return presentById(db, principal, id);
}

/**
 * Makes one of the principal's lists the project's current mailing list (docs/requirements/workflow.md#route-table 'Current
 * Mailing List'): PUT /api/projects/{id}/list, after the user confirmed the switch. With
 * `adoptProjectListIfNone` the only places that write projects.list_id.
 * Errors: NOT_FOUND (404) for another user's project or list.
 */
async function setProjectList(db: Db, principal: Principal, id: string, listId: string): Promise<void> {
  if (!(await projectsRepo.findRow(db, principal.userId, id))) throw notFound('Project');
  if (!(await projectsRepo.ownsList(db, principal.userId, listId))) throw notFound('Mailing list');
  await projectsRepo.update(db, principal.userId, id, { listId });
}

/**
 * An upload for a project becomes its list only when the project has none yet (docs/requirements/workflow.md#clear-states-and-fast-pages: no silent
 * list swap); a project that already prints from a list keeps it until the user confirms the
 * switch (PUT /api/projects/{id}/list). Returns whether the list was adopted. The list must be the
 * principal's (the upload's transaction creates it).
 */
export async function adoptProjectListIfNone(db: Db, principal: Principal, id: string, listId: string): Promise<boolean> {
  return projectsRepo.adoptList(db, principal.userId, id, listId);
}

/** PUT /api/projects/{id}/list {listId} → the updated project (errors as `setProjectList`). */
export async function chooseProjectList(ctx: AppContext, principal: Principal, input: { id: string; listId: string }): Promise<TProject> {
  await setProjectList(ctx.db, principal, input.id, input.listId);
  return presentById(ctx.db, principal, input.id);
}

/** How many of the principal's projects print from `listId` (a current list cannot be deleted). */
export async function countProjectsUsingList(db: Db, principal: Principal, listId: string): Promise<number> {
  return projectsRepo.countUsingList(db, principal.userId, listId);
}

/**
 * One of the principal's projects as stored, for modules that act on a project (designs, print).
 * Errors: NOT_FOUND (404) when it is missing or another user's (also for a malformed id).
 */
export async function getOwnedProject(db: Db, principal: Principal, id: string): Promise<ProjectRow> {
  const row = await projectsRepo.findRow(db, principal.userId, id);
  if (!row) throw notFound('Project');
  return row;
}

/**
 * A project's thumbnail PNG as a stream (GET /api/projects/{id}/thumbnails/{side}.png); NOT_FOUND
 * when the project is not the user's or has no thumbnail for that side.
 */
export async function openThumbnail(ctx: AppContext, principal: Principal, input: { id: string; side: ThumbnailSide }): Promise<Readable> {
  const { storage } = ctx;
  const { id, side } = input;
  const record = await projectsRepo.findRecord(ctx.db, principal.userId, id);
  const has = side === 'inside' || side === 'outside' ? record?.design?.thumbnails[side] : record?.design?.reinforcementThumbnails?.[side];
  if (!has) throw notFound('Thumbnail');
  const key = thumbnailKey(id, side);
  if (!(await storage.exists(key))) throw notFound('Thumbnail');
  return storage.stream(key);
}

/** GET /api/templates/project/{id}/design: the design of one of the principal's projects (NOT_FOUND for another user's). */
export async function projectDesign(ctx: AppContext, principal: Principal, id: string): Promise<TProjectDesign> {
  return getDesign(ctx.db, await getOwnedProject(ctx.db, principal, id));
}

/**
 * POST /api/templates/project/{id}/design: saves the design of one of the principal's projects (NOT_FOUND for another
 * user's; the design rules and their errors are `saveDesign`'s).
 */
export async function saveProjectDesign(ctx: AppContext, principal: Principal, input: { id: string; design: TProjectDesignSave }): Promise<TProjectDesign> {
  return saveDesign(ctx.db, ctx.storage, await getOwnedProject(ctx.db, principal, input.id), input.design);
}
