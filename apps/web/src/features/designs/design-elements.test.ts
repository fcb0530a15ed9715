import { describe, expect, it } from 'vitest';
import type { Schema, Template } from '@pdfme/common';
import { buildElement, MAP_SIZE_MM, QR_SIZE_MM, safeBox, uspsZones, withElement, type Insertable } from './design-elements';

/** A blank 8.5 × 11 in page with the spec's 6.35 mm padding. */
const blank = (): Template => ({ basePdf: { width: 215.9, height: 279.4, padding: [6.35, 6.35, 6.35, 6.35] }, schemas: [[]] } as unknown as Template);
type Box = { x: number; y: number; width: number; height: number };
const box = (el: Schema): Box => ({ x: el.position.x, y: el.position.y, width: el.width, height: el.height });
const within = (a: Box, r: Box) => a.x >= r.x - 0.01 && a.y >= r.y - 0.01 && a.x + a.width <= r.x + r.width + 0.01 && a.y + a.height <= r.y + r.height + 0.01;
const meets = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Inserts the items one after another, as the Fields panel does, and returns the elements. */
function insertAll(items: Insertable[], addressSide = true): { template: Template; elements: Schema[] } {
  let template = blank();
  const elements: Schema[] = [];
  for (const item of items) {
    const el = buildElement(template, 0, item, { addressSide });
    template = withElement(template, 0, el);
    elements.push(el);
  }
  return { template, elements };
}

const address: Insertable = { kind: 'address', sample: { full_name: 'James Butt', address: '6649 N Blue Gum St', city: 'New Orleans', state: 'LA', zip: '70116' } };
const field = (f: string): Insertable => ({ kind: 'field', field: f, sample: 'Sample' });

describe('where inserted elements land', () => {
  it('puts the address block inside the USPS address zone, the indicia in the upper-right indicia zone, the QR code at a scannable size clear of both', () => {
    const { template, elements: [addr, indicia, qr] } = insertAll([address, { kind: 'indicia', text: 'PRESORTED\nSTANDARD' }, { kind: 'qr' }]);
    const zones = uspsZones(template);
    expect(within(box(addr), zones['Address zone'])).toBe(true);
    expect(within(box(indicia), zones['Indicia zone'])).toBe(true);
    expect(within(box(indicia), safeBox(template))).toBe(true);
    expect(indicia.position.x + indicia.width).toBeCloseTo(215.9 - 6.35, 1); // hugs the upper-right corner
    expect(indicia.position.y).toBeCloseTo(6.35, 1);
    expect(qr.width).toBeGreaterThanOrEqual(20);
    expect(qr.width).toBe(QR_SIZE_MM);
    for (const zone of Object.values(zones)) expect(meets(box(qr), zone)).toBe(false);
    expect(meets(box(qr), box(addr)) || meets(box(qr), box(indicia))).toBe(false);
  });

  it('stacks merge fields below the element inserted last, not on the top strip', () => {
    const { elements } = insertAll([field('first_name'), field('last_name'), field('company_name'), field('email')]);
    for (let i = 1; i < elements.length; i++) {
      expect(elements[i].position.x).toBe(elements[i - 1].position.x);
      expect(elements[i].position.y).toBeGreaterThanOrEqual(elements[i - 1].position.y + elements[i - 1].height);
    }
    const { elements: [, , under] } = insertAll([{ kind: 'qr' }, field('first_name'), field('last_name')]);
    expect(under.position.y).toBeGreaterThan(QR_SIZE_MM);
  });

  it('inserts a route map as an image named map_image (each piece prints its own map, docs/requirements/maps.md#maps), clear of the USPS zones', () => {
    const { template, elements: [map, map2] } = insertAll([{ kind: 'map' }, { kind: 'map' }]);
    expect([map.type, map.name, map.width, map.height]).toEqual(['image', 'map_image', MAP_SIZE_MM.width, MAP_SIZE_MM.height]);
    expect(map2.name).toBe('map_image 2');
    for (const zone of Object.values(uspsZones(template))) expect(meets(box(map), zone)).toBe(false);
    expect(meets(box(map), box(map2))).toBe(false);
  });

  it('inserts the IMb named imbno, centred in the barcode clear zone (docs/requirements/print.md#print, USPS DMM 202.5)', () => {
    const { template, elements: [addr, imb] } = insertAll([address, { kind: 'imb' }]);
    const zones = uspsZones(template);
    expect([imb.type, imb.name]).toEqual(['imb', 'imbno']);
    expect(within(box(imb), zones['Barcode clear zone'])).toBe(true);
    expect(meets(box(imb), box(addr))).toBe(false);
  });

  it('gives every inserted element the required and readOnly of docs/requirements/projects.md#data', () => {
    const { elements } = insertAll([address, { kind: 'indicia', text: 'PAID' }, { kind: 'qr' }, field('first_name')]);
    for (const el of elements) expect([el.name, el.required, el.readOnly]).toEqual([el.name, false, false]);
  });

  it('keeps merge fields out of the USPS zones on the address side, and places freely on the inside', () => {
    const { template, elements } = insertAll(Array.from({ length: 30 }, (_, i) => field(i % 2 ? 'first_name' : 'last_name')));
    const zones = Object.values(uspsZones(template));
    for (const el of elements) for (const zone of zones) expect(meets(box(el), zone), el.name).toBe(false);
    const inside = insertAll([address], false).elements[0];
    expect(within(box(inside), safeBox(blank()))).toBe(true);
  });
});
