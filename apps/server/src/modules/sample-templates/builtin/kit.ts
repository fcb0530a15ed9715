import { PAGE_PADDING_MM, PAPER_SIZES_MM, PERMIT_LINE_DEFAULTS, type PaperSize, type TDesignTemplate } from '@mailcraft/shared';
import { addressSideZones, indiciaPlugin, qrVectorPlugin } from '@mailcraft/shared/designs';

/**
 * Element builders of the built-in sample designs, in mm and pt, producing the same elements the
 * Designer's Fields panel inserts (web `design-elements.ts`): the address block as a
 * `multiVariableText` with its variables, the permit `indicia` and the `qrVector` from the shared
 * plugins' defaults, merge fields as `{field}` placeholders; placed by the shared USPS zones
 * (`addressSideZones`).
 */

export type Element = Record<string, unknown> & { name: string; type: string; position: { x: number; y: number }; width: number; height: number };
export type Page = { width: number; height: number; elements: Element[] };

const MM_PER_PT = 25.4 / 72;
const r2 = (n: number) => Math.round(n * 100) / 100;
const FONT = 'Helvetica';

/** A blank page of a paper size (portrait, docs/requirements/designer.md#limits padding). */
export const page = (size: PaperSize): Page => ({ ...PAPER_SIZES_MM[size], elements: [] });

/** The page as a pdfme template. */
export function template(p: Page): TDesignTemplate {
  const pad = PAGE_PADDING_MM;
  return { basePdf: { width: p.width, height: p.height, padding: [pad, pad, pad, pad] }, schemas: [p.elements] };
}

const base = (name: string, type: string, x: number, y: number, width: number, height: number): Element =>
  ({ name, type, position: { x: r2(x), y: r2(y) }, width: r2(width), height: r2(height), rotate: 0, opacity: 1, required: false });

export type TextStyle = {
  size?: number; color?: string; align?: 'left' | 'center' | 'right'; valign?: 'top' | 'middle' | 'bottom';
  lineHeight?: number; spacing?: number; background?: string;
};

/**
 * Fixed text (read-only). `{first_name}`-style placeholders in it print each record's values
 * (shared `buildPieceInputs` passes the fields by name).
 */
export function text(name: string, x: number, y: number, width: number, height: number, content: string, s: TextStyle = {}): Element {
  return {
    ...base(name, 'text', x, y, width, height),
    content, readOnly: true, fontName: FONT, fontSize: s.size ?? 12, fontColor: s.color ?? '#1f2933',
    alignment: s.align ?? 'left', verticalAlignment: s.valign ?? 'top', lineHeight: s.lineHeight ?? 1.2,
    characterSpacing: s.spacing ?? 0, backgroundColor: s.background ?? '', textFormat: 'plain', overflow: 'visible',
    strikethrough: false, underline: false,
  };
}

/** A rectangle filled with `color` (no border unless given); `radius` in mm rounds its corners. */
export function rect(name: string, x: number, y: number, width: number, height: number, color: string, o: { radius?: number; border?: string; borderWidth?: number } = {}): Element {
  return { ...base(name, 'rectangle', x, y, width, height), readOnly: true, color, borderColor: o.border ?? color, borderWidth: o.borderWidth ?? 0, radius: o.radius ?? 0 };
}

/** Original vector artwork (see README.md): `markup` is an `<svg viewBox=…>` document. */
export function svg(name: string, x: number, y: number, width: number, height: number, markup: string): Element {
  return { ...base(name, 'svg', x, y, width, height), readOnly: true, content: markup };
}

/** The address block as the Designer inserts it: USPS order (addressee, street, last line), 12 pt. */
export const ADDRESS_BLOCK_TEXT = '{full_name}\n{address}\n{city}, {state} {zip}';
const ADDRESS_VARIABLES = ['full_name', 'address', 'city', 'state', 'zip'];
const ADDRESS_SAMPLE = { full_name: 'Jordan Rivera', address: '1200 Maple Ave', city: 'Springfield', state: 'IL', zip: '62704' };

/** The zones of the address side of a page (shared guide geometry). */
export function zones(p: Page) {
  return Object.fromEntries(addressSideZones(p.width, p.height).map((z) => [z.name, z.rect])) as Record<'Indicia zone' | 'Address zone' | 'Barcode clear zone', { x: number; y: number; width: number; height: number }>;
}

/** The address block, centred in the USPS address zone, `dy` mm below its top edge. */
export function addressBlock(p: Page, dy = 8): Element {
  const zone = zones(p)['Address zone'];
  const fontSize = 12;
  const lineHeight = 1.2;
  const width = 90;
  const height = r2(3 * fontSize * lineHeight * MM_PER_PT + 3);
  return {
    ...base('address_block', 'multiVariableText', zone.x + (zone.width - width) / 2, zone.y + dy, width, height),
    text: ADDRESS_BLOCK_TEXT, variables: ADDRESS_VARIABLES, content: JSON.stringify(ADDRESS_SAMPLE),
    fontName: FONT, fontSize, lineHeight, fontColor: '#000000', alignment: 'left', verticalAlignment: 'top',
    characterSpacing: 0, backgroundColor: '', textFormat: 'plain', overflow: 'visible', readOnly: false,
    strikethrough: false, underline: false,
  };
}

/** The permit indicia as the Designer inserts it: in the upper-right corner of the safe area, inside the indicia zone. */
export function indicia(p: Page): Element {
  const d = indiciaPlugin.propPanel.defaultSchema as unknown as Element;
  const x = p.width - PAGE_PADDING_MM - d.width;
  return { ...d, name: 'indicia', content: PERMIT_LINE_DEFAULTS.join('\n'), position: { x: r2(x), y: PAGE_PADDING_MM }, required: false, readOnly: false };
}

/** A QR code (`qrVector`, printing each record's short link) of `size` mm at (x, y). */
export function qr(name: string, x: number, y: number, size = 25): Element {
  const d = qrVectorPlugin.propPanel.defaultSchema as unknown as Element;
  return { ...d, name, position: { x: r2(x), y: r2(y) }, width: size, height: size, required: false, readOnly: false };
}

/** Adds elements to a page (in drawing order: later ones on top). */
export function add(p: Page, ...elements: Element[]): Page {
  p.elements.push(...elements);
  return p;
}
