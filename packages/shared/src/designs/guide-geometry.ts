import { PAGE_PADDING_MM, PAPER_SIZES_MM } from '../constants.js';
import type { TTemplateGuideQuery } from '../projects.js';

/**
 * Geometry of the template guide files (docs/requirements/workflow.md#route-table template setup "download PSD and PDF
 * template buttons"), in millimetres, shared by the PDF and PSD writers and the Designer (which
 * places elements in these zones and draws them on the canvas, docs/requirements/workflow.md#clear-states-and-fast-pages) so all show the same
 * zones. Rectangles are measured from the top-left corner of the trim (the finished piece);
 * the bleed rectangle therefore starts at negative coordinates.
 */

export const INCH_MM = 25.4;
/** Bleed beyond the trim on every edge: 1/8 in (print-industry standard). */
export const BLEED_MM = 0.125 * INCH_MM;
/** Safe area inset inside the trim: the page padding of docs/requirements/designer.md#limits (6.35 mm = 1/4 in). */
export const SAFE_MM = PAGE_PADDING_MM;

/**
 * Bleed in pixels at 300 DPI for the PSD: 1/8 in is 37.5 px, rounded up to 38 px per edge so the
 * bleed is never short (8.5x11: 2550 × 3300 px trim → 2626 × 3376 px canvas).
 */
export const BLEED_PX_300DPI = 38;

export type RectMm = { x: number; y: number; width: number; height: number };

export type GuideZoneName = 'Indicia zone' | 'Address zone' | 'Barcode clear zone';
export type GuideZone = { name: GuideZoneName; rect: RectMm; note: string };

export type GuidePage = {
  /** Which template of the design this page stands for (template_data_inside / _outside). */
  side: 'outside' | 'inside';
  title: string;
  bleed: RectMm;
  trim: RectMm;
  safe: RectMm;
  /** USPS zones; only on the address side. */
  zones: GuideZone[];
};

export type GuideLayout = TTemplateGuideQuery & { trimMm: { width: number; height: number }; pages: GuidePage[] };

const inch = (n: number) => n * INCH_MM;

/**
 * USPS zones on the address side of a piece of trim size w × h mm:
 * - Indicia zone: the upper-right corner, 1-1/2 in × 1-1/2 in. USPS DMM 604.5 requires the
 *   permit imprint in the upper right corner of the address side; mailer guidance keeps it within
 *   1-1/2 in of that corner.
 * - Address zone: the OCR read area, 1/2 in from the left and right edges, between 5/8 in and
 *   2-3/4 in from the bottom edge (USPS DMM 202.2.1).
 * - Barcode clear zone: the bottom 5/8 in of the rightmost 4-3/4 in, kept free of printing for
 *   the Intelligent Mail barcode (USPS DMM 202.5).
 * The zones follow the page as designed (portrait); USPS measures them with the address parallel
 * to the piece's longest side, so a piece mailed the other way round needs them rotated.
 */
export function addressSideZones(w: number, h: number): GuideZone[] {
  return [
    {
      name: 'Indicia zone',
      rect: { x: w - inch(1.5), y: 0, width: inch(1.5), height: inch(1.5) },
      note: 'Permit imprint, upper right (USPS DMM 604.5)',
    },
    {
      name: 'Address zone',
      rect: { x: inch(0.5), y: h - inch(2.75), width: w - inch(1), height: inch(2.75 - 0.625) },
      note: 'Address block, OCR read area (USPS DMM 202.2.1)',
    },
    {
      name: 'Barcode clear zone',
      rect: { x: w - inch(4.75), y: h - inch(0.625), width: inch(4.75), height: inch(0.625) },
      note: 'Keep clear: 4-3/4 × 5/8 in (USPS DMM 202.5)',
    },
  ];
}

/**
 * The pages of a guide: double-sided → outside (address side) then inside; single-sided → one
 * address-side page (its design is template_data_inside, docs/requirements/projects.md#data). Sizes from PAPER_SIZES_MM.
 */
export function guideLayout(query: TTemplateGuideQuery): GuideLayout {
  const { width: w, height: h } = PAPER_SIZES_MM[query.paperSize];
  const page = (side: GuidePage['side'], title: string, address: boolean): GuidePage => ({
    side,
    title,
    bleed: { x: -BLEED_MM, y: -BLEED_MM, width: w + 2 * BLEED_MM, height: h + 2 * BLEED_MM },
    trim: { x: 0, y: 0, width: w, height: h },
    safe: { x: SAFE_MM, y: SAFE_MM, width: w - 2 * SAFE_MM, height: h - 2 * SAFE_MM },
    zones: address ? addressSideZones(w, h) : [],
  });
  const pages = query.sides === 'double'
    ? [page('outside', 'Outside (address side)', true), page('inside', 'Inside', false)]
    : [page('inside', 'Front (address side)', true)];
  return { ...query, trimMm: { width: w, height: h }, pages };
}

/** A length in mm as inches for labels: 215.9 → '8.5', 210 → '8.27'. */
export const inches = (mm: number) => String(+(mm / INCH_MM).toFixed(2));

/** Mailer type as printed on the guide. */
export const templateTypeLabel = (t: TTemplateGuideQuery['templateType']) => (t === 'postcard' ? 'Postcard' : 'Self-mailer');

/** Download file name, e.g. `mailer-guide-8.5x11-self_mailer-double.pdf`. */
export const guideFileName = (q: TTemplateGuideQuery, ext: 'pdf' | 'psd') =>
  `mailer-guide-${q.paperSize}-${q.templateType}-${q.sides}.${ext}`;
