import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, mapRecord, ZDesignTemplateSchema } from '@mailcraft/shared';
import { addressSideZones, designMergeFields, type RectMm } from '@mailcraft/shared/designs';
import { us500 } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { pdfPageTexts, squashSpaces } from '../../test/pdf-text.js';
import { BUILTIN_SAMPLES } from './builtin/samples.js';
import { renderSamplePdf } from './sample-render.js';

const within = (a: RectMm, b: RectMm) => a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
const overlaps = (a: RectMm, b: RectMm) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Print path of the built-in samples (docs/requirements/administration.md#administration): each renders as a mail piece of a real record, by the print renderer. */
describe('built-in sample designs print', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ workers: false }); });
  afterAll(() => t?.close());

  const { headers, rows } = us500(6);
  const mappings = autoMap(headers);

  it.each(BUILTIN_SAMPLES.map((s, i) => [s.key, s, i] as const))('%s: a valid design that prints the record\'s name, address, greeting and the indicia', async (_key, sample, i) => {
    for (const side of [sample.design.outside, sample.design.inside]) expect(ZDesignTemplateSchema.safeParse(side).success).toBe(true);
    // Merge fields: the address block and the greeting, as the Designer would insert them.
    expect(designMergeFields({ basePdf: sample.design.outside.basePdf, schemas: [...sample.design.outside.schemas, ...sample.design.inside.schemas] } as never))
      .toEqual(expect.arrayContaining(['address', 'city', 'first_name', 'full_name', 'state', 'zip']));
    // USPS zones of the address side (shared guide geometry): the address block alone in the address
    // zone, the indicia inside the indicia zone, nothing in the barcode clear zone.
    const { width, height } = sample.design.outside.basePdf;
    const zone = Object.fromEntries(addressSideZones(width, height).map((z) => [z.name, z.rect]));
    for (const el of sample.design.outside.schemas[0]) {
      const box = { x: el.position.x, y: el.position.y, width: el.width, height: el.height };
      if (el.name === 'address_block') expect(within(box, zone['Address zone']), el.name).toBe(true);
      else if (el.name === 'indicia') expect(within(box, zone['Indicia zone']), el.name).toBe(true);
      else expect(overlaps(box, zone['Address zone']) || overlaps(box, zone['Barcode clear zone']), el.name).toBe(false);
    }
    expect(sample.design.outside.schemas[0].map((el) => el.type)).toEqual(expect.arrayContaining(['multiVariableText', 'indicia', 'qrVector', 'svg']));
    const record = mapRecord(headers, rows[i], mappings);
    const pages = pdfPageTexts(await renderSamplePdf(t.ctx, sample.design, sample.paperSize, record)).map(squashSpaces);
    expect(pages).toHaveLength(2);
    const [outside, inside] = pages;
    expect(outside).toContain(record.full_name);
    expect(outside).toContain(record.address);
    expect(outside).toContain(`${record.city}, ${record.state} ${record.zip}`);
    expect(outside).toContain('PRESORTED');
    expect(inside).toContain(`Hi ${record.first_name},`);
  });
});
