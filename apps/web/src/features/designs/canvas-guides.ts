import type { Template } from '@pdfme/common';
import { addressSideZones, type GuideZoneName } from '@mailcraft/shared/designs';
import { safeBox } from './design-elements';

/** pdfme draws a page at this many CSS px per mm before its zoom (its `ZOOM`, 96 dpi). */
const PX_PER_MM = 96 / 25.4;
/** An element edge this close to a guide line (mm) snaps onto it when dropped. */
export const SNAP_MM = 1.5;

const ZONE_STYLE: Record<GuideZoneName, string> = {
  'Indicia zone': 'rgba(250, 140, 22, 0.9)',
  'Address zone': 'rgba(56, 158, 13, 0.9)',
  'Barcode clear zone': 'rgba(207, 19, 34, 0.9)',
};

/**
 * Draws the USPS zones of the address side (shared guide geometry: the zones the downloaded guides
 * mark — Indicia, Address, Barcode clear) over each page pdfme shows in `container`, as labelled
 * dashed outlines that do not take clicks. pdfme's own padding band already shows the safe area,
 * and the page edge is the trim. Idempotent: call it again after pdfme re-renders; `zones` null
 * (not the address side) removes them.
 */
export function drawZoneOverlay(container: HTMLElement, size: { width: number; height: number }, show: boolean): void {
  const papers = Array.from(container.querySelectorAll<HTMLElement>('div[style*="background-image"]'))
    .filter((el) => Math.abs(el.offsetWidth - size.width * PX_PER_MM) < 2);
  for (const paper of papers) {
    const existing = paper.querySelector<HTMLElement>(':scope > .mc-usps-zones');
    if (!show) {
      existing?.remove();
      continue;
    }
    if (existing) continue;
    const layer = document.createElement('div');
    layer.className = 'mc-usps-zones';
    layer.setAttribute('aria-hidden', 'true');
    for (const zone of addressSideZones(size.width, size.height)) {
      const el = document.createElement('div');
      el.className = 'mc-usps-zone';
      el.dataset.zone = zone.name;
      el.title = zone.note;
      Object.assign(el.style, {
        left: `${zone.rect.x * PX_PER_MM}px`, top: `${zone.rect.y * PX_PER_MM}px`,
        width: `${zone.rect.width * PX_PER_MM}px`, height: `${zone.rect.height * PX_PER_MM}px`,
        borderColor: ZONE_STYLE[zone.name], color: ZONE_STYLE[zone.name],
      });
      el.textContent = zone.name;
      layer.appendChild(el);
    }
    paper.appendChild(layer);
  }
}

/** The guide lines elements snap to (mm): trim edges, safe-area edges and, on the address side, the zones' edges. */
export function guideLines(template: Template, addressSide: boolean): { xs: number[]; ys: number[] } {
  const base = template.basePdf as { width: number; height: number };
  const safe = safeBox(template);
  const xs = [0, base.width, safe.x, safe.x + safe.width];
  const ys = [0, base.height, safe.y, safe.y + safe.height];
  if (addressSide) {
    for (const { rect } of addressSideZones(base.width, base.height)) {
      xs.push(rect.x, rect.x + rect.width);
      ys.push(rect.y, rect.y + rect.height);
    }
  }
  return { xs, ys };
}

/** `start` snapped so that it or `start + length` lies on a line within SNAP_MM, else unchanged. */
function snapEdge(start: number, length: number, lines: number[]): number {
  let best = start;
  let bestDistance = SNAP_MM;
  for (const line of lines) {
    for (const [edge, at] of [[start, line], [start + length, line - length]] as const) {
      const d = Math.abs(edge - line);
      if (d < bestDistance) {
        bestDistance = d;
        best = at;
      }
    }
  }
  return Math.round(best * 100) / 100;
}

/**
 * `next` with the elements the user just moved or resized (position or size differs from `prev`)
 * snapped to the guide lines (`guideLines`): an edge within SNAP_MM of a line lands on it. pdfme
 * snaps to its own ruler guides while dragging; these lines are ours, so snapping happens on drop.
 * Returns null when nothing snapped.
 */
export function snapToGuides(prev: Template, next: Template, addressSide: boolean): Template | null {
  const { xs, ys } = guideLines(next, addressSide);
  const before = new Map(prev.schemas.flat().map((s) => [s.name, s]));
  let changed = false;
  const schemas = next.schemas.map((page) => page.map((s) => {
    const old = before.get(s.name);
    const moved = !old || old.position.x !== s.position.x || old.position.y !== s.position.y || old.width !== s.width || old.height !== s.height;
    if (!moved || s.rotate) return s;
    const x = snapEdge(s.position.x, s.width, xs);
    const y = snapEdge(s.position.y, s.height, ys);
    if (x === s.position.x && y === s.position.y) return s;
    changed = true;
    return { ...s, position: { x, y } };
  }));
  return changed ? { ...next, schemas } : null;
}
