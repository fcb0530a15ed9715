import { writePsdBuffer, type Layer, type Psd } from 'ag-psd';
import {
  BLEED_PX_300DPI, INCH_MM, type GuideLayout, type GuidePage, type GuideZoneName, type RectMm,
} from './guide.geometry.js';
import { compositeOver, createBitmap, fillRect, strokeRect, type Bitmap, type PxRect, type Rgba } from './guide.raster.js';

const DPI = 300;
/** Guide line width in px at 300 DPI (≈ 0.34 mm). */
const LINE_PX = 4;
const WHITE: Rgba = [255, 255, 255, 255];
const ZONE_RGB: Record<GuideZoneName, readonly [number, number, number]> = {
  'Indicia zone': [251, 140, 0],
  'Address zone': [67, 160, 71],
  'Barcode clear zone': [142, 36, 170],
};

/** mm (trim-relative) → px on the canvas: 300 DPI, trim offset by the bleed. */
const px = (mm: number) => Math.round((mm / INCH_MM) * DPI);
const toPx = (r: RectMm): PxRect => ({
  x0: BLEED_PX_300DPI + px(r.x), y0: BLEED_PX_300DPI + px(r.y),
  x1: BLEED_PX_300DPI + px(r.x + r.width), y1: BLEED_PX_300DPI + px(r.y + r.height),
});

/** A layer whose bitmap covers `r` (canvas px), drawn by `draw` in layer-local coordinates. */
function bitmapLayer(name: string, r: PxRect, draw: (b: Bitmap, local: PxRect) => void): Layer & { imageData: Bitmap } {
  const imageData = createBitmap(r.x1 - r.x0, r.y1 - r.y0);
  draw(imageData, { x0: 0, y0: 0, x1: imageData.width, y1: imageData.height });
  return { name, left: r.x0, top: r.y0, right: r.x1, bottom: r.y1, imageData };
}

/** The layers of one page, bottom to top: Artwork, Bleed, Trim, Safe area, zones. */
function pageLayers(g: GuidePage, canvas: { width: number; height: number }): Layer[] {
  const trim = toPx(g.trim);
  const bleed = bitmapLayer('Bleed', { x0: 0, y0: 0, x1: canvas.width, y1: canvas.height }, (b, all) => {
    fillRect(b, all, [229, 57, 53, 90]);
    fillRect(b, trim, [0, 0, 0, 0]);
  });
  const trimLine = bitmapLayer('Trim', { x0: trim.x0 - LINE_PX / 2, y0: trim.y0 - LINE_PX / 2, x1: trim.x1 + LINE_PX / 2, y1: trim.y1 + LINE_PX / 2 },
    (b, all) => strokeRect(b, all, LINE_PX, [0, 0, 0, 255]));
  const safe = bitmapLayer('Safe area', toPx(g.safe), (b, all) => strokeRect(b, all, LINE_PX, [30, 136, 229, 255], { on: 24, off: 16 }));
  const zones = g.zones.map((zone) => bitmapLayer(zone.name, toPx(zone.rect), (b, all) => {
    const [r, gr, bl] = ZONE_RGB[zone.name];
    fillRect(b, all, [r, gr, bl, 40]);
    strokeRect(b, all, LINE_PX, [r, gr, bl, 255]);
  }));
  // Photoshop lists the last child on top: zones above outlines, the empty Artwork at the bottom.
  return [{ name: 'Artwork' }, bleed, trimLine, safe, ...zones.reverse()];
}

/**
 * Renders the PSD template guide (spec 000 §2 template setup; pixel sizes at 300 DPI from
 * spec 000 §9). Canvas = trim + 38 px bleed per edge (1/8 in = 37.5 px, rounded up), e.g.
 * 8.5x11 → 2626 × 3376 px. Layers 'Artwork' (empty, for the user's art), 'Bleed', 'Trim',
 * 'Safe area' and on the address side 'Indicia zone', 'Address zone', 'Barcode clear zone', each
 * a raw RGBA bitmap. Double-sided: one layer group per side on the same canvas, 'Outside (address
 * side)' visible and 'Inside' hidden (Photoshop artboards would need a canvas two pages wide).
 * Resolution 300 PPI; Photoshop guides at the trim and safe lines; a white composite with the
 * first page's guides for previewers. Returns the file bytes.
 */
export function renderGuidePsd(layout: GuideLayout): Buffer {
  const first = layout.pages[0];
  const trim = toPx(first.trim);
  const canvas = { width: trim.x1 + BLEED_PX_300DPI, height: trim.y1 + BLEED_PX_300DPI };
  const pages = layout.pages.map((g) => ({ g, layers: pageLayers(g, canvas) }));

  const composite = createBitmap(canvas.width, canvas.height, WHITE);
  for (const layer of pages[0].layers) {
    if (layer.imageData) compositeOver(composite, layer.imageData as Bitmap, layer.left ?? 0, layer.top ?? 0);
  }

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
