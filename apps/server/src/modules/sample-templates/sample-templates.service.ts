import {
  sampleMismatchMessage, type PaperSize, type TApplySampleResult, type TemplateType, type TSampleTemplate,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { Principal } from '../../platform/principal.js';
import { saveDesign } from '../designs/designs.service.js';
import { getOwnedProject, updateProject } from '../projects/projects.service.js';
import { sidesOf } from './sample-render.js';
import { presentSample } from './sample-templates.presenter.js';
import { designOf, sampleTemplatesRepo, type SampleTemplateRow } from './sample-templates.repo.js';
import { sampleThumbnail, type SampleSide } from './sample-thumbnails.js';

/**
 * A sample the principal may see: published ones for anyone signed in, hidden ones for
 * administrators only. NOT_FOUND (404) otherwise (a hidden sample looks missing to users).
 */
export async function visibleSample(ctx: Pick<AppContext, 'db'>, principal: Principal, id: string): Promise<SampleTemplateRow> {
  const row = isUuid(id) ? await sampleTemplatesRepo.find(ctx.db, id) : undefined;
  if (!row || (!row.published && !principal.isAdmin)) throw notFound('Sample template');
  return row;
}

/** GET /api/templates/samples?type&size (docs/requirements/administration.md#administration): published samples by position, then name. */
export async function listSamples(ctx: AppContext, _principal: Principal, query: { type?: TemplateType; size?: PaperSize }): Promise<TSampleTemplate[]> {
  return (await sampleTemplatesRepo.list(ctx.db, { publishedOnly: true, ...query })).map(presentSample);
}

/**
 * GET /api/templates/samples/{id}/thumbnail/{front|back} → PNG bytes of sample `id`'s `side`, rendered on first request
 * (see `sampleThumbnail`). Errors: NOT_FOUND as `visibleSample`, and for the back of a
 * single-sided sample.
 */
export async function openSampleThumbnail(ctx: AppContext, principal: Principal, input: { id: string; side: SampleSide }): Promise<Buffer> {
  return sampleThumbnail(ctx, await visibleSample(ctx, principal, input.id), input.side);
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * POST /api/templates/samples/{id}/apply {projectId} (docs/requirements/administration.md#administration): sample `id`'s design becomes the
 * project's design, saved like a Designer save (`saveDesign`: a new version, drafts older than it
 * are dropped) with the sample's thumbnails. A project with other sides than the sample is made
 * single- or double-sided to match (its design is replaced anyway). Returns the project id.
 * Errors: NOT_FOUND (404) for a sample the principal may not see or a project that is not theirs;
 * CONFLICT (409) when the project's paper size or type differs from the sample's
 * ('This template is 6x9; your project is 8.5x11.').
 */
export async function applySample(ctx: AppContext, principal: Principal, input: { id: string; projectId: string }): Promise<TApplySampleResult> {
  const { id, projectId } = input;
  const sample = await visibleSample(ctx, principal, id);
  const project = await getOwnedProject(ctx.db, principal, projectId);
  if (project.paperSize !== sample.paperSize || project.templateType !== sample.templateType) {
    throw new AppError('CONFLICT', sampleMismatchMessage(
      { template_type: sample.templateType as TemplateType, paper_size: sample.paperSize as PaperSize },
      { template_type: project.templateType, paper_size: project.paperSize },
    ));
  }
  const design = designOf(sample);
  const sides = sidesOf(design);
  if (project.sides !== sides) {
    await updateProject(ctx, principal, {
      id: project.id, name: project.name, description: project.description, template_type: project.templateType, paper_size: project.paperSize, sides,
    });
  }
  const front = await sampleThumbnail(ctx, sample, 'front');
  const back = design.outside ? await sampleThumbnail(ctx, sample, 'back') : null;
  await saveDesign(ctx.db, ctx.storage, { id: project.id, paperSize: project.paperSize, sides }, {
    template_data_inside: design.inside,
    template_data_outside: design.outside,
    thumbnails: back ? { outside: dataUrl(front), inside: dataUrl(back) } : { inside: dataUrl(front) },
  });
  return { project_id: project.id };
}
