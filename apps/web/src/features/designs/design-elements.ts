import type { Schema, Template } from '@pdfme/common';
import { PAGE_PADDING_MM, TARGET_FIELDS } from '@mailcraft/shared';
import { addressSideZones, IMB_TYPE, INDICIA_TYPE, QR_VECTOR_TYPE, type GuideZoneName } from '@mailcraft/shared/designs';
import { designPlugins } from './design-plugins';

/**
 * The elements the Fields panel inserts and where they go (docs/requirements/designer.md#design-template template). All
 * sizes in mm, font sizes in pt. Pure functions over pdfme templates.
 */

const MM_PER_PT = 25.4 / 72;
/** Gap kept between an inserted element and what is already on the page. */
const GAP_MM = 2;
const STEP_MM = 2;


/** Mapped target fields in the spec's order (docs/requirements/mailing-lists.md#mappings), each once. */
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
const overlaps = (a: Box, b: Box, gap = GAP_MM) =>
  a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
const inside = (a: Box, r: Box) =>
  a.x >= r.x - 1e-6 && a.y >= r.y - 1e-6 && a.x + a.width <= r.x + r.width + 1e-6 && a.y + a.height <= r.y + r.height + 1e-6;
const intersect = (a: Box, b: Box): Box => {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return { x, y, width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x), height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y) };
};

/** The page's safe area: inside its padding (docs/requirements/designer.md#limits: 6.35 mm). */
export function safeBox(template: Template): Box {
  const base = template.basePdf as { width: number; height: number; padding?: number[] };
  const [top, right, bottom, left] = base.padding ?? [PAGE_PADDING_MM, PAGE_PADDING_MM, PAGE_PADDING_MM, PAGE_PADDING_MM];
  return { x: left, y: top, width: base.width - left - right, height: base.height - top - bottom };
}

/** The USPS zones of the address side for the template's page size (shared guide geometry: the same the downloaded guides mark). */
export function uspsZones(template: Template): Record<GuideZoneName, Box> {
  const base = template.basePdf as { width: number; height: number };
  return Object.fromEntries(addressSideZones(base.width, base.height).map((z) => [z.name, z.rect])) as Record<GuideZoneName, Box>;
}

/** Where `freePosition` looks. */
export type PlaceOptions = {
  /** The area the element must fit in (default: the safe area). */
  region?: Box;
  /** Areas the element must stay out of (e.g. USPS zones meant for something else). */
  avoid?: Box[];
  /** Scan order within a row: from the left, the right, or the middle outwards. */
  prefer?: 'left' | 'right' | 'center';
  /** First row to try (mm from the top); earlier rows are tried after the later ones. */
  fromY?: number;
};

/**
 * A position where an element of `size` (mm) fits inside `region` without touching any element
 * already on the page or an `avoid` area: rows from `fromY` (else the region's top) downwards,
 * then the rows above, each scanned in the `prefer` order, in 2 mm steps. When nothing is free, the
 * element is cascaded from the region's top-left corner so it stays visible.
 */
export function freePosition(template: Template, pageIndex: number, size: { width: number; height: number }, opts: PlaceOptions = {}): { x: number; y: number } {
  const region = opts.region ?? safeBox(template);
  const page = template.schemas[pageIndex] ?? [];
  const taken: Box[] = [...page.map((s) => ({ x: s.position.x, y: s.position.y, width: s.width, height: s.height })), ...(opts.avoid ?? [])];
  const width = Math.min(size.width, region.width);
  const maxX = region.x + region.width - width;
  const maxY = region.y + region.height - size.height;
  const xs: number[] = [];
  for (let x = region.x; x <= maxX + 1e-6; x += STEP_MM) xs.push(x);
  if (xs.length === 0 || maxX - xs[xs.length - 1] > 1e-6) xs.push(Math.max(region.x, maxX)); // the right edge itself
  const middle = region.x + (region.width - width) / 2;
  if (opts.prefer === 'right') xs.reverse();
  if (opts.prefer === 'center') xs.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle));
  const start = Math.min(Math.max(opts.fromY ?? region.y, region.y), Math.max(region.y, maxY));
  const ys: number[] = [];
  for (let y = start; y <= maxY + 1e-6; y += STEP_MM) ys.push(y);
  for (let y = start - STEP_MM; y >= region.y - 1e-6; y -= STEP_MM) ys.push(y);
  for (const y of ys) {
    for (const x of xs) {
      const candidate = { x, y, width, height: size.height };
      if (!taken.some((b) => overlaps(candidate, b))) return { x: round(x), y: round(y) };
    }
  }
  const offset = (page.length % 10) * 5;
  return { x: round(region.x + offset), y: round(region.y + offset) };
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
  | { kind: 'imb' }
  | { kind: 'qr' }
  | { kind: 'map' };

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
 * - the permit indicia: an `indicia` element holding the permit's lines;
 * - the Intelligent Mail barcode: an `imb` element named `imbno` (docs/requirements/print.md#print), printing each record's
 *   `encodedimbno` or `imbno`;
 * - a QR code: a `qrVector` element, QR_SIZE_MM square;
 * - a route map: an `image` element named `map_image` (MAP_SIZE_MM, the default map's 2:3), which
 *   prints each record's own map (docs/requirements/maps.md#maps).
 * Placed by `placement`: with `addressSide`, in the USPS zones of the address side.
 */
export function buildElement(template: Template, pageIndex: number, item: Insertable, opts: { addressSide?: boolean } = {}): Schema {
  const base = template.basePdf as { width: number; padding?: number[] };
  const [, right = PAGE_PADDING_MM, , left = PAGE_PADDING_MM] = base.padding ?? [];
  const maxWidth = base.width - left - right;
  let el: Schema;
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
      break;
    case 'imb':
      el = { ...defaultsOf(IMB_TYPE), name: uniqueName(template, 'imbno') };
      break;
    case 'qr':
      el = { ...defaultsOf(QR_VECTOR_TYPE), name: uniqueName(template, 'qr_code'), width: QR_SIZE_MM, height: QR_SIZE_MM };
      break;
    case 'map':
      el = { ...defaultsOf('image'), name: uniqueName(template, 'map_image'), ...MAP_SIZE_MM };
      break;
  }
  // Every element carries docs/requirements/projects.md#data's `required` and `readOnly`: record-driven content, not required.
  return { required: false, readOnly: false, ...el, ...placement(template, pageIndex, item.kind, el, !!opts.addressSide) };
}

/** Side of a newly inserted QR code: scannable from arm's length (docs/requirements/workflow.md#clear-states-and-fast-pages: at least 20 mm). */
export const QR_SIZE_MM = 25;
/** A newly inserted route map, mm: the default 600×900 px map's 2:3 (docs/requirements/maps.md#limits). */
export const MAP_SIZE_MM = { width: 50, height: 75 };

/**
 * Where a new element goes (docs/requirements/workflow.md#clear-states-and-fast-pages), in mm; on the address side by the USPS zones of the guides:
 * - the address block inside the Address zone (USPS DMM 202.2.1), centred, in its first free row;
 * - the permit indicia in the upper-right corner, inside the Indicia zone (DMM 604.5), shrunk to fit
 *   the zone's part of the safe area;
 * - the IMb centred in the Barcode clear zone (DMM 202.5);
 * - a QR code in a free spot, out of the three zones;
 * - a merge field below the element inserted last, at its left edge, else in the next free row
 *   below it — never stacked on the top strip — out of the zones.
 * Off the address side the same, without zones. Returns the position and, for the indicia, the size.
 */
function placement(template: Template, pageIndex: number, kind: Insertable['kind'], el: Schema, addressSide: boolean): Pick<Schema, 'position'> & Partial<Pick<Schema, 'width' | 'height'>> {
  const safe = safeBox(template);
  const zones = addressSide ? uspsZones(template) : null;
  const all = zones ? Object.values(zones) : [];
  const except = (name: GuideZoneName) => (zones ? Object.entries(zones).filter(([n]) => n !== name).map(([, b]) => b) : []);
  const size = { width: el.width, height: el.height };
  switch (kind) {
    case 'address':
      return { position: freePosition(template, pageIndex, size, zones ? { region: intersect(zones['Address zone'], safe), prefer: 'center', avoid: except('Address zone') } : { prefer: 'center' }) };
    case 'indicia': {
      if (!zones) return { position: freePosition(template, pageIndex, size, { prefer: 'right' }) };
      const region = intersect(zones['Indicia zone'], safe);
      const scale = Math.min(1, region.width / el.width, region.height / el.height);
      const fitted = { width: round(el.width * scale), height: round(el.height * scale) };
      return { ...fitted, position: freePosition(template, pageIndex, fitted, { region, prefer: 'right' }) };
    }
    case 'imb': {
      // The barcode clear zone is kept for the IMb (USPS DMM 202.5): centred in it.
      if (!zones) return { position: freePosition(template, pageIndex, size, { avoid: all }) };
      const zone = zones['Barcode clear zone'];
      return { position: { x: round(zone.x + (zone.width - el.width) / 2), y: round(zone.y + (zone.height - el.height) / 2) } };
    }
    case 'qr':
    case 'map':
      return { position: freePosition(template, pageIndex, size, { avoid: all }) };
    case 'field': {
      const page = template.schemas[pageIndex] ?? [];
      const last = page[page.length - 1];
      if (!last) return { position: freePosition(template, pageIndex, size, { avoid: all }) };
      const below = { x: last.position.x, y: last.position.y + last.height + GAP_MM, ...size };
      const others = [...page.map((s) => ({ x: s.position.x, y: s.position.y, width: s.width, height: s.height })), ...all];
      if (inside(below, safe) && !others.some((b) => overlaps(below, b, 0.5))) return { position: { x: round(below.x), y: round(below.y) } };
      return { position: freePosition(template, pageIndex, size, { avoid: all, fromY: below.y }) };
    }
  }
}

/** The template with `element` appended to page `pageIndex`. */
export function withElement(template: Template, pageIndex: number, element: Schema): Template {
  const schemas = template.schemas.map((page, i) => (i === pageIndex ? [...page, element] : page));
  return { ...template, schemas };
}
