/**
 * The `qrVector` pdfme plugin: a QR code drawn as vector rectangles (docs/decisions/README.md#records stack table, "QR
 * codes in print": pdfme's built-in `barcodes.qrcode` rasterises every code and is 5–9× slower).
 * Margin 4 modules, error correction L/M/Q/H with M by default, black on white (docs/requirements/designer.md#limits).
 */
import type { PDFRenderProps, Plugin, Schema, UIRenderProps } from '@pdfme/common';
import { colorOp, elementBox, hexToRgb, pdfNum, rotationOp, type RawOp } from './colors.js';
import { QR_DOT_STYLE_VALUES, qrShapes, shapesToPdfOps, shapesToSvgPath, type QrShapeStyle } from './qr-shapes.js';

export { qrRuns, qrShapes } from './qr-shapes.js';

export const QR_VECTOR_TYPE = 'qrVector';
/** Quiet zone around the code, in modules (docs/requirements/designer.md#limits "margin 4"). */
export const QR_MARGIN_MODULES = 4;
export const QR_ERROR_CORRECTIONS = ['L', 'M', 'Q', 'H'] as const;
export type QrErrorCorrection = (typeof QR_ERROR_CORRECTIONS)[number];

/** How a code looks: the list's QR style (docs/requirements/maps.md#data) or an element's own settings. */
export type QrLook = {
  errorCorrection?: QrErrorCorrection;
  /** square (default), dots, rounded. */
  dotStyle?: QrShapeStyle;
  /** '#rrggbb'; default black. */
  foregroundColor?: string;
  /** '#rrggbb'; default white; '' for none. */
  backgroundColor?: string;
  /** No background at all (docs/requirements/README.md#requirements QR Code Settings "transparent background"). */
  transparent?: boolean;
};

/** A `qrVector` element: a pdfme schema plus the code's look. */
export type QrVectorSchema = Schema & QrLook;

const level = (s: QrLook): QrErrorCorrection =>
  (QR_ERROR_CORRECTIONS as readonly string[]).includes(s.errorCorrection ?? '') ? s.errorCorrection! : 'M';
const dotStyle = (s: QrLook): QrShapeStyle =>
  (QR_DOT_STYLE_VALUES as readonly string[]).includes(s.dotStyle ?? '') ? s.dotStyle! : 'square';
const background = (s: QrLook): string => (s.transparent ? '' : s.backgroundColor ?? '#ffffff');

/**
 * Content-stream operators for one QR code filling the square centred in `box` (points), in the
 * schema's dot style and colours. Throws 'No input text' or the too-much-data error.
 */
export function qrOperators(
  value: string,
  schema: QrVectorSchema,
  box: { x: number; y: number; width: number; height: number },
  colorType?: string,
): RawOp[] {
  const { size, shapes } = qrShapes(value, level(schema), dotStyle(schema));
  const side = Math.min(box.width, box.height);
  const unit = side / (size + 2 * QR_MARGIN_MODULES);
  const ox = box.x + (box.width - side) / 2;
  const top = box.y + (box.height - side) / 2 + side;
  const ops: RawOp[] = [['q', []]];
  const rotation = rotationOp(box, schema.rotate);
  if (rotation) ops.push(rotation);
  const bg = colorOp(background(schema), colorType);
  if (bg) ops.push(bg, ['re', [ox, top - side, side, side].map(pdfNum)], ['f', []]);
  ops.push(colorOp(schema.foregroundColor, colorType) ?? colorOp('#000000', colorType)!);
  // The modules in their own units (x right, y down from the code's top-left module): a code's
  // hundreds of rectangles are then small whole numbers, not pt with decimals — a third of the bytes.
  // Six decimals for the scale: its rounding is multiplied by the module count.
  ops.push(['cm', [unit, 0, 0, unit, ox + QR_MARGIN_MODULES * unit, top - QR_MARGIN_MODULES * unit].map((v) => String(Math.round(v * 1e6) / 1e6))]);
  ops.push(...shapesToPdfOps(shapes, { ox: 0, top: 0, unit: 1, margin: 0, num: pdfNum }));
  ops.push(['f', []], ['Q', []]);
  return ops;
}

/**
 * The same code as an SVG document (for the Designer, the QR screen and previews): viewBox in
 * modules, margin included, `size` px square when given (else 100%). Colours that are not
 * '#rrggbb' fall back to the defaults, so nothing but numbers and hex colours reaches the markup.
 * Throws 'No input text' or the too-much-data error.
 */
export function qrSvg(value: string, opts: QrLook & { size?: number } = {}): string {
  const { size, shapes } = qrShapes(value, level(opts), dotStyle(opts));
  const total = size + 2 * QR_MARGIN_MODULES;
  const fg = hexToRgb(opts.foregroundColor) ? opts.foregroundColor!.slice(0, 7) : '#000000';
  const bgRaw = background(opts);
  const bg = hexToRgb(bgRaw) ? bgRaw.slice(0, 7) : null;
  const px = opts.size && Number.isFinite(opts.size) ? String(Math.round(opts.size)) : '100%';
  const rendering = dotStyle(opts) === 'square' ? ' shape-rendering="crispEdges"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" width="${px}" height="${px}"${rendering}>`
    + (bg ? `<rect width="${total}" height="${total}" fill="${bg}"/>` : '')
    + `<path d="${shapesToSvgPath(shapes, QR_MARGIN_MODULES)}" fill="${fg}"/></svg>`;
}

/**
 * The list's QR style the browser draws every code in (Designer canvas and its thumbnails), so
 * they show what the print file will — the server applies the same style to the template before
 * rendering (print-source `applyQrStyle`). Null: each element's own settings. Browser only.
 */
let lookOverride: QrLook | null = null;
export function setQrLookOverride(look: QrLook | null): void {
  lookOverride = look;
}

function pdf({ value, schema, page, pdfLib, options }: PDFRenderProps<QrVectorSchema>): void {
  if (!value) return; // docs/requirements/designer.md#limits: empty input has no code; the element prints nothing
  const ops = qrOperators(value, { ...schema, ...lookOverride }, elementBox(schema, page.getHeight()), options.colorType);
  type OpName = Parameters<typeof pdfLib.PDFOperator.of>[0];
  page.pushOperators(...ops.map(([name, args]) => pdfLib.PDFOperator.of(name as OpName, args)));
}

function ui({ value, schema, rootElement }: UIRenderProps<QrVectorSchema>): void {
  const container = document.createElement('div');
  Object.assign(container.style, { width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' });
  const text = value || schema.content || '';
  try {
    if (!text) throw new Error('No input text');
    container.innerHTML = qrSvg(text, { ...schema, ...lookOverride });
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
      dotStyle: {
        title: 'Dot style',
        type: 'string',
        widget: 'select',
        default: 'square',
        props: { options: QR_DOT_STYLE_VALUES.map((v) => ({ label: v[0].toUpperCase() + v.slice(1), value: v })) },
        span: 12,
      },
      transparent: { title: 'Transparent background', type: 'boolean', widget: 'switch', span: 12 },
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
      dotStyle: 'square',
      transparent: false,
    },
  },
};
