import type { Readable } from 'node:stream';
import type { TProject, TProjectCreate, TProjectStatus, TProjectUpdate } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import { conformDesign } from '../designs/designs.service.js';
import { permitsRepo } from '../permits/permits.repo.js';
import { planLimit } from '../subscriptions/subscriptions.service.js';
import { thumbnailKey, type ThumbnailSide } from '../designs/thumbnails.js';
import { presentProject, presentProjectStatus } from './projects.presenter.js';
import { projectsRepo } from './projects.repo.js';

async function presentById(db: Db, userId: string, id: string): Promise<TProject> {
  const record = await projectsRepo.findRecord(db, userId, id);
  if (!record) throw notFound('Project');
  return presentProject(record);
}

/** GET /api/projects: the user's projects, newest first (spec 000 §7). */
export async function listProjects(db: Db, userId: string): Promise<TProject[]> {
  return (await projectsRepo.listRecords(db, userId)).map(presentProject);
}

/** GET /api/projects/{id}. Throws NOT_FOUND for a missing or another user's project. */
export const getProject = presentById;

/**
 * Resolves the permit a new project starts with (spec 000 §3 permit_type): 'product' mails under
 * the product's own permit and 'none' without one, so neither holds a user permit; 'custom' uses
 * `permit_id` (must be the user's, else NOT_FOUND) or, without one, the user's default permit.
 */
async function initialPermitId(db: Db, userId: string, input: TProjectCreate): Promise<string | null> {
  if (input.permit_type !== 'custom') return null;
  if (input.permit_id) {
    if (!(await permitsRepo.findForUser(db, userId, input.permit_id))) throw notFound('Permit');
    return input.permit_id;
  }
  return (await permitsRepo.findDefault(db, userId))?.id ?? null;
}

/**
 * POST /api/projects (spec 000 §4, §7): creates a project from a ZProjectCreateSchema payload
 * (defaults self_mailer / 8.5x11 / double / product). Throws PAYMENT_REQUIRED (402) when the
 * plan's `max_projects` is reached, NOT_FOUND when `permit_id` is not the user's.
 */
export async function createProject(db: Db, userId: string, input: TProjectCreate): Promise<TProject> {
  const limit = await planLimit(db, userId, 'max_projects');
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
      permitType: input.permit_type,
      mailingPermitId: await initialPermitId(tx, userId, input),
    });
    return row.id;
  });
  return presentById(db, userId, id);
}

/**
 * POST /api/projects/{id}/update (spec 000 §2, §7): name, description, template_type, paper_size
 * and sides. A changed size or sides reshapes the saved design (conformDesign). Answers the
 * updated project including mailing_permit_id; NOT_FOUND for another user's project.
 */
export async function updateProject(ctx: Pick<AppContext, 'db' | 'storage'>, userId: string, id: string, input: TProjectUpdate): Promise<TProject> {
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
  return presentById(ctx.db, userId, id);
}

/** DELETE /api/projects/{id}: removes the project, its design and its thumbnails. */
export async function deleteProject(ctx: Pick<AppContext, 'db' | 'storage'>, userId: string, id: string): Promise<void> {
  if (!(await projectsRepo.delete(ctx.db, userId, id))) throw notFound('Project');
  await ctx.storage.delete(`projects/${id}`);
}

/** GET /api/projects/{id}/status → `{list, template, progress}` (spec 000 §3 Project status). */
export async function projectStatus(db: Db, userId: string, id: string): Promise<TProjectStatus> {
  const record = await projectsRepo.findRecord(db, userId, id);
  if (!record) throw notFound('Project');
  return presentProjectStatus(record);
}

/**
 * PUT /api/templates/project/{id}/permit (spec 000 §7): sets the project's mailing permit.
 * A permit id (must be the user's, else NOT_FOUND) makes permit_type 'custom'; null makes it
 * 'none'. The template fields of the payload are not applied here: a project's type, size and
 * sides change only through POST /api/projects/{id}/update.
 */
export async function setProjectPermit(db: Db, userId: string, id: string, permitId: string | null): Promise<TProject> {
  if (!(await projectsRepo.findRow(db, userId, id))) throw notFound('Project');
  if (permitId && !(await permitsRepo.findForUser(db, userId, permitId))) throw notFound('Permit');
  await projectsRepo.update(db, userId, id, { mailingPermitId: permitId, permitType: permitId ? 'custom' : 'none' });
  return presentById(db, userId, id);
}

/**
 * PUT /api/projects/{id}/list {listId}: makes one of the user's lists the project's current
 * mailing list (choosing an existing list card on the upload screen, spec 000 §2). NOT_FOUND for
 * another user's project or list.
 */
export async function setProjectList(db: Db, userId: string, id: string, listId: string): Promise<TProject> {
  if (!(await projectsRepo.findRow(db, userId, id))) throw notFound('Project');
  if (!(await projectsRepo.ownsList(db, userId, listId))) throw notFound('Mailing list');
  await projectsRepo.update(db, userId, id, { listId });
  return presentById(db, userId, id);
}

/**
 * A project's thumbnail PNG as a stream (GET /api/projects/{id}/thumbnails/{side}.png); NOT_FOUND
 * when the project is not the user's or has no thumbnail for that side.
 */
export async function openThumbnail(db: Db, storage: Storage, userId: string, id: string, side: ThumbnailSide): Promise<Readable> {
  const record = await projectsRepo.findRecord(db, userId, id);
  if (!record?.design?.thumbnails[side]) throw notFound('Thumbnail');
  const key = thumbnailKey(id, side);
  if (!(await storage.exists(key))) throw notFound('Thumbnail');
  return storage.stream(key);
}
