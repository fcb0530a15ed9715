/**
 * The `indicia` pdfme plugin: the mailing permit's six lines centred in a thin box (docs/requirements/projects.md#data
 * Mailing permit, §9 "smaller text is used when a line is longer than 15"). Its value is the
 * lines joined by '\n'; an empty value (no permit selected) prints nothing.
 */
import { getDefaultFont, getFallbackFontName, mm2pt, type PDFRenderProps, type Plugin, type Schema, type UIRenderProps } from '@pdfme/common';
import { PERMIT_LINE_DEFAULTS, PERMIT_LINE_SMALL_TEXT_OVER } from '../constants.js';
import { colorOp, elementBox, hexToRgb, pdfNum, rotationOp, type RawOp } from './colors.js';

export const INDICIA_TYPE = 'indicia';
/** Lines longer than PERMIT_LINE_SMALL_TEXT_OVER characters print at this fraction of the size. */
export const INDICIA_SMALL_TEXT_RATIO = 0.8;
const LINE_HEIGHT = 1.2;

/** An `indicia` element. Sizes: fontSize in pt (default 8), borderWidth in mm (default 0.3). */
export type IndiciaSchema = Schema & {
  fontName?: string;
  fontSize?: number;
  fontColor?: string;
  borderColor?: string;
  borderWidth?: number;
};

/** The font size in pt of one indicia line: smaller when the line is over 15 characters. */
export function indiciaLineSize(line: string, fontSize = 8): number {
  return line.length > PERMIT_LINE_SMALL_TEXT_OVER ? fontSize * INDICIA_SMALL_TEXT_RATIO : fontSize;
}

/** Up to six lines; trailing blank lines are dropped so the text stays centred in the box. */
const linesOf = (value: string) => value.replace(/\r/g, '').replace(/\s+$/, '').split('\n').slice(0, 6);

type PdfLib = PDFRenderProps<IndiciaSchema>['pdfLib'];
type PdfFont = Awaited<ReturnType<PDFRenderProps<IndiciaSchema>['pdfDoc']['embedFont']>>;

/** The element's font embedded once per generate() call (cached in pdfme's per-call `_cache`). */
function embedFont({ schema, options, pdfDoc, _cache }: PDFRenderProps<IndiciaSchema>): Promise<PdfFont> {
  const font = options.font ?? getDefaultFont();
  const name = schema.fontName && font[schema.fontName] ? schema.fontName : getFallbackFontName(font);
  const key = `indicia-font:${name}`;
  let cached = _cache.get(key) as Promise<PdfFont> | undefined;
  if (!cached) {
    const data = font[name].data;
    cached = pdfDoc.embedFont(typeof data === 'string' ? Uint8Array.from(atob(data), (c) => c.charCodeAt(0)) : data, { subset: true });
    _cache.set(key, cached);
  }
  return cached;
}

function textColor(pdfLib: PdfLib, hex: string | undefined, colorType: string | undefined) {
  const [r, g, b] = hexToRgb(hex) ?? [0, 0, 0];
  if (colorType?.toLowerCase() !== 'cmyk') return pdfLib.rgb(r, g, b);
  const k = 1 - Math.max(r, g, b);
  return k === 1 ? pdfLib.cmyk(0, 0, 0, 1) : pdfLib.cmyk((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k);
}

async function pdf(arg: PDFRenderProps<IndiciaSchema>): Promise<void> {
  const { value, schema, page, pdfLib, options } = arg;
  if (!value.trim()) return;
  const font = await embedFont(arg);
  const box = elementBox(schema, page.getHeight());
  const border = mm2pt(schema.borderWidth ?? 0.3);
  type OpName = Parameters<typeof pdfLib.PDFOperator.of>[0];
  const push = (ops: RawOp[]) => page.pushOperators(...ops.map(([n, a]) => pdfLib.PDFOperator.of(n as OpName, a)));

  const open: RawOp[] = [['q', []]];
  const rotation = rotationOp(box, schema.rotate);
  if (rotation) open.push(rotation);
  const stroke = colorOp(schema.borderColor ?? '#000000', options.colorType, true);
  if (stroke && border > 0) {
    open.push(stroke, ['w', [pdfNum(border)]],
      ['re', [box.x + border / 2, box.y + border / 2, box.width - border, box.height - border].map(pdfNum)], ['S', []]);
  }
  push(open);

  const base = schema.fontSize ?? 8;
  const inner = box.width - 2 * border - mm2pt(1);
  const lines = linesOf(value).map((text) => {
    const size = indiciaLineSize(text, base);
    const width = font.widthOfTextAtSize(text, size);
    const fit = width > inner ? inner / width : 1; // never spill out of the box
    return { text, size: size * fit, width: width * fit };
  });
  const total = lines.reduce((sum, l) => sum + l.size * LINE_HEIGHT, 0);
  let lineTop = box.y + box.height / 2 + total / 2;
  const color = textColor(pdfLib, schema.fontColor, options.colorType);
  for (const line of lines) {
    const lh = line.size * LINE_HEIGHT;
    const ascent = font.heightAtSize(line.size, { descender: false });
    const full = font.heightAtSize(line.size);
    const baseline = lineTop - (lh - full) / 2 - ascent;
    if (line.text) page.drawText(line.text, { x: box.x + (box.width - line.width) / 2, y: baseline, size: line.size, font, color });
    lineTop -= lh;
  }
  push([['Q', []]]);
}

function ui({ value, schema, rootElement }: UIRenderProps<IndiciaSchema>): void {
  const boxEl = document.createElement('div');
  const fg = hexToRgb(schema.fontColor) ? schema.fontColor! : '#000000';
  const bc = hexToRgb(schema.borderColor) ? schema.borderColor! : '#000000';
  Object.assign(boxEl.style, {
    width: '100%', height: '100%', boxSizing: 'border-box', display: 'flex', flexDirection: 'column',
    alignItems: 'center', justifyContent: 'center', overflow: 'hidden', textAlign: 'center', whiteSpace: 'nowrap',
    border: `${schema.borderWidth ?? 0.3}mm solid ${bc}`, color: fg, lineHeight: String(LINE_HEIGHT),
    fontFamily: schema.fontName ? `'${schema.fontName}'` : 'inherit',
  });
  const text = value || schema.content || '';
  for (const line of linesOf(text)) {
    const row = document.createElement('div');
    row.textContent = line || '\u00a0';
    row.style.fontSize = `${indiciaLineSize(line, schema.fontSize ?? 8)}pt`;
    boxEl.appendChild(row);
  }
  rootElement.appendChild(boxEl);
}

const INDICIA_ICON = '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><rect x="3" y="3" width="18" height="18"/><path d="M7 8h10M7 12h10M7 16h10"/></svg>';

/** The `indicia` plugin: register as `{ indicia: indiciaPlugin }` in the Designer and generator. */
export const indiciaPlugin: Plugin<IndiciaSchema> = {
  pdf,
  ui,
  icon: INDICIA_ICON,
  propPanel: {
    schema: {
      fontSize: { title: 'Font size (pt)', type: 'number', widget: 'inputNumber', props: { min: 4, max: 20, step: 0.5 }, span: 12 },
      borderWidth: { title: 'Border width (mm)', type: 'number', widget: 'inputNumber', props: { min: 0, max: 2, step: 0.1 }, span: 12 },
      fontColor: { title: 'Text colour', type: 'string', widget: 'color', props: { disabledAlpha: true }, span: 12 },
      borderColor: { title: 'Border colour', type: 'string', widget: 'color', props: { disabledAlpha: true }, span: 12 },
    },
    defaultSchema: {
      name: 'indicia',
      type: INDICIA_TYPE,
      content: PERMIT_LINE_DEFAULTS.join('\n'),
      position: { x: 0, y: 0 },
      width: 30,
      height: 25,
      rotate: 0,
      opacity: 1,
      fontName: 'Helvetica',
      fontSize: 8,
      fontColor: '#000000',
      borderColor: '#000000',
      borderWidth: 0.3,
    },
  },
};
