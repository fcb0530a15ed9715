import { effectivePermitType, projectProgress, type TProject, type TProjectStatus } from '@mailcraft/shared';
import type { ThumbnailSide } from '../designs/thumbnails.js';
import type { ProjectRecord } from './projects.repo.js';

/**
 * Maps a project record to the API shape (docs/requirements/projects.md#project). Thumbnails are URLs of
 * GET /api/projects/{id}/thumbnails/{side}.png with `?v=` the design's updated_at in ms (cache
 * buster), or null; r1–r3 are the reinforcements' thumbnails (docs/requirements/print-on-demand-api.md#data), `?v=` their own save
 * time. list_* come from the current list.
 */
export function presentProject(r: ProjectRecord): TProject {
  const p = r.project;
  const hasTemplate = r.design?.hasContent ?? false;
  const thumbnail = (side: ThumbnailSide) => {
    const url = `/api/projects/${p.id}/thumbnails/${side}.png?v=`;
    if (side === 'inside' || side === 'outside') return r.design?.thumbnails[side] ? `${url}${r.design.updatedAt.getTime()}` : null;
    const savedAt = r.design?.reinforcementThumbnails?.[side];
    return savedAt ? `${url}${Date.parse(savedAt)}` : null;
  };
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    template_type: p.templateType,
    paper_size: p.paperSize,
    sides: p.sides,
    permit_type: effectivePermitType(p.permitType, p.mailingPermitId),
    mailing_permit_id: p.mailingPermitId,
    list_id: r.list?.id ?? null,
    list_size: r.list?.rowCount ?? null,
    list_name: r.list?.name ?? null,
    has_template: hasTemplate,
    progress: projectProgress(!!r.list, hasTemplate),
    created_at: p.createdAt.toISOString(),
    thumbnail_inside: thumbnail('inside'),
    thumbnail_outside: thumbnail('outside'),
    thumbnail_r1: thumbnail('r1'),
    thumbnail_r2: thumbnail('r2'),
    thumbnail_r3: thumbnail('r3'),
  };
}

/** GET /api/projects/{id}/status (docs/requirements/projects.md#project status): progress 0, 50 or 100. */
export function presentProjectStatus(r: ProjectRecord): TProjectStatus {
  const designed = r.design?.hasContent ?? false;
  return {
    list: r.list ? { id: r.list.id, name: r.list.name, row_count: r.list.rowCount } : null,
    // The blank design made with the project is its template (docs/requirements/workflow.md#clear-states-and-fast-pages): present before any element is placed.
    template: !!r.design,
    designed,
    progress: projectProgress(!!r.list, designed),
  };
}
