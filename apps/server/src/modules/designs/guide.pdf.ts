import { PIXEL_SIZES_300DPI } from '@mailcraft/shared';
import { LineCapStyle, PDFDocument, StandardFonts, rgb, type Color, type PDFFont, type PDFPage } from '@pdfme/pdf-lib';
import {
  BLEED_MM, BLEED_PX_300DPI, SAFE_MM, inches, templateTypeLabel,
  type GuideLayout, type GuidePage, type GuideZoneName, type RectMm,
} from '@mailcraft/shared/designs';

const PT_PER_MM = 72 / 25.4;
/** mm → PDF points, to 1/1000 pt so exact sizes stay exact (8.75 in → 630 pt). */
const pt = (mm: number) => Math.round(mm * PT_PER_MM * 1000) / 1000;

const BLEED_TINT = rgb(0.9, 0.22, 0.21);
const TRIM = rgb(0, 0, 0);
const SAFE = rgb(0.12, 0.53, 0.9);
const ZONE_COLORS: Record<GuideZoneName, Color> = {
  'Indicia zone': rgb(0.98, 0.55, 0),
  'Address zone': rgb(0.26, 0.63, 0.28),
  'Barcode clear zone': rgb(0.56, 0.14, 0.67),
};

type Fonts = { regular: PDFFont; bold: PDFFont };

/** Greedy word wrap of `text` into lines at most `width` pt wide. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && font.widthOfTextAtSize(`${last} ${word}`, size) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Converts a trim-relative rectangle in mm to PDF user space (points, origin bottom-left). */
function box(page: PDFPage, r: RectMm) {
  return { x: pt(r.x + BLEED_MM), y: page.getHeight() - pt(r.y + BLEED_MM + r.height), width: pt(r.width), height: pt(r.height) };
}

function drawPage(doc: PDFDocument, layout: GuideLayout, g: GuidePage, fonts: Fonts): void {
  const page = doc.addPage([pt(g.bleed.width), pt(g.bleed.height)]);
  const trim = box(page, g.trim);
  page.setBleedBox(0, 0, page.getWidth(), page.getHeight());
  page.setTrimBox(trim.x, trim.y, trim.width, trim.height);
  const text = (s: string, x: number, y: number, size: number, color: Color = TRIM, bold = false) =>
    page.drawText(s, { x, y, size, color, font: bold ? fonts.bold : fonts.regular });

  // Bleed: tint the band outside the trim.
  page.drawRectangle({ x: 0, y: 0, width: page.getWidth(), height: page.getHeight(), color: BLEED_TINT, opacity: 0.2 });
  page.drawRectangle({ ...trim, color: rgb(1, 1, 1) });
  text(`Bleed: extend background 1/8 in (${BLEED_MM} mm) past the trim`, trim.x, page.getHeight() - 6.5, 5, BLEED_TINT);

  page.drawRectangle({ ...trim, borderColor: TRIM, borderWidth: 0.75 });
  text(`Trim ${inches(g.trim.width)} × ${inches(g.trim.height)} in (${g.trim.width} × ${g.trim.height} mm)`, trim.x + 4, trim.y + trim.height - 11, 6);

  const safe = box(page, g.safe);
  page.drawRectangle({ ...safe, borderColor: SAFE, borderWidth: 0.75, borderDashArray: [4, 3], borderLineCap: LineCapStyle.Butt });
  text(`Safe area: keep text and logos inside (${SAFE_MM} mm / 1/4 in)`, safe.x + 4, safe.y + safe.height - 10, 6, SAFE);

  for (const zone of g.zones) {
    const z = box(page, zone.rect);
    const color = ZONE_COLORS[zone.name];
    page.drawRectangle({ ...z, color, opacity: 0.12, borderColor: color, borderWidth: 1 });
    // Labels start below the safe line when the zone reaches past it (the indicia zone does).
    const top = Math.min(z.y + z.height, safe.y + safe.height - 2);
    text(zone.name, z.x + 4, top - 9, 7.5, color, true);
    wrap(zone.note, fonts.regular, 5.5, z.width - 8)
      .forEach((line, i) => text(line, z.x + 4, top - 17 - i * 7, 5.5, color));
  }

  const px = PIXEL_SIZES_300DPI[layout.paperSize];
  const lines = [
    `${templateTypeLabel(layout.templateType)} ${layout.paperSize}, ${layout.sides}-sided: ${g.title}`,
    `Page with bleed ${inches(g.bleed.width)} × ${inches(g.bleed.height)} in; trim ${inches(g.trim.width)} × ${inches(g.trim.height)} in`,
    `Artwork at 300 DPI: ${px.width} × ${px.height} px trim, ${px.width + 2 * BLEED_PX_300DPI} × ${px.height + 2 * BLEED_PX_300DPI} px with bleed`,
    'Hide this guide before exporting your artwork.',
  ];
  const cy = page.getHeight() / 2 + 20;
  lines.forEach((line, i) => {
    const size = i === 0 ? 11 : 8;
    const font = i === 0 ? fonts.bold : fonts.regular;
    const width = font.widthOfTextAtSize(line, size);
    text(line, (page.getWidth() - width) / 2, cy - i * 14, size, TRIM, i === 0);
  });
}

/**
 * Renders the PDF template guide (docs/requirements/workflow.md#route-table template setup): one page per side (outside =
 * address side first), each page the trim plus 1/8 in bleed in points (8.5x11 → 630 × 810 pt),
 * with BleedBox = page and TrimBox = trim. Vector outlines and labels for bleed, trim, safe area
 * and, on the address side, the indicia, address and barcode clear zones (see shared designs/guide-geometry.ts
 * for the USPS sources). Returns the PDF bytes.
 */
export async function renderGuidePdf(layout: GuideLayout): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Mailer template guide ${layout.paperSize} ${layout.templateType} ${layout.sides}`);
  doc.setCreator('Mailcraft');
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  for (const page of layout.pages) drawPage(doc, layout, page, fonts);
  return doc.save();
}
