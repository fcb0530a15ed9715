import { PAGE_PADDING_MM, PAPER_SIZES_MM, type PaperSize } from './constants.js';
import type { TDesignTemplate } from './projects.js';

// Plain functions of projects and their designs, apart from the zod schemas in projects.ts so that
// a page using only these does not load zod (docs/requirements/workflow.md#clear-states-and-fast-pages: first load ≤ 300 KB gzip).

/** Progress of a project in percent (docs/requirements/projects.md#project status): list and template, 50 % each. */
export function projectProgress(hasList: boolean, hasTemplate: boolean): number {
  return (hasList ? 50 : 0) + (hasTemplate ? 50 : 0);
}

/**
 * An empty one-page template at a paper size: portrait width × height in mm (PAPER_SIZES_MM)
 * and 6.35 mm padding on all sides (docs/requirements/designer.md#limits).
 */
export function blankTemplate(paperSize: PaperSize): TDesignTemplate {
  const { width, height } = PAPER_SIZES_MM[paperSize];
  const p = PAGE_PADDING_MM;
  return { basePdf: { width, height, padding: [p, p, p, p] }, schemas: [[]] };
}

/** True when any page of the template holds at least one element (drives has_template). */
export function templateHasContent(template: TDesignTemplate | null | undefined): boolean {
  return !!template && template.schemas.some((page) => page.length > 0);
}

/** True when the template's page is the paper size in mm, within `toleranceMm` (default 0.5). */
export function templateFitsPaperSize(template: TDesignTemplate, paperSize: PaperSize, toleranceMm = 0.5): boolean {
  const { width, height } = PAPER_SIZES_MM[paperSize];
  return Math.abs(template.basePdf.width - width) <= toleranceMm && Math.abs(template.basePdf.height - height) <= toleranceMm;
}
