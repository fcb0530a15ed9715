import type { PaperSize, TAdminSampleTemplate, TemplateType, TSampleTemplate } from '@mailcraft/shared';
import { designOf, type SampleTemplateRow } from './sample-templates.repo.js';
import { sidesOf } from './sample-render.js';

/**
 * A sample as the gallery shows it. Thumbnail URLs: GET /api/templates/samples/{id}/thumbnail/{side}
 * with `?v=` the sample's updated_at in ms (a replaced thumbnail gets a new URL).
 */
export function presentSample(row: SampleTemplateRow): TSampleTemplate {
  const sides = sidesOf(designOf(row));
  const url = (side: 'front' | 'back') => `/api/templates/samples/${row.id}/thumbnail/${side}?v=${row.updatedAt.getTime()}`;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    template_type: row.templateType as TemplateType,
    paper_size: row.paperSize as PaperSize,
    sides,
    position: row.position,
    front_thumbnail: url('front'),
    back_thumbnail: sides === 'double' ? url('back') : null,
  };
}

/** A sample as the admin page lists it: the gallery fields plus its state. */
export function presentAdminSample(row: SampleTemplateRow): TAdminSampleTemplate {
  return {
    ...presentSample(row),
    published: row.published,
    builtin_key: row.builtinKey,
    source_project_id: row.sourceProjectId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
