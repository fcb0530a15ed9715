import type { Schema, Template } from '@pdfme/common';
import { PAGE_PADDING_MM, TARGET_FIELDS } from '@mailcraft/shared';
import { INDICIA_TYPE, QR_VECTOR_TYPE } from '@mailcraft/shared/designs';
import { designPlugins } from './design-plugins';

/**
 * The elements the Fields panel inserts and where they go (spec 000 §3 Design template). All
 * sizes in mm, font sizes in pt. Pure functions over pdfme templates.
 */

const MM_PER_PT = 25.4 / 72;
/** Gap kept between an inserted element and what is already on the page. */
const GAP_MM = 2;
const STEP_MM = 2;


/** Mapped target fields in the spec's order (spec 000 §3 Mappings), each once. */
export function mappedFields(mappings: Record<string, string>): string[] {
  const mapped = new Set(Object.values(mappings));
  return TARGET_FIELDS.filter((f) => mapped.has(f));
}

/** `base`, or `base 2`, `base 3`… — the first name no element of the template uses yet. */
export function uniqueName(template: Template, base: string): string {
  const taken = new Set(template.schemas.flat().map((s) => s.name));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} ${n}`)) return `${base} ${n}`;
}

/** Width in mm of `chars` characters at `fontSize` pt (average glyph ≈ 0.55 em). */
const textWidth = (chars: number, fontSize: number) => chars * fontSize * 0.55 * MM_PER_PT;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width + GAP_MM && b.x < a.x + a.width + GAP_MM && a.y < b.y + b.height + GAP_MM && b.y < a.y + a.height + GAP_MM;

/**
 * A position on the page where an element of `size` fits inside the padding without touching any
 * element already there: scanning rows from the top, left to right (or right to left with
 * `prefer: 'top-right'`, where mailers carry the permit indicia). When the page is full, the
 * element is cascaded from the top-left corner so it stays visible.
 */
export function freePosition(
  template: Template,
  pageIndex: number,
  size: { width: number; height: number },
  prefer: 'top-left' | 'top-right' = 'top-left',
): { x: number; y: number } {
  const base = template.basePdf as { width: number; height: number; padding?: number[] };
  const [top, right, bottom, left] = base.padding ?? [PAGE_PADDING_MM, PAGE_PADDING_MM, PAGE_PADDING_MM, PAGE_PADDING_MM];
  const page = template.schemas[pageIndex] ?? [];
  const boxes: Box[] = page.map((s) => ({ x: s.position.x, y: s.position.y, width: s.width, height: s.height }));
  const width = Math.min(size.width, base.width - left - right);
  const maxX = base.width - right - width;
  const maxY = base.height - bottom - size.height;
  for (let y = top; y <= maxY + 1e-6; y += STEP_MM) {
    for (let i = 0; left + i * STEP_MM <= maxX + 1e-6; i++) {
      const x = prefer === 'top-right' ? maxX - i * STEP_MM : left + i * STEP_MM;
      const candidate = { x, y, width, height: size.height };
      if (!boxes.some((b) => overlaps(candidate, b))) return { x: round(x), y: round(y) };
    }
  }
  const offset = (page.length % 10) * 5;
  return { x: round(left + offset), y: round(top + offset) };
}

const round = (n: number) => Math.round(n * 100) / 100;

const defaultsOf = (type: string): Schema => {
  const plugin = Object.values(designPlugins).find((p) => p.propPanel.defaultSchema.type === type);
  if (!plugin) throw new Error(`No Designer plugin for element type ${type}`);
  return structuredClone(plugin.propPanel.defaultSchema);
};

/** What the Fields panel can insert. */
export type Insertable =
  | { kind: 'field'; field: string; sample: string }
  | { kind: 'address'; sample: Record<string, string> }
  | { kind: 'indicia'; text: string }
  | { kind: 'qr' };

/** The address block's text (USPS order: addressee, street, last line) and its variables. */
export const ADDRESS_BLOCK_TEXT = '{full_name}\n{address}\n{city}, {state} {zip}';
const ADDRESS_VARIABLES = ['full_name', 'address', 'city', 'state', 'zip'];

/**
 * A new element for the template's page `pageIndex`, named uniquely and placed at a free spot:
 * - a merge field: a `text` element named after the target field ('first_name', then
 *   'first_name 2' — `templateFieldName` maps both back), showing `{first_name}`, at the default
 *   element font and size, wide enough for its placeholder or sample;
 * - the address block: `multiVariableText` with ADDRESS_BLOCK_TEXT, the sample record as its
 *   variables' sample data, 12 pt;
 * - the permit indicia: an `indicia` element holding the permit's lines, top right;
 * - a QR code: a `qrVector` element, 30 mm square.
 */
export function buildElement(template: Template, pageIndex: number, item: Insertable): Schema {
  const base = template.basePdf as { width: number; padding?: number[] };
  const [, right = PAGE_PADDING_MM, , left = PAGE_PADDING_MM] = base.padding ?? [];
  const maxWidth = base.width - left - right;
  let el: Schema;
  let prefer: 'top-left' | 'top-right' = 'top-left';
  switch (item.kind) {
    case 'field': {
      el = defaultsOf('text');
      const content = `{${item.field}}`;
      const fontSize = (el.fontSize as number | undefined) ?? 24;
      const chars = Math.max(content.length, item.sample.length);
      el = {
        ...el,
        name: uniqueName(template, item.field),
        content,
        width: round(Math.min(maxWidth, Math.max(40, textWidth(chars, fontSize) + 4))),
        height: round(fontSize * MM_PER_PT * 1.3),
      };
      break;
    }
    case 'address': {
      const fontSize = 12;
      const lineHeight = 1.2;
      const sample = Object.fromEntries(ADDRESS_VARIABLES.map((v) => [v, item.sample[v] || v.toUpperCase()]));
      el = {
        ...defaultsOf('multiVariableText'),
        name: uniqueName(template, 'address_block'),
        text: ADDRESS_BLOCK_TEXT,
        variables: ADDRESS_VARIABLES,
        content: JSON.stringify(sample),
        fontSize,
        lineHeight,
        width: Math.min(maxWidth, 90),
        height: round(3 * fontSize * lineHeight * MM_PER_PT + 3),
        readOnly: false,
      };
      break;
    }
    case 'indicia':
      el = { ...defaultsOf(INDICIA_TYPE), name: uniqueName(template, 'indicia'), content: item.text };
      prefer = 'top-right';
      break;
    case 'qr':
      el = { ...defaultsOf(QR_VECTOR_TYPE), name: uniqueName(template, 'qr_code'), width: 30, height: 30 };
      break;
  }
  return { ...el, position: freePosition(template, pageIndex, el, prefer) };
}

/** The template with `element` appended to page `pageIndex`. */
export function withElement(template: Template, pageIndex: number, element: Schema): Template {
  const schemas = template.schemas.map((page, i) => (i === pageIndex ? [...page, element] : page));
  return { ...template, schemas };
}
