/**
 * The `imb` pdfme plugin: the USPS Intelligent Mail barcode (docs/requirements/print.md#print), 65 bars drawn by us as
 * vector rectangles at USPS-B-3200 dimensions. Its value is the record's `encodedimbno` (65 letters
 * F/A/D/T, drawn as is) or `imbno` (20-digit tracking code + 0/5/9/11-digit routing code), turned
 * into bar states by the encoder the host registers (`setImbEncoder`; the server uses bwip-js's
 * `onecode`). A value that is neither valid prints nothing — never a wrong barcode; preflight and
 * the address check report it.
 */
import type { PDFRenderProps, Plugin, Schema, UIRenderProps } from '@pdfme/common';
import { colorOp, elementBox, pdfNum, rotationOp, type RawOp } from './colors.js';

export const IMB_TYPE = 'imb';

/**
 * USPS-B-3200 §2.3 nominal dimensions, inches: bar width 0.020 (0.015–0.025), 22 bars per inch
 * (pitch 1/22 in), full bar 0.145 (0.125–0.165), tracker 0.048 (0.039–0.057); ascender and
 * descender reach from the tracker to the full bar's top or bottom.
 */
export const IMB_DIMENSIONS_IN = { barWidth: 0.02, pitch: 1 / 22, full: 0.145, tracker: 0.048 } as const;
/** Length of the 65 bars, mm (64 pitches + one bar ≈ 74.4 mm; USPS-B-3200: 2.667–3.225 in). */
export const IMB_LENGTH_MM = (64 * IMB_DIMENSIONS_IN.pitch + IMB_DIMENSIONS_IN.barWidth) * 25.4;

/** The USPS-B-3200 Appendix test vector: tracking 01 234 567094 987654321, routing 01234567891. */
export const IMB_SAMPLE = {
  digits: '0123456709498765432101234567891',
  bars: 'AADTFFDFTDADTAADAATFDTDDAAADDTDTTDAFADADDDTFFFDDTTTADFAAADFTDAADA',
} as const;

/** An `imb` element; `showText` prints the human-readable digits under the bars. */
export type ImbSchema = Schema & { color?: string; showText?: boolean; fontSize?: number };

/** Why an `imbno` value cannot be encoded, or null when it can (spaces and dashes are ignored). */
export function imbDigitsProblem(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return 'The IMb tracking code may contain digits only';
  if (![20, 25, 29, 31].includes(digits.length)) return `The IMb code has ${digits.length} digits: it needs 20 (tracking) plus 0, 5, 9 or 11 (routing ZIP)`;
  if (Number(digits[1]) > 4) return 'The second digit of the IMb barcode identifier must be 0–4';
  return null;
}

/** Whether `value` is an already encoded IMb: 65 letters F, A, D or T. */
export const isEncodedImb = (value: string): boolean => /^[FADT]{65}$/.test(value.replace(/\s/g, '').toUpperCase());

let encoder: ((digits: string) => string) | null = null;
/** Registers the digits → 65 bar letters encoder (the server: bwip-js `onecode`). */
export function setImbEncoder(encode: (digits: string) => string): void {
  encoder = encode;
}

/** The 65 bar states of a value (`encodedimbno` or `imbno`), or null when it is invalid or no encoder is registered. */
export function imbBars(value: string): string | null {
  const v = value.replace(/\s/g, '').toUpperCase();
  if (!v) return null;
  if (isEncodedImb(v)) return v;
  if (imbDigitsProblem(v) || !encoder) return null;
  try {
    const bars = encoder(v.replace(/-/g, ''));
    return isEncodedImb(bars) ? bars : null;
  } catch {
    return null;
  }
}

/** The tracking and routing digits grouped as USPS prints them: '01 234 567094 987654321 01234567891'. */
export function imbHumanReadable(digits: string): string {
  const d = digits.replace(/[\s-]/g, '');
  return [d.slice(0, 2), d.slice(2, 5), d.slice(5, d[5] === '9' ? 14 : 11), d.slice(d[5] === '9' ? 14 : 11, 20), d.slice(20)].filter(Boolean).join(' ');
}

/** Bars as rectangles in inches from the barcode's bottom-left: [x, y, width, height]. */
export function imbRects(bars: string): Array<[number, number, number, number]> {
  const { barWidth, pitch, full, tracker } = IMB_DIMENSIONS_IN;
  const low = (full - tracker) / 2;
  return [...bars].map((b, i) => {
    const x = i * pitch;
    if (b === 'F') return [x, 0, barWidth, full];
    if (b === 'A') return [x, low, barWidth, full - low];
    if (b === 'D') return [x, 0, barWidth, low + tracker];
    return [x, low, barWidth, tracker];
  });
}

const PT_PER_IN = 72;

async function pdf(arg: PDFRenderProps<ImbSchema>): Promise<void> {
  const { value, schema, page, pdfLib, options } = arg;
  const bars = imbBars(value);
  if (!bars) return;
  const box = elementBox(schema, page.getHeight());
  const lengthPt = IMB_LENGTH_MM / 25.4 * PT_PER_IN;
  const textPt = schema.showText ? (schema.fontSize ?? 8) * 1.3 : 0;
  const heightPt = IMB_DIMENSIONS_IN.full * PT_PER_IN + textPt;
  const x0 = box.x + Math.max(0, (box.width - lengthPt) / 2);
  const y0 = box.y + Math.max(0, (box.height - heightPt) / 2) + textPt;
  type OpName = Parameters<typeof pdfLib.PDFOperator.of>[0];
  const ops: RawOp[] = [['q', []]];
  const rotation = rotationOp(box, schema.rotate);
  if (rotation) ops.push(rotation);
  ops.push(colorOp(schema.color ?? '#000000', options.colorType) ?? ['g', ['0']]);
  for (const [x, y, w, h] of imbRects(bars)) ops.push(['re', [x0 + x * PT_PER_IN, y0 + y * PT_PER_IN, w * PT_PER_IN, h * PT_PER_IN].map(pdfNum)]);
  ops.push(['f', []], ['Q', []]);
  page.pushOperators(...ops.map(([n, a]) => pdfLib.PDFOperator.of(n as OpName, a)));
  if (schema.showText && !isEncodedImb(value)) {
    const font = await arg.pdfDoc.embedFont(pdfLib.StandardFonts.Helvetica);
    const text = imbHumanReadable(value);
    const size = schema.fontSize ?? 8;
    page.drawText(text, { x: x0 + (lengthPt - font.widthOfTextAtSize(text, size)) / 2, y: y0 - textPt + size * 0.25, size, font });
  }
}

function ui({ value, schema, rootElement }: UIRenderProps<ImbSchema>): void {
  const bars = imbBars(value || schema.content || '') ?? IMB_SAMPLE.bars;
  const { full } = IMB_DIMENSIONS_IN;
  const lengthIn = IMB_LENGTH_MM / 25.4;
  const rects = imbRects(bars).map(([x, y, w, h]) => `<rect x="${x}" y="${full - y - h}" width="${w}" height="${h}"/>`).join('');
  const wrap = document.createElement('div');
  Object.assign(wrap.style, { width: '100%', height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' });
  wrap.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${lengthIn} ${full}" style="width:${IMB_LENGTH_MM}mm;height:${full * 25.4}mm" fill="${schema.color ?? '#000000'}">${rects}</svg>`;
  if (schema.showText) {
    const line = document.createElement('div');
    line.textContent = imbHumanReadable(isEncodedImb(value) ? IMB_SAMPLE.digits : (value || IMB_SAMPLE.digits));
    Object.assign(line.style, { fontSize: `${schema.fontSize ?? 8}pt`, fontFamily: 'Helvetica, Arial, sans-serif', whiteSpace: 'nowrap' });
    wrap.appendChild(line);
  }
  rootElement.appendChild(wrap);
}

const IMB_ICON = '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="currentColor"><rect x="2" y="6" width="1.5" height="12"/><rect x="5" y="9" width="1.5" height="6"/><rect x="8" y="6" width="1.5" height="9"/><rect x="11" y="9" width="1.5" height="9"/><rect x="14" y="6" width="1.5" height="12"/><rect x="17" y="9" width="1.5" height="6"/><rect x="20" y="6" width="1.5" height="9"/></svg>';

/** The `imb` plugin: register as `{ imb: imbPlugin }` in the Designer and generator (docs/requirements/print.md#print). */
export const imbPlugin: Plugin<ImbSchema> = {
  pdf,
  ui,
  icon: IMB_ICON,
  propPanel: {
    schema: {
      showText: { title: 'Print the digits under the bars', type: 'boolean', widget: 'switch', span: 24 },
      fontSize: { title: 'Digits size (pt)', type: 'number', widget: 'inputNumber', props: { min: 6, max: 12, step: 0.5 }, span: 12 },
      color: { title: 'Bar colour', type: 'string', widget: 'color', props: { disabledAlpha: true }, span: 12 },
    },
    defaultSchema: {
      name: 'imbno',
      type: IMB_TYPE,
      content: IMB_SAMPLE.digits,
      position: { x: 0, y: 0 },
      width: 78,
      height: 6,
      rotate: 0,
      opacity: 1,
      color: '#000000',
      showText: false,
      fontSize: 8,
    },
  },
};
