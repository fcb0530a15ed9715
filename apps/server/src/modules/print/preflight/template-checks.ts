import type { Schema, Template } from '@pdfme/common';
import type { TPreflightCheck } from '@mailcraft/shared';
import { addressSideZones, IMB_TYPE, INDICIA_TYPE, templateFieldName, type RectMm } from '@mailcraft/shared/designs';
import { describeRect, elementRect, overlaps, TOLERANCE_MM, within } from './geometry.js';

/**
 * Preflight checks of the design itself, run once per print file (docs/requirements/print.md#print): the indicia and the
 * address block against the USPS zones of the address side (`addressSideZones`; the address
 * side is the piece's first page: the outside of a double-sided piece, the front of a
 * single-sided one). Lengths in mm from the top-left of the trim.
 */

type Trim = { width: number; height: number };

/** Merge fields that make an element part of the address block. */
const ADDRESS_FIELDS = new Set(['address', 'address_2', 'city', 'state', 'zip', 'city_state_zip']);

const zone = (trim: Trim, name: string): RectMm => addressSideZones(trim.width, trim.height).find((z) => z.name === name)!.rect;
const label = (el: Schema) => `'${el.name}'`;
/** Whether `el` covers the whole trim (a page background, behind everything). */
const isPageBackground = (el: Schema, trim: Trim) => within({ x: 0, y: 0, ...trim }, elementRect(el));

const check = (id: TPreflightCheck['id'], problems: string[], ok: string): TPreflightCheck =>
  ({ id, passed: problems.length === 0, message: problems.length ? problems.join(' ') : ok, pieces: [] });

/**
 * The indicia (elements of type `indicia`) lies in the Indicia zone (upper right, 1½ × 1½ in) of
 * the address side, not rotated (parallel to the address), with nothing printed above it or to
 * its right (backgrounds that lie under the whole indicia aside). A design without an indicia
 * passes (postage by stamp or meter).
 */
export function indiciaCheck(template: Template, trim: Trim): TPreflightCheck {
  const problems: string[] = [];
  const indiciaZone = zone(trim, 'Indicia zone');
  let found = 0;
  template.schemas.forEach((page, pageIndex) => {
    for (const el of page) {
      if (el.type !== INDICIA_TYPE) continue;
      found++;
      const r = elementRect(el);
      if (pageIndex !== 0) {
        problems.push(`The indicia ${label(el)} is not on the address side: move it to the upper right corner of the address side (USPS DMM 604.5).`);
        continue;
      }
      if (!within(r, indiciaZone)) {
        problems.push(`The indicia ${label(el)} is outside the upper-right Indicia zone (${describeRect(r)}): move it into the top-right 1½ × 1½ in corner of the address side (USPS DMM 604.5).`);
      }
      if ((el.rotate ?? 0) % 360 !== 0) {
        problems.push(`The indicia ${label(el)} is rotated ${el.rotate}°: set its rotation to 0 so it is parallel to the address.`);
      }
      const above: RectMm = { x: r.x, y: -trim.height, width: trim.width * 2, height: r.y + trim.height };
      const right: RectMm = { x: r.x + r.width, y: -trim.height, width: trim.width, height: r.y + r.height + trim.height };
      const blocking = page.filter((o) => o !== el && !within(r, elementRect(o))
        && (overlaps(elementRect(o), above) || overlaps(elementRect(o), right)));
      if (blocking.length > 0) {
        problems.push(`${blocking.map(label).join(', ')} ${blocking.length === 1 ? 'is' : 'are'} printed above or to the right of the indicia: move ${blocking.length === 1 ? 'it' : 'them'} below or to the left of the indicia, which must be the top-right item.`);
      }
    }
  });
  return check('indicia', problems, found ? 'The indicia lies in the upper-right Indicia zone, parallel to the address, with nothing above or right of it.' : 'The design has no indicia (postage by stamp or meter).');
}

/** Whether `el` prints part of the address: a field element of ADDRESS_FIELDS or a multiVariableText using one. */
function isAddressElement(el: Schema): boolean {
  if (el.type === 'text' && !el.readOnly) return ADDRESS_FIELDS.has(templateFieldName(el.name));
  if (el.type !== 'multiVariableText') return false;
  const declared = Array.isArray(el.variables) ? (el.variables as unknown[]).map(String) : [];
  const inText = [...String(el.text ?? '').matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]);
  return [...declared, ...inText].some((v) => ADDRESS_FIELDS.has(templateFieldName(v)));
}

/**
 * The address block (the elements printing address fields) lies inside the USPS OCR read area
 * (Address zone) of the address side, and nothing but the Intelligent Mail barcode (`imb`) lies
 * in the Barcode clear zone (bottom 5/8 in of the rightmost 4¾ in; a background under the whole
 * page is allowed). A design without an address block on the address side fails.
 */
export function addressBlockCheck(template: Template, trim: Trim): TPreflightCheck {
  const problems: string[] = [];
  const addressZone = zone(trim, 'Address zone');
  const clearZone = zone(trim, 'Barcode clear zone');
  const page = template.schemas[0] ?? [];
  const address = page.filter(isAddressElement);
  if (address.length === 0) {
    const elsewhere = template.schemas.slice(1).some((p) => p.some(isAddressElement));
    problems.push(elsewhere
      ? 'The address block is not on the address side: move it to the first page (the outside of a double-sided piece).'
      : 'The design has no address block: add the address fields (Address, City, State ZIP) to the address side, inside the Address zone.');
  }
  for (const el of address) {
    const r = elementRect(el);
    if (!within(r, addressZone)) {
      problems.push(`The address element ${label(el)} (${describeRect(r)}) is outside the USPS OCR read area: move it into the Address zone (½ in from the sides, between ⅝ in and 2¾ in from the bottom).`);
    }
  }
  const inClearZone = page.filter((el) => el.type !== IMB_TYPE && !isPageBackground(el, trim) && overlaps(elementRect(el), clearZone));
  if (inClearZone.length > 0) {
    problems.push(`${inClearZone.map(label).join(', ')} ${inClearZone.length === 1 ? 'lies' : 'lie'} in the Barcode clear zone (bottom ⅝ in of the rightmost 4¾ in), which must hold nothing but the Intelligent Mail barcode: move ${inClearZone.length === 1 ? 'it' : 'them'} out of it.`);
  }
  return check('address-block', problems, `The address block lies inside the USPS OCR read area and the Barcode clear zone holds nothing but the IMb (tolerance ${TOLERANCE_MM} mm).`);
}
