/**
 * The `qrVector` pdfme plugin: a QR code drawn as vector rectangles (DESIGN.md stack table, "QR
 * codes in print": pdfme's built-in `barcodes.qrcode` rasterises every code and is 5–9× slower).
 * Margin 4 modules, error correction L/M/Q/H with M by default, black on white (spec 000 §9).
 */
import QRCode from 'qrcode';
import type { PDFRenderProps, Plugin, Schema, UIRenderProps } from '@pdfme/common';
import { colorOp, elementBox, hexToRgb, pdfNum, rotationOp, type RawOp } from './colors.js';

export const QR_VECTOR_TYPE = 'qrVector';
/** Quiet zone around the code, in modules (spec 000 §9 "margin 4"). */
export const QR_MARGIN_MODULES = 4;
export const QR_ERROR_CORRECTIONS = ['L', 'M', 'Q', 'H'] as const;
export type QrErrorCorrection = (typeof QR_ERROR_CORRECTIONS)[number];

/** A `qrVector` element: a pdfme schema plus the code's error correction and colours. */
export type QrVectorSchema = Schema & {
  errorCorrection?: QrErrorCorrection;
  /** '#rrggbb'; default black. */
  foregroundColor?: string;
  /** '#rrggbb'; default white; '' for none (transparent). */
  backgroundColor?: string;
};

const level = (s: QrVectorSchema): QrErrorCorrection =>
  (QR_ERROR_CORRECTIONS as readonly string[]).includes(s.errorCorrection ?? '') ? s.errorCorrection! : 'M';

/**
 * The dark modules of `value`'s QR code as horizontal runs `[row, col, length]`, with the
 * symbol size in modules (without margin). Throws the qrcode library's error when the value is
 * too long for a QR code.
 */
export function qrRuns(value: string, errorCorrection: QrErrorCorrection = 'M'): { size: number; runs: Array<[number, number, number]> } {
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
  return { size, runs };
}

/** Content-stream operators for one QR code filling the square centred in `box` (points). */
export function qrOperators(
  value: string,
  schema: QrVectorSchema,
  box: { x: number; y: number; width: number; height: number },
  colorType?: string,
): RawOp[] {
  const { size, runs } = qrRuns(value, level(schema));
  const side = Math.min(box.width, box.height);
  const unit = side / (size + 2 * QR_MARGIN_MODULES);
  const ox = box.x + (box.width - side) / 2;
  const top = box.y + (box.height - side) / 2 + side;
  const ops: RawOp[] = [['q', []]];
  const rotation = rotationOp(box, schema.rotate);
  if (rotation) ops.push(rotation);
  const background = colorOp(schema.backgroundColor ?? '#ffffff', colorType);
  if (background) {
    ops.push(background, ['re', [ox, top - side, side, side].map(pdfNum)], ['f', []]);
  }
  ops.push(colorOp(schema.foregroundColor, colorType) ?? colorOp('#000000', colorType)!);
  const h = pdfNum(unit);
  for (const [row, col, len] of runs) {
    const x = ox + (QR_MARGIN_MODULES + col) * unit;
    const y = top - (QR_MARGIN_MODULES + row + 1) * unit;
    ops.push(['re', [pdfNum(x), pdfNum(y), pdfNum(len * unit), h]]);
  }
  ops.push(['f', []], ['Q', []]);
  return ops;
}

/**
 * The same code as an SVG document (for the Designer and previews): viewBox in modules, margin
 * included. Colours that are not '#rrggbb' fall back to the defaults, so nothing but numbers and
 * hex colours reaches the markup.
 */
export function qrSvg(value: string, opts: { errorCorrection?: QrErrorCorrection; foregroundColor?: string; backgroundColor?: string } = {}): string {
  const { size, runs } = qrRuns(value, opts.errorCorrection ?? 'M');
  const total = size + 2 * QR_MARGIN_MODULES;
  const fg = hexToRgb(opts.foregroundColor) ? opts.foregroundColor!.slice(0, 7) : '#000000';
  const bgRaw = opts.backgroundColor ?? '#ffffff';
  const bg = hexToRgb(bgRaw) ? bgRaw.slice(0, 7) : null;
  const d = runs.map(([r, c, l]) => `M${c + QR_MARGIN_MODULES} ${r + QR_MARGIN_MODULES}h${l}v1h-${l}z`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" width="100%" height="100%" shape-rendering="crispEdges">`
    + (bg ? `<rect width="${total}" height="${total}" fill="${bg}"/>` : '')
    + `<path d="${d}" fill="${fg}"/></svg>`;
}

function pdf({ value, schema, page, pdfLib, options }: PDFRenderProps<QrVectorSchema>): void {
  if (!value) return; // spec 000 §9: empty input has no code; the element prints nothing
  const ops = qrOperators(value, schema, elementBox(schema, page.getHeight()), options.colorType);
  type OpName = Parameters<typeof pdfLib.PDFOperator.of>[0];
  page.pushOperators(...ops.map(([name, args]) => pdfLib.PDFOperator.of(name as OpName, args)));
}

function ui({ value, schema, rootElement }: UIRenderProps<QrVectorSchema>): void {
  const container = document.createElement('div');
  Object.assign(container.style, { width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' });
  const text = value || schema.content || '';
  try {
    if (!text) throw new Error('No input text');
    container.innerHTML = qrSvg(text, schema);
  } catch (err) {
    Object.assign(container.style, { background: '#f0f0f0', color: '#888', fontSize: '10px', textAlign: 'center' });
    container.textContent = err instanceof Error ? err.message : 'QR';
  }
  rootElement.appendChild(container);
}

const QR_ICON = '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><rect x="3" y="3" width="7" height="7"/><rect x="14" y="3" width="7" height="7"/><rect x="3" y="14" width="7" height="7"/><path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3"/></svg>';

/** The `qrVector` plugin: register as `{ qrVector: qrVectorPlugin }` in the Designer and generator. */
export const qrVectorPlugin: Plugin<QrVectorSchema> = {
  pdf,
  ui,
  icon: QR_ICON,
  propPanel: {
    schema: {
      errorCorrection: {
        title: 'Error correction',
        type: 'string',
        widget: 'select',
        default: 'M',
        props: {
          options: [
            { label: 'L (7%)', value: 'L' }, { label: 'M (15%)', value: 'M' },
            { label: 'Q (25%)', value: 'Q' }, { label: 'H (30%)', value: 'H' },
          ],
        },
        span: 24,
      },
      foregroundColor: { title: 'Foreground colour', type: 'string', widget: 'color', props: { disabledAlpha: true }, span: 12 },
      backgroundColor: { title: 'Background colour', type: 'string', widget: 'color', props: { disabledAlpha: true }, span: 12 },
    },
    defaultSchema: {
      name: '',
      type: QR_VECTOR_TYPE,
      content: 'https://example.com/r/sample',
      position: { x: 0, y: 0 },
      width: 30,
      height: 30,
      rotate: 0,
      opacity: 1,
      errorCorrection: 'M',
      foregroundColor: '#000000',
      backgroundColor: '#ffffff',
    },
  },
};
