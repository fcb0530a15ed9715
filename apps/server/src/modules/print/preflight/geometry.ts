import type { Schema } from '@pdfme/common';
import type { RectMm } from '@mailcraft/shared/designs';

/** Distance (mm) by which an element may stand over a zone edge and still count as inside. */
export const TOLERANCE_MM = 0.5;

/** The rectangle an element covers on its page (mm), rotation included (the bounding box of the rotated box). */
export function elementRect(el: Schema): RectMm {
  const { x, y } = el.position;
  const { width: w, height: h } = el;
  const rad = (((el.rotate ?? 0) % 360) * Math.PI) / 180;
  if (rad === 0) return { x, y, width: w, height: h };
  const cw = Math.abs(Math.cos(rad)) * w + Math.abs(Math.sin(rad)) * h;
  const ch = Math.abs(Math.sin(rad)) * w + Math.abs(Math.cos(rad)) * h;
  return { x: x + w / 2 - cw / 2, y: y + h / 2 - ch / 2, width: cw, height: ch };
}

/** Whether `inner` lies within `outer`, allowing TOLERANCE_MM over each edge. */
export function within(inner: RectMm, outer: RectMm): boolean {
  const t = TOLERANCE_MM;
  return inner.x >= outer.x - t && inner.y >= outer.y - t
    && inner.x + inner.width <= outer.x + outer.width + t && inner.y + inner.height <= outer.y + outer.height + t;
}

/** Whether two rectangles share more than TOLERANCE_MM in both directions. */
export function overlaps(a: RectMm, b: RectMm): boolean {
  const dx = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const dy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return dx > TOLERANCE_MM && dy > TOLERANCE_MM;
}

/** A rectangle as `x, y mm, w × h mm` for messages. */
export const describeRect = (r: RectMm) =>
  `at ${r.x.toFixed(1)}, ${r.y.toFixed(1)} mm, ${r.width.toFixed(1)} × ${r.height.toFixed(1)} mm`;
