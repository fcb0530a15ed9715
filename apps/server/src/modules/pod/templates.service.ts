import { type TApiTemplate, type TProject, type TReinforcement } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/principal.js';
import { listReinforcements, listReinforcementsOf, reinforcementSummary } from '../reinforcements/reinforcements.service.js';
import { getOwnedProject, getProject, listProjects } from '../projects/projects.service.js';

function mainTemplate(p: TProject): TApiTemplate {
  return {
    id: `${p.id}-main`, project_id: p.id, name: p.name, kind: 'main', template_type: p.template_type, paper_size: p.paper_size,
    sides: p.sides === 'double' ? 2 : 1, thumbnail_outside: p.thumbnail_outside, thumbnail_inside: p.thumbnail_inside, has_design: p.has_template,
  };
}

function reinforcementTemplate(p: TProject, r: TReinforcement): TApiTemplate {
  return {
    id: r.id, project_id: p.id, name: r.name, kind: 'reinforcement', template_type: p.template_type, paper_size: r.size,
    sides: 1, thumbnail_outside: null, thumbnail_inside: r.thumbnail, has_design: true,
  };
}

/** GET /api/reinforcements?projectId (docs/requirements/print-on-demand-api.md#data): the project's saved reinforcements by slot. Errors: NOT_FOUND (project). */
export async function projectReinforcements(ctx: AppContext, principal: Principal, projectId: string): Promise<TReinforcement[]> {
  const { db } = ctx;
  return (await listReinforcements(db, await getOwnedProject(db, principal, projectId))).map(reinforcementSummary);
}

/** Every project of the principal, newest first, with its reinforcements (one query for all of them). */
async function projectsWithReinforcements(ctx: AppContext, principal: Principal): Promise<Array<{ project: TProject; reinforcements: TReinforcement[] }>> {
  const projects = await listProjects(ctx, principal);
  const all = await listReinforcementsOf(ctx.db, projects.map((p) => ({ id: p.id, paperSize: p.paper_size })));
  return projects.map((project) => ({ project, reinforcements: (all.get(project.id) ?? []).map(reinforcementSummary) }));
}

/** GET /api/reinforcements without a project: every project's reinforcements, newest project first. */
export async function allReinforcements(ctx: AppContext, principal: Principal): Promise<TReinforcement[]> {
  return (await projectsWithReinforcements(ctx, principal)).flatMap((p) => p.reinforcements);
}

/**
 * GET /api/templates/project/{projectId} (docs/requirements/print-on-demand-api.md#data): the project's main template
 * '{projectId}-main' and one per saved reinforcement '{projectId}-rN'. Errors: NOT_FOUND.
 */
export async function projectTemplates(ctx: AppContext, principal: Principal, projectId: string): Promise<TApiTemplate[]> {
  const project = await getProject(ctx, principal, projectId);
  return [mainTemplate(project), ...(await projectReinforcements(ctx, principal, projectId)).map((r) => reinforcementTemplate(project, r))];
}

/** GET /api/templates (docs/requirements/print-on-demand-api.md#api): every project's main template, newest project first, then its reinforcements. */
export async function allTemplates(ctx: AppContext, principal: Principal): Promise<TApiTemplate[]> {
  return (await projectsWithReinforcements(ctx, principal))
    .flatMap(({ project, reinforcements }) => [mainTemplate(project), ...reinforcements.map((r) => reinforcementTemplate(project, r))]);
}
