import {
  PAPER_SIZES_MM, blankTemplate, templateFitsPaperSize, templateHasContent,
  type PaperSize, type Sides, type TDesignTemplate, type TProjectDesign, type TProjectDesignSave,
} from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import { checkDesignImages } from './design-images.js';
import { designsRepo, type DesignRow } from './designs.repo.js';
import { decodePngDataUrl, thumbnailKey, type ThumbnailSide } from './thumbnails.js';

/** What the design rules need of its project (the projects module passes it after checking ownership). */
export type DesignProject = { id: string; paperSize: PaperSize; sides: Sides };

const paperSizeOf = (project: DesignProject) => project.paperSize;

const savedInside = (row: DesignRow | undefined) => (row?.templateDataInside ?? null) as TDesignTemplate | null;
const savedOutside = (row: DesignRow | undefined) => (row?.templateDataOutside ?? null) as TDesignTemplate | null;

function present(project: DesignProject, row: DesignRow | undefined): TProjectDesign {
  const paperSize = paperSizeOf(project);
  return {
    template_data_inside: savedInside(row) ?? blankTemplate(paperSize),
    template_data_outside: project.sides === 'double' ? (savedOutside(row) ?? blankTemplate(paperSize)) : null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * GET /api/templates/project/{id}/design → `{template_data_inside, template_data_outside,
 * updated_at}` (docs/requirements/designer.md#design-template template). Until a design is saved, blank templates at the
 * project's paper size (6.35 mm padding) and `updated_at: null`; outside is null when single-sided.
 */
export async function getDesign(db: Db, project: DesignProject): Promise<TProjectDesign> {
  return present(project, await designsRepo.find(db, project.id));
}

function checkSize(template: TDesignTemplate, paperSize: PaperSize, side: string): void {
  if (templateFitsPaperSize(template, paperSize)) return;
  const { width, height } = PAPER_SIZES_MM[paperSize];
  throw new AppError('VALIDATION', `The ${side} template must be ${width} × ${height} mm (${paperSize})`);
}

/**
 * POST /api/templates/project/{id}/design: validates and upserts the project's design and writes
 * its thumbnails to storage (`projects/{id}/thumbnails/{side}.png`).
 * - Each template's basePdf must be the project's paper size in mm (±0.5), else VALIDATION (400).
 * - Single-sided projects take no outside template or thumbnail (400). A double-sided save
 *   without an outside (absent or null) keeps the saved outside, or a blank one: an outside is
 *   cleared by sending a blank template, never by omission.
 * - Thumbnails: PNG data URLs, at most 2 MB each (413), PNG signature checked (400); a side
 *   without a new thumbnail keeps its previous one.
 * - Images in elements: at most IMAGE_MAX_PIXELS and IMAGE_MAX_DECODED_BYTES by their header
 *   (413 naming the element, see `checkDesignImages`).
 */
export async function saveDesign(db: Db, storage: Storage, project: DesignProject, input: TProjectDesignSave): Promise<TProjectDesign> {
  const projectId = project.id;
  const paperSize = paperSizeOf(project);
  const double = project.sides === 'double';
  if (!double && (input.template_data_outside || input.thumbnails?.outside)) {
    throw new AppError('VALIDATION', 'A single-sided project has no outside design');
  }
  const inside = input.template_data_inside;
  checkSize(inside, paperSize, 'inside');
  if (input.template_data_outside) checkSize(input.template_data_outside, paperSize, 'outside');
  await checkDesignImages([inside, input.template_data_outside]);

  const pngs = Object.entries(input.thumbnails ?? {})
    .filter((e): e is [ThumbnailSide, string] => typeof e[1] === 'string')
    .map(([side, dataUrl]) => ({ side, png: decodePngDataUrl(dataUrl, side) }));
  const existing = await designsRepo.find(db, projectId);
  const outside = double ? (input.template_data_outside ?? savedOutside(existing) ?? blankTemplate(paperSize)) : null;
  const thumbnails: Record<string, string> = { ...(existing?.thumbnails ?? {}) };
  for (const { side, png } of pngs) {
    await storage.put(thumbnailKey(projectId, side), png);
    thumbnails[side] = thumbnailKey(projectId, side);
  }
  const row = await designsRepo.upsert(db, projectId, {
    templateDataInside: inside,
    templateDataOutside: outside,
    hasContent: templateHasContent(inside) || templateHasContent(outside),
    thumbnails,
  });
  return present(project, row);
}

const resized = (t: TDesignTemplate, paperSize: PaperSize): TDesignTemplate => {
  const { width, height } = PAPER_SIZES_MM[paperSize];
  return { ...t, basePdf: { ...t.basePdf, width, height } };
};

/**
 * Keeps a saved design consistent after the project's paper size or sides changed (POST
 * /api/projects/{id}/update): every basePdf takes the new size in mm (elements keep their
 * positions), the outside template is dropped for single-sided and created blank for
 * double-sided. Returns the storage keys that are no longer referenced (the outside thumbnail)
 * for the caller to delete once the transaction has committed. No-op without a saved design.
 */
export async function conformDesign(db: Db, project: DesignProject): Promise<string[]> {
  const row = await designsRepo.find(db, project.id);
  if (!row) return [];
  const paperSize = paperSizeOf(project);
  const inside = resized(savedInside(row) ?? blankTemplate(paperSize), paperSize);
  const outside = project.sides === 'double' ? resized(savedOutside(row) ?? blankTemplate(paperSize), paperSize) : null;
  const thumbnails = { ...row.thumbnails };
  const orphaned: string[] = [];
  if (!outside && thumbnails.outside) {
    orphaned.push(thumbnails.outside);
    delete thumbnails.outside;
  }
  await designsRepo.upsert(db, project.id, {
    templateDataInside: inside,
    templateDataOutside: outside,
    hasContent: templateHasContent(inside) || templateHasContent(outside),
    thumbnails,
  });
  return orphaned;
}

/** The saved templates of a project and their version (1, 2, … per save), or null without a saved design (print reads them). */
export async function findSavedDesign(db: Db, projectId: string): Promise<{ inside: TDesignTemplate | null; outside: TDesignTemplate | null; hasContent: boolean; version: number } | null> {
  const row = await designsRepo.find(db, projectId);
  return row ? { inside: savedInside(row), outside: savedOutside(row), hasContent: row.hasContent, version: row.version } : null;
}

/** The reinforcement slots ('r1'…'r3') stored with a project's design, {} without a saved design (the reinforcements module reads them). */
export async function findStoredReinforcements(db: Db, projectId: string): Promise<Partial<DesignRow['reinforcements']>> {
  return (await designsRepo.find(db, projectId))?.reinforcements ?? {};
}

/**
 * How many designs use each font, by PostScript name (docs/requirements/administration.md#administration: a font in use is not deleted):
 * a project's design counts once when any element of its inside, outside or reinforcements names
 * the font. Fonts no design uses are absent from the map.
 */
export async function fontUsage(db: Db): Promise<Map<string, number>> {
  return designsRepo.fontUsage(db);
}
