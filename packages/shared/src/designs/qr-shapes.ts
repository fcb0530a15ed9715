/**
 * The shapes of a QR code in module units, one geometry for screen (SVG path) and print (PDF
 * operators), so what the user sees is what prints (docs/requirements/qr-codes.md#qr-style). Dot styles (docs/requirements/designer.md#limits):
 * - square: dark modules as horizontal runs of squares;
 * - dots: data modules as circles; the three finder patterns stay square so every reader locks on;
 * - rounded: every module a square with rounded corners (radius 0.3 module), finders included.
 */
import QRCode from 'qrcode';

export const QR_DOT_STYLE_VALUES = ['square', 'dots', 'rounded'] as const;
export type QrShapeStyle = (typeof QR_DOT_STYLE_VALUES)[number];
export type QrErrorLevel = 'L' | 'M' | 'Q' | 'H';

/** A shape in modules: a rectangle, a circle (centre, radius) or a rounded square. */
export type QrShape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number }
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'round'; x: number; y: number; w: number; h: number; r: number };

/**
 * The dark modules of `value`'s QR code as horizontal runs `[row, col, length]`, with the
 * symbol size in modules (without margin). Throws 'No input text' for an empty value and the
 * qrcode library's error when the value is too long for a QR code (docs/requirements/designer.md#limits).
 */
export function qrRuns(value: string, errorCorrection: QrErrorLevel = 'M'): { size: number; runs: Array<[number, number, number]>; dark: (row: number, col: number) => boolean } {
  if (!value) throw new Error('No input text');
  const { modules } = QRCode.create(value, { errorCorrectionLevel: errorCorrection });
  const { size, data } = modules;
  const runs: Array<[number, number, number]> = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!data[row * size + col]) { col++; continue; }
      const start = col;
      while (col < size && data[row * size + col]) col++;
      runs.push([row, start, col - start]);
    }
  }
  return { size, runs, dark: (row, col) => !!data[row * size + col] };
}

const inFinder = (size: number, row: number, col: number) =>
  (row < 7 && col < 7) || (row < 7 && col >= size - 7) || (row >= size - 7 && col < 7);

/** The shapes of `value`'s code in `style`, positions in modules without the margin. */
export function qrShapes(value: string, errorCorrection: QrErrorLevel = 'M', style: QrShapeStyle = 'square'): { size: number; shapes: QrShape[] } {
  const { size, runs, dark } = qrRuns(value, errorCorrection);
  if (style === 'square') {
    return { size, shapes: runs.map(([row, col, len]) => ({ kind: 'rect', x: col, y: row, w: len, h: 1 })) };
  }
  const shapes: QrShape[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!dark(row, col)) continue;
      if (style === 'dots' && !inFinder(size, row, col)) shapes.push({ kind: 'circle', cx: col + 0.5, cy: row + 0.5, r: 0.45 });
      else if (style === 'dots') shapes.push({ kind: 'rect', x: col, y: row, w: 1, h: 1 });
      else shapes.push({ kind: 'round', x: col, y: row, w: 1, h: 1, r: 0.3 });
    }
  }
  return { size, shapes };
}

const n = (v: number) => String(Math.round(v * 1000) / 1000);

/** SVG path data of `shapes`, offset by `margin` modules. */
export function shapesToSvgPath(shapes: QrShape[], margin: number): string {
  return shapes.map((s) => {
    if (s.kind === 'rect') return `M${n(s.x + margin)} ${n(s.y + margin)}h${n(s.w)}v${n(s.h)}h-${n(s.w)}z`;
    if (s.kind === 'circle') {
      const x = s.cx + margin - s.r;
      return `M${n(x)} ${n(s.cy + margin)}a${n(s.r)} ${n(s.r)} 0 1 0 ${n(2 * s.r)} 0a${n(s.r)} ${n(s.r)} 0 1 0 -${n(2 * s.r)} 0z`;
    }
    const { r } = s;
    const x = s.x + margin;
    const y = s.y + margin;
    return `M${n(x + r)} ${n(y)}h${n(s.w - 2 * r)}a${n(r)} ${n(r)} 0 0 1 ${n(r)} ${n(r)}v${n(s.h - 2 * r)}a${n(r)} ${n(r)} 0 0 1 -${n(r)} ${n(r)}`
      + `h-${n(s.w - 2 * r)}a${n(r)} ${n(r)} 0 0 1 -${n(r)} -${n(r)}v-${n(s.h - 2 * r)}a${n(r)} ${n(r)} 0 0 1 ${n(r)} -${n(r)}z`;
  }).join('');
}

/** Bézier constant for a quarter circle. */
const K = 0.5523;

/**
 * PDF path operators (m, l, c, re, h) of `shapes`: module (col, row) maps to
 * x = ox + (margin + col)·unit, y = top − (margin + row)·unit, y up. Fill afterwards with 'f'.
 */
export function shapesToPdfOps(shapes: QrShape[], opts: { ox: number; top: number; unit: number; margin: number; num: (v: number) => string }): Array<[string, string[]]> {
  const { ox, top, unit, margin, num } = opts;
  const X = (col: number) => ox + (margin + col) * unit;
  const Y = (row: number) => top - (margin + row) * unit;
  const ops: Array<[string, string[]]> = [];
  const curve = (x1: number, y1: number, x2: number, y2: number, x3: number, y3: number) => ops.push(['c', [x1, y1, x2, y2, x3, y3].map(num)]);
  for (const s of shapes) {
    if (s.kind === 'rect') {
      ops.push(['re', [X(s.x), Y(s.y + s.h), s.w * unit, s.h * unit].map(num)]);
    } else if (s.kind === 'circle') {
      const cx = X(s.cx);
      const cy = Y(s.cy);
      const r = s.r * unit;
      const k = r * K;
      ops.push(['m', [cx + r, cy].map(num)]);
      curve(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
      curve(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
      curve(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
      curve(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
      ops.push(['h', []]);
    } else {
      const r = s.r * unit;
      const k = r * K;
      const left = X(s.x);
      const right = X(s.x + s.w);
      const upper = Y(s.y);
      const lower = Y(s.y + s.h);
      ops.push(['m', [left + r, lower].map(num)], ['l', [right - r, lower].map(num)]);
      curve(right - r + k, lower, right, lower + r - k, right, lower + r);
      ops.push(['l', [right, upper - r].map(num)]);
      curve(right, upper - r + k, right - r + k, upper, right - r, upper);
      ops.push(['l', [left + r, upper].map(num)]);
      curve(left + r - k, upper, left, upper - r + k, left, upper - r);
      ops.push(['l', [left, lower + r].map(num)]);
      curve(left, lower + r - k, left + r - k, lower, left + r, lower);
      ops.push(['h', []]);
    }
  }
  return ops;
}
