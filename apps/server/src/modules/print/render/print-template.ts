import { PDFDocument } from '@pdfme/pdf-lib';
import { isBlankPdf, type BasePdf, type Schema, type Template } from '@pdfme/common';
import { PAGE_PADDING_MM, PAPER_SIZES_MM, type PaperSize } from '@mailcraft/shared';
import { AppError } from '../../../platform/errors.js';
import { checkPrintImages } from './print-images.js';

type DesignSide = { basePdf: BasePdf; schemas: Schema[][] };

/** A stored design side as a pdfme template, or null when it is missing or not a template. */
function asSide(data: unknown): DesignSide | null {
  if (!data || typeof data !== 'object') return null;
  const { basePdf, schemas } = data as { basePdf?: unknown; schemas?: unknown };
  if (!Array.isArray(schemas) || !schemas.every(Array.isArray)) return null;
  if (typeof basePdf === 'string') return { basePdf, schemas: schemas as Schema[][] };
  if (!basePdf || typeof basePdf !== 'object' || !('width' in basePdf) || !('height' in basePdf)) return null;
  const p = PAGE_PADDING_MM;
  return { basePdf: { padding: [p, p, p, p], ...basePdf } as BasePdf, schemas: schemas as Schema[][] };
}

/** A custom base PDF (data URL or base64) as bytes. */
const pdfBytes = (b: string) => Buffer.from(b.replace(/^data:application\/pdf;base64,/, ''), 'base64');

/**
 * One base for both sides when at least one is a custom PDF: the outside's page(s) then the
 * inside's, blank sides as empty pages of their size (pdfme maps schema page i to base page i).
 */
async function combinedBasePdf(sides: DesignSide[]): Promise<string> {
  const out = await PDFDocument.create();
  for (const side of sides) {
    if (isBlankPdf(side.basePdf)) {
      for (let i = 0; i < side.schemas.length; i++) out.addPage([side.basePdf.width * 72 / 25.4, side.basePdf.height * 72 / 25.4]);
    } else {
      const src = await PDFDocument.load(pdfBytes(side.basePdf as string));
      const pages = await out.copyPages(src, src.getPageIndices().slice(0, side.schemas.length));
      pages.forEach((p) => out.addPage(p));
    }
  }
  return `data:application/pdf;base64,${Buffer.from(await out.save()).toString('base64')}`;
}

/**
 * The template of one mail piece: single-sided → the inside
 * page(s); double-sided → the outside page(s) then the inside page(s), so each input renders a
 * whole piece. Normalised for printing:
 * - element names are made unique across pages ('x' twice → 'x', 'x copy 2'; pdfme keys inputs
 *   by name and renders only the first element of a name on a page);
 * - fonts the server does not have fall back to the fallback font (pdfme would throw);
 * - `required` is dropped, so an empty value prints empty instead of failing the job; the
 *   design's flag is kept as `requiredInDesign` for the preflight.
 * A missing outside design on a double-sided project prints a blank outside page.
 * Throws UNPROCESSABLE (422) when the inside design is missing or not a template, or when one
 * of its images is over the image bounds (`checkPrintImages`).
 */
export async function composePieceTemplate(
  design: { inside: unknown; outside: unknown },
  project: { sides: string; paperSize: string },
  fontNames: string[],
): Promise<Template> {
  const inside = asSide(design.inside);
  if (!inside || inside.schemas.length === 0) throw new AppError('UNPROCESSABLE', 'Design the mailer before creating print files');
  let sides = [inside];
  if (project.sides === 'double') {
    const size = isBlankPdf(inside.basePdf) ? inside.basePdf : PAPER_SIZES_MM[project.paperSize as PaperSize] ?? PAPER_SIZES_MM['8.5x11'];
    const p = PAGE_PADDING_MM;
    const blank: DesignSide = { basePdf: { width: size.width, height: size.height, padding: [p, p, p, p] }, schemas: [[]] };
    sides = [asSide(design.outside) ?? blank, inside];
  }
  const basePdf = sides.every((s) => isBlankPdf(s.basePdf)) ? sides[0].basePdf : await combinedBasePdf(sides);

  const fonts = new Set(fontNames);
  const used = new Set<string>();
  const unique = (name: string) => {
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = `${name} copy ${n}`;
    used.add(candidate);
    return candidate;
  };
  const schemas = sides.flatMap((s) => s.schemas).map((page) => page.map((el) => {
    const copy: Schema = { ...el, name: unique(String(el.name ?? '')), required: false, ...(el.required ? { requiredInDesign: true } : {}) };
    if (typeof copy.fontName === 'string' && !fonts.has(copy.fontName)) delete copy.fontName;
    return copy;
  }));
  const template = { basePdf, schemas };
  checkPrintImages(template); // a design saved before the image bounds, or a sample's, fails here, not in a render
  return template;
}
