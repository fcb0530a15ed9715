import { type TApiTemplate, type TProject, type TReinforcement } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../platform/principal.js';
import { listReinforcements, reinforcementSummary } from '../designs/reinforcements.service.js';
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

/** GET /api/reinforcements?projectId (spec 002 §3, §7): the project's saved reinforcements by slot. Errors: NOT_FOUND (project). */
export async function projectReinforcements(db: Db, principal: Principal, projectId: string): Promise<TReinforcement[]> {
  return (await listReinforcements(db, await getOwnedProject(db, principal, projectId))).map(reinforcementSummary);
}

/** GET /api/reinforcements without a project: every project's reinforcements, newest project first. */
export async function allReinforcements(db: Db, principal: Principal): Promise<TReinforcement[]> {
  const out: TReinforcement[] = [];
  for (const p of await listProjects(db, principal)) out.push(...(await projectReinforcements(db, principal, p.id)));
  return out;
}

/**
 * GET /api/templates/project/{projectId} (spec 002 §3, §7): the project's main template
 * '{projectId}-main' and one per saved reinforcement '{projectId}-rN'. Errors: NOT_FOUND.
 */
export async function projectTemplates(db: Db, principal: Principal, projectId: string): Promise<TApiTemplate[]> {
  const project = await getProject(db, principal, projectId);
  return [mainTemplate(project), ...(await projectReinforcements(db, principal, projectId)).map((r) => reinforcementTemplate(project, r))];
}

/**
 * GET /api/templates (spec 002 §7): every project's main template, newest project first, then
 * its reinforcements. Reinforcements are read only for projects whose card shows one.
 */
export async function allTemplates(db: Db, principal: Principal): Promise<TApiTemplate[]> {
  const out: TApiTemplate[] = [];
  for (const p of await listProjects(db, principal)) {
    out.push(mainTemplate(p));
    if (p.thumbnail_r1 || p.thumbnail_r2 || p.thumbnail_r3) {
      out.push(...(await projectReinforcements(db, principal, p.id)).map((r) => reinforcementTemplate(p, r)));
    }
  }
  return out;
}
