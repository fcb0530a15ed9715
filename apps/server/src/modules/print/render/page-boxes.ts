import { PDFDocument, type PDFRef } from '@pdfme/pdf-lib';
import { isBlankPdf, type Schema, type Template } from '@pdfme/common';
import { BLEED_MM } from '@mailcraft/shared/designs';
import { imagePixelSize } from '../preflight/image-size.js';

/**
 * Page boxes of print files (docs/requirements/print.md#print-options): trim, bleed and crop marks, applied to
 * each rendered chunk with pdf-lib before it is merged, so pdfme renders at the trim size as
 * always. Lengths in mm unless named `…Pt`.
 */

export type PageBoxOptions = {
  /** Pages are trim + BLEED_MM on every side; backgrounds touching the trim run into the bleed. */
  bleed: boolean;
  /** Crop marks outside the bleed; the MediaBox grows by CROP_MARK_SLUG_MM on every side. */
  cropMarks: boolean;
};

/** Room beyond the trim on every side when crop marks are printed: 1/2 in. */
export const CROP_MARK_SLUG_MM = 12.7;
/** Crop marks start this far beyond the trim (outside the bleed) and end this far. */
const MARK_FROM_MM = BLEED_MM + 1.5;
const MARK_TO_MM = CROP_MARK_SLUG_MM - 1.5;
const MARK_WIDTH_PT = 0.25;
/** An element edge within this distance of the trim edge touches it. */
const TOUCH_MM = 0.5;
/** Element types that are backgrounds: stretched into the bleed when they touch the trim. */
const BACKGROUND_TYPES = new Set(['image', 'rectangle', 'svg']);

const PT_PER_MM = 72 / 25.4;
export const mmToPt = (mm: number) => mm * PT_PER_MM;

/** Where the trim lies on the page: content offset from the MediaBox origin and the bleed width (mm). */
export function pageGeometry(opts: PageBoxOptions): { offsetMm: number; bleedMm: number } {
  const bleedMm = opts.bleed ? BLEED_MM : 0;
  return { offsetMm: opts.cropMarks ? CROP_MARK_SLUG_MM : bleedMm, bleedMm };
}

/**
 * The trim size of a piece template (mm): a blank base's width × height, else the first page of
 * the custom base PDF.
 */
export async function templateTrimMm(template: Template): Promise<{ width: number; height: number }> {
  if (isBlankPdf(template.basePdf)) return { width: template.basePdf.width, height: template.basePdf.height };
  const base = template.basePdf as string;
  const doc = await PDFDocument.load(Buffer.from(base.replace(/^data:application\/pdf;base64,/, ''), 'base64'));
  const { width, height } = doc.getPage(0).getSize();
  return { width: width / PT_PER_MM, height: height / PT_PER_MM };
}

/**
 * Grows `len` to `target` on the sides that touched the trim (`lo`, `hi`), centred when both or
 * neither did; returns the new start.
 */
function growTo(start: number, len: number, target: number, lo: boolean, hi: boolean): number {
  const extra = target - len;
  if (lo && !hi) return start - extra;
  if (hi && !lo) return start;
  return start - extra / 2;
}

/**
 * `el` with every edge that touches the trim (or lies beyond it) moved BLEED_MM outward.
 * pdfme fits an image inside its box keeping its proportions, so an image's box is then grown
 * on its other axis to the picture's proportions (towards the touching edges): it covers the
 * bleed instead of floating in the stretched box.
 */
function stretchIntoBleed(el: Schema, trim: { width: number; height: number }): Schema {
  if (!BACKGROUND_TYPES.has(el.type) || (el.rotate ?? 0) % 360 !== 0) return el;
  const b = BLEED_MM;
  const left = el.position.x <= TOUCH_MM;
  const top = el.position.y <= TOUCH_MM;
  const right = el.position.x + el.width >= trim.width - TOUCH_MM;
  const bottom = el.position.y + el.height >= trim.height - TOUCH_MM;
  if (!left && !top && !right && !bottom) return el;
  let x = el.position.x - (left ? b : 0);
  let y = el.position.y - (top ? b : 0);
  let width = el.width + (left ? b : 0) + (right ? b : 0);
  let height = el.height + (top ? b : 0) + (bottom ? b : 0);
  const px = el.type === 'image' && typeof el.content === 'string' ? imagePixelSize(el.content) : null;
  if (px && px.width > 0 && px.height > 0) {
    const ratio = px.width / px.height;
    if (width / height > ratio) {
      y = growTo(y, height, width / ratio, top, bottom);
      height = width / ratio;
    } else {
      x = growTo(x, width, height * ratio, left, right);
      width = height * ratio;
    }
  }
  return { ...el, position: { x, y }, width, height };
}

/**
 * The template to render with bleed: background elements (image, rectangle, svg, not rotated)
 * whose edge lies on or over a trim edge are stretched BLEED_MM outward on that edge, so
 * they fill the bleed once `applyPageBoxes` enlarges the page. Without bleed `template` itself.
 */
export function bleedTemplate(template: Template, trim: { width: number; height: number }, opts: PageBoxOptions): Template {
  if (!opts.bleed) return template;
  return { ...template, schemas: template.schemas.map((page) => page.map((el) => stretchIntoBleed(el, trim))) };
}

/** A number for a content stream: at most 3 decimals. */
const num = (v: number) => String(Math.round(v * 1000) / 1000);

/**
 * Content-stream operators of the eight crop marks of a trim `w` × `h` pt whose lower-left
 * corner is at (`o`, `o`): 0.25 pt lines in registration colour (all four inks), from
 * MARK_FROM_MM to MARK_TO_MM beyond the trim, along the trim lines.
 */
function cropMarkOps(o: number, w: number, h: number): string {
  const from = mmToPt(MARK_FROM_MM);
  const to = mmToPt(MARK_TO_MM);
  const ops = ['q', `${MARK_WIDTH_PT} w`, '1 1 1 1 K'];
  const line = (x1: number, y1: number, x2: number, y2: number) => ops.push(`${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  for (const x of [o, o + w]) {
    for (const y of [o, o + h]) {
      const sx = x === o ? -1 : 1;
      const sy = y === o ? -1 : 1;
      line(x + sx * from, y, x + sx * to, y);
      line(x, y + sy * from, x, y + sy * to);
    }
  }
  ops.push('Q');
  return ops.join('\n');
}

/** A box as pdf-lib sets it: x, y, width, height (pt). */
type XYWH = [number, number, number, number];

/**
 * Where a rendered page (its MediaBox `box`, at the trim size) lands on the print page:
 * - without bleed or crop marks: MediaBox = CropBox = BleedBox = TrimBox = the page;
 * - with bleed: the page grows by BLEED_MM on every side (content moved by that much),
 *   TrimBox = the trim, BleedBox = trim + bleed, MediaBox = CropBox = BleedBox;
 * - with crop marks: the page grows by CROP_MARK_SLUG_MM on every side and the marks are drawn
 *   outside the bleed, at the trim lines.
 * `wrap` is the content-stream text before and after the page's own content (the move, then the
 * crop marks), or null when the content stays as it is. Boxes in pt as [x, y, width, height].
 */
export function printPageBoxes(box: { x: number; y: number; width: number; height: number }, opts: PageBoxOptions): {
  media: XYWH; bleed: XYWH; trim: XYWH; wrap: [string, string] | null;
} {
  const { offsetMm, bleedMm } = pageGeometry(opts);
  const o = mmToPt(offsetMm);
  const b = mmToPt(bleedMm);
  const { width: w, height: h } = box;
  const dx = o - box.x;
  const dy = o - box.y;
  const wrap: [string, string] | null = dx !== 0 || dy !== 0 || opts.cropMarks
    ? [`q 1 0 0 1 ${num(dx)} ${num(dy)} cm\n`, `\nQ\n${opts.cropMarks ? cropMarkOps(o, w, h) : ''}\n`]
    : null;
  return { media: [0, 0, w + 2 * o, h + 2 * o], bleed: [o - b, o - b, w + 2 * b, h + 2 * b], trim: [o, o, w, h], wrap };
}

/**
 * Sets the page boxes of every page of `doc` (a rendered chunk, pages at the trim size) as
 * `printPageBoxes` places them. Mutates `doc`. Pages are not re-encoded: each page's content is
 * wrapped between two small streams ('q … cm' and 'Q' + the crop marks) shared by every page of
 * that size, so the cost is a few dictionary entries per page (a 20,000-page file would
 * otherwise spend seconds compressing 60,000 tiny streams).
 */
export function applyPageBoxes(doc: PDFDocument, opts: PageBoxOptions): void {
  const wrappers = new Map<string, [PDFRef, PDFRef]>();
  for (const page of doc.getPages()) {
    const box = page.getMediaBox();
    const { media, bleed, trim, wrap } = printPageBoxes(box, opts);
    if (wrap) {
      const key = `${box.width}x${box.height}@${box.x},${box.y}`;
      let refs = wrappers.get(key);
      if (!refs) {
        refs = [doc.context.register(doc.context.stream(wrap[0])), doc.context.register(doc.context.stream(wrap[1]))];
        wrappers.set(key, refs);
      }
      page.node.normalize();
      page.node.wrapContentStreams(refs[0], refs[1]);
    }
    page.setMediaBox(...media);
    page.setCropBox(...media);
    page.setBleedBox(...bleed);
    page.setTrimBox(...trim);
  }
}
