import type { Schema, Template } from '@pdfme/common';
import { PAGE_PADDING_MM, PAPER_SIZES_MM, PERMIT_LINE_DEFAULTS } from '@mailcraft/shared';

/**
 * The benchmark's mail piece: a double-sided 8.5x11 self-mailer (215.9 × 279.4 mm) whose outside
 * page has the indicia, a QR code and the address block, and whose inside page has a letter with
 * a greeting — 10 merge fields in all (docs/requirements/designer.md#limits sizes and padding).
 */
const el = (name: string, x: number, y: number, w: number, h: number, extra: Partial<Schema> = {}): Schema => ({
  name, type: 'text', content: name, position: { x, y }, width: w, height: h, fontSize: 12, fontName: 'Helvetica', ...extra,
});

/** Outside page: return address, indicia, QR code (vector or pdfme's raster) and the address block. */
export function benchOutsidePage(qrType: 'qrVector' | 'qrcode'): Schema[] {
  return [
    el('return_address', 12, 12, 80, 20, { readOnly: true, content: 'Mailcraft Realty\n100 Main St\nSpringfield, IL 62701', fontSize: 9 }),
    { name: 'indicia', type: 'indicia', content: '', position: { x: 175, y: 10 }, width: 30, height: 25, fontName: 'Helvetica', fontSize: 8 } as Schema,
    qrType === 'qrVector'
      ? { name: 'qr', type: 'qrVector', content: '', position: { x: 20, y: 200 }, width: 35, height: 35, errorCorrection: 'M' } as Schema
      : { name: 'qr', type: 'qrcode', content: '', position: { x: 20, y: 200 }, width: 35, height: 35, backgroundColor: '#ffffff', barColor: '#000000' } as Schema,
    el('full_name', 100, 150, 100, 8),
    el('company_name', 100, 158, 100, 8),
    el('address', 100, 166, 100, 8),
    el('address_2', 100, 174, 100, 8),
    el('city_state_zip', 100, 182, 100, 8),
  ];
}

/** Inside page: a multiVariableText greeting, a static paragraph and five more merge fields. */
export function benchInsidePage(): Schema[] {
  return [
    { name: 'greeting', type: 'multiVariableText', text: 'Dear {first_name} {last_name},', content: '{}', variables: ['first_name', 'last_name'],
      position: { x: 20, y: 30 }, width: 170, height: 10, fontSize: 14, fontName: 'Roboto-Regular' } as Schema,
    el('body', 20, 45, 175, 80, { readOnly: true, fontName: 'Roboto-Regular',
      content: 'Homes in your neighbourhood are selling fast. Scan the code on the back of this card to see what your home is worth today, '
        + 'or call us for a free, no-obligation valuation. We have helped hundreds of families in your area move with confidence.' }),
    el('email', 20, 130, 90, 8),
    el('phone', 20, 140, 90, 8),
    el('city', 20, 150, 60, 8),
    el('state', 85, 150, 20, 8),
    el('zip', 110, 150, 30, 8),
  ];
}

/** The bench template; `qrType` 'qrcode' uses pdfme's built-in raster QR for the plain-pdfme baseline. */
export function benchTemplate(qrType: 'qrVector' | 'qrcode' = 'qrVector'): Template {
  const { width, height } = PAPER_SIZES_MM['8.5x11'];
  const p = PAGE_PADDING_MM;
  return { basePdf: { width, height, padding: [p, p, p, p] }, schemas: [benchOutsidePage(qrType), benchInsidePage()] };
}

/** The default permit lines (docs/requirements/projects.md#rules) as the indicia value. */
export const BENCH_INDICIA = PERMIT_LINE_DEFAULTS.join('\n');

/** A synthetic record's mapped fields (target → value), deterministic per index. */
export function benchFields(i: number): Record<string, string> {
  const first = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer'][i % 6];
  const last = ['Butt', 'Darakjy', 'Venere', 'Paprocki', 'Foller', 'Morasca'][(i >> 1) % 6];
  const zip = String(1000 + (i * 7919) % 98999).padStart(5, '0');
  return {
    first_name: first, last_name: last, full_name: `${first} ${last}`, company_name: `Company ${i}`,
    address: `${100 + (i % 900)} Main Street`, address_2: i % 3 ? '' : `Apt ${i % 50}`, city: 'Springfield', state: 'IL', zip,
    city_state_zip: `Springfield, IL ${zip}`, email: `person${i}@example.com`, phone: `555-01${String(i % 100).padStart(2, '0')}`,
  };
}

/** Names in other scripts (first, last) for `benchIntlFields`: every fallback font is needed. */
const INTL_NAMES: Array<[string, string]> = [
  ['Zoë', 'Ñúñez'], ['雷', '李'], ['Владимир', 'Петров'], ['محمد', 'علي'], ['さくら', '田中'], ['민준', '김'], ['Sunny 🌻', 'Day'],
];

/** `benchFields` with every other record named in another script (Latin, Chinese, Cyrillic, Arabic, Japanese, Korean, emoji). */
export function benchIntlFields(i: number): Record<string, string> {
  const fields = benchFields(i);
  if (i % 2) return fields;
  const [first, last] = INTL_NAMES[(i >> 1) % INTL_NAMES.length];
  return { ...fields, first_name: first, last_name: last, full_name: `${first} ${last}` };
}
