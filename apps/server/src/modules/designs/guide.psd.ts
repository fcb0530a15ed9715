import { writePsdBuffer, type Layer, type Psd } from 'ag-psd';
import {
  BLEED_PX_300DPI, INCH_MM, type GuideLayout, type GuidePage, type GuideZoneName, type RectMm,
} from '@mailcraft/shared/designs';
import { compositeOnWhite, fillSvg, rasterise, strokeSvg, type Bitmap, type PxRect } from './guide.raster.js';

const DPI = 300;
/** Guide line width in px at 300 DPI (≈ 0.34 mm). */
const LINE_PX = 4;
const ZONE_COLOR: Record<GuideZoneName, string> = {
  'Indicia zone': 'rgb(251,140,0)',
  'Address zone': 'rgb(67,160,71)',
  'Barcode clear zone': 'rgb(142,36,170)',
};

/** mm (trim-relative) → px on the canvas: 300 DPI, trim offset by the bleed. */
const px = (mm: number) => Math.round((mm / INCH_MM) * DPI);
const toPx = (r: RectMm): PxRect => ({
  x0: BLEED_PX_300DPI + px(r.x), y0: BLEED_PX_300DPI + px(r.y),
  x1: BLEED_PX_300DPI + px(r.x + r.width), y1: BLEED_PX_300DPI + px(r.y + r.height),
});

type BitmapLayer = Layer & { imageData: Bitmap; left: number; top: number };

/** A layer whose bitmap covers `r` (canvas px), drawn as SVG by `draw` in layer-local coordinates. */
async function bitmapLayer(name: string, r: PxRect, draw: (local: PxRect) => string): Promise<BitmapLayer> {
  const local = { x0: 0, y0: 0, x1: r.x1 - r.x0, y1: r.y1 - r.y0 };
  const imageData = await rasterise(local.x1, local.y1, draw(local));
  return { name, left: r.x0, top: r.y0, right: r.x1, bottom: r.y1, imageData };
}

/** The layers of one page, bottom to top: Artwork, Bleed, Trim, Safe area, zones. */
async function pageLayers(g: GuidePage, canvas: { width: number; height: number }): Promise<Layer[]> {
  const trim = toPx(g.trim);
  const bleed = await bitmapLayer('Bleed', { x0: 0, y0: 0, x1: canvas.width, y1: canvas.height },
    (all) => fillSvg(all, { color: 'rgb(229,57,53)', opacity: 90 / 255 }, trim));
  const trimLine = await bitmapLayer('Trim', { x0: trim.x0 - LINE_PX / 2, y0: trim.y0 - LINE_PX / 2, x1: trim.x1 + LINE_PX / 2, y1: trim.y1 + LINE_PX / 2 },
    (all) => strokeSvg(all, LINE_PX, { color: 'black' }));
  const safe = await bitmapLayer('Safe area', toPx(g.safe), (all) => strokeSvg(all, LINE_PX, { color: 'rgb(30,136,229)' }, { on: 24, off: 16 }));
  const zones = await Promise.all(g.zones.map((zone) => bitmapLayer(zone.name, toPx(zone.rect), (all) =>
    fillSvg(all, { color: ZONE_COLOR[zone.name], opacity: 40 / 255 }) + strokeSvg(all, LINE_PX, { color: ZONE_COLOR[zone.name] }))));
  // Photoshop lists the last child on top: zones above outlines, the empty Artwork at the bottom.
  return [{ name: 'Artwork' }, bleed, trimLine, safe, ...zones.reverse()];
}

/**
 * Renders the PSD template guide (docs/requirements/workflow.md#route-table template setup; pixel sizes at 300 DPI from
 * docs/requirements/designer.md#limits). Canvas = trim + 38 px bleed per edge (1/8 in = 37.5 px, rounded up), e.g.
 * 8.5x11 → 2626 × 3376 px. Layers 'Artwork' (empty, for the user's art), 'Bleed', 'Trim',
 * 'Safe area' and on the address side 'Indicia zone', 'Address zone', 'Barcode clear zone', each
 * a raw RGBA bitmap. Double-sided: one layer group per side on the same canvas, 'Outside (address
 * side)' visible and 'Inside' hidden (Photoshop artboards would need a canvas two pages wide).
 * Resolution 300 PPI; Photoshop guides at the trim and safe lines; a white composite with the
 * first page's guides for previewers. Layers are drawn and composited with sharp. Resolves with
 * the file bytes.
 */
export async function renderGuidePsd(layout: GuideLayout): Promise<Buffer> {
  const first = layout.pages[0];
  const trim = toPx(first.trim);
  const canvas = { width: trim.x1 + BLEED_PX_300DPI, height: trim.y1 + BLEED_PX_300DPI };
  const pages = await Promise.all(layout.pages.map(async (g) => ({ g, layers: await pageLayers(g, canvas) })));
  const composite = await compositeOnWhite(canvas.width, canvas.height, pages[0].layers
    .filter((l): l is BitmapLayer => Boolean(l.imageData))
    .map((l) => ({ bitmap: l.imageData, left: l.left, top: l.top })));

  const safe = toPx(first.safe);
  const guideAt = (location: number, direction: 'horizontal' | 'vertical') => ({ location, direction });
  const psd: Psd = {
    width: canvas.width,
    height: canvas.height,
    imageData: composite,
    children: pages.length === 1
      ? pages[0].layers
      : pages.map(({ g, layers }, i) => ({ name: g.title, opened: i === 0, hidden: i > 0, children: layers })),
    imageResources: {
      resolutionInfo: {
        horizontalResolution: DPI, horizontalResolutionUnit: 'PPI', widthUnit: 'Inches',
        verticalResolution: DPI, verticalResolutionUnit: 'PPI', heightUnit: 'Inches',
      },
      gridAndGuidesInformation: {
        guides: [
          ...[trim.x0, trim.x1, safe.x0, safe.x1].map((x) => guideAt(x, 'vertical')),
          ...[trim.y0, trim.y1, safe.y0, safe.y1].map((y) => guideAt(y, 'horizontal')),
        ],
      },
    },
  };
  return writePsdBuffer(psd, { noBackground: true });
}
