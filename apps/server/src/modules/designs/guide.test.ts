import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeCanvas, readPsd, type Layer } from 'ag-psd';
import { PDFDocument } from '@pdfme/pdf-lib';
import { PIXEL_SIZES_300DPI } from '@mailcraft/shared';
import { expectError, LOGIN_REQUIRED } from '../../test/expect-error.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
let u: TestUser;
// readPsd's useImageData still allocates through createImageData; plain RGBA needs no canvas.
initializeCanvas(
  () => { throw new Error('no canvas in tests'); },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) }) as never,
);
beforeAll(async () => {
  t = await createTestApp({ workers: false });
  u = await signUpUser(t.app);
});
afterAll(async () => { await t.close(); });

const GUIDE_LAYERS = ['Indicia zone', 'Address zone', 'Barcode clear zone', 'Safe area', 'Trim', 'Bleed', 'Artwork'];
/** Layer names top to bottom, as Photoshop's layers panel lists them. */
const names = (layers: Layer[] | undefined) => (layers ?? []).map((l) => l.name).reverse();
const byName = (layers: Layer[] | undefined, name: string) => (layers ?? []).find((l) => l.name === name)!;
const size = (l: Layer) => ({ width: l.right! - l.left!, height: l.bottom! - l.top! });
const download = (ext: string, query: string) => u.req({ method: 'GET', url: `/api/templates/guide.${ext}?${query}` });

describe('template guide files', () => {
  it('PSD for a double-sided 8.5x11: trim + 38 px bleed at 300 DPI, one group per side', async () => {
    const res = await download('psd', 'paperSize=8.5x11&templateType=self_mailer&sides=double');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="mailer-guide-8.5x11-self_mailer-double.psd"');
    const psd = readPsd(res.rawPayload, { skipCompositeImageData: true, skipThumbnail: true, useImageData: true });
    expect({ width: psd.width, height: psd.height }).toEqual({ width: 2550 + 76, height: 3300 + 76 });
    expect(psd.imageResources?.resolutionInfo).toMatchObject({ horizontalResolution: 300, verticalResolution: 300, horizontalResolutionUnit: 'PPI' });
    expect(names(psd.children)).toEqual(['Inside', 'Outside (address side)']);

    const outside = byName(psd.children, 'Outside (address side)').children;
    expect(names(outside)).toEqual(GUIDE_LAYERS);
    expect(names(byName(psd.children, 'Inside').children)).toEqual(['Safe area', 'Trim', 'Bleed', 'Artwork']);
    expect(byName(psd.children, 'Inside').hidden).toBe(true);

    expect(size(byName(outside, 'Bleed'))).toEqual({ width: 2626, height: 3376 });
    const trim = byName(outside, 'Trim');
    // A 4 px line centred on the trim edge, which sits 38 px in from the canvas edge.
    expect({ left: trim.left, top: trim.top, ...size(trim) }).toEqual({ left: 36, top: 36, width: 2554, height: 3304 });
    expect(trim.imageData!.data[3]).toBe(255);
    expect(size(byName(outside, 'Safe area'))).toEqual({ width: 2550 - 150, height: 3300 - 150 });
    // USPS DMM 202.5: the bottom 5/8 in (187.5 px) of the rightmost 4-3/4 in (1425 px).
    const barcode = byName(outside, 'Barcode clear zone');
    expect(size(barcode).width).toBe(1425);
    expect(Math.abs(size(barcode).height - 187.5)).toBeLessThanOrEqual(0.5);
    expect({ right: barcode.right, bottom: barcode.bottom }).toEqual({ right: 38 + 2550, bottom: 38 + 3300 });
    const indicia = byName(outside, 'Indicia zone');
    expect({ right: indicia.right, top: indicia.top }).toEqual({ right: 38 + 2550, top: 38 });
    expect(size(byName(outside, 'Artwork'))).toEqual({ width: 0, height: 0 });
  });

  it('PSD for a single-sided 6x9 postcard has the address-side layers at the top level', async () => {
    const res = await download('psd', 'paperSize=6x9&templateType=postcard&sides=single');
    const psd = readPsd(res.rawPayload, { skipLayerImageData: true, skipCompositeImageData: true, skipThumbnail: true });
    expect({ width: psd.width, height: psd.height }).toEqual({ width: 1800 + 76, height: 2700 + 76 });
    expect(names(psd.children)).toEqual(GUIDE_LAYERS);
  });

  it('PSD trim matches the spec\'s 300 DPI pixel sizes for every template-setup size', async () => {
    for (const paperSize of ['11x17', 'A4'] as const) {
      const res = await download('psd', `paperSize=${paperSize}&sides=single`);
      const psd = readPsd(res.rawPayload, { skipLayerImageData: true, skipCompositeImageData: true, skipThumbnail: true });
      const px = PIXEL_SIZES_300DPI[paperSize];
      expect({ width: psd.width, height: psd.height }).toEqual({ width: px.width + 76, height: px.height + 76 });
    }
  });

  it('PDF has one page per side at trim + 1/8 in bleed in points, with trim and bleed boxes', async () => {
    const res = await download('pdf', 'paperSize=8.5x11&templateType=self_mailer&sides=double');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="mailer-guide-8.5x11-self_mailer-double.pdf"');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(2);
    for (const page of pdf.getPages()) {
      expect(page.getSize()).toEqual({ width: 8.75 * 72, height: 11.25 * 72 });
      const trim = page.getTrimBox();
      expect(trim.x).toBeCloseTo(9, 6);
      expect(trim.width).toBeCloseTo(8.5 * 72, 6);
      expect(trim.height).toBeCloseTo(11 * 72, 6);
    }
    const single = await PDFDocument.load((await download('pdf', 'paperSize=6x9&templateType=postcard&sides=single')).rawPayload);
    expect(single.getPageCount()).toBe(1);
    expect(single.getPage(0).getSize()).toEqual({ width: 6.25 * 72, height: 9.25 * 72 });
  });

  it('defaults to 8.5x11, rejects unknown sizes and requires login', async () => {
    const res = await download('pdf', '');
    expect(res.headers['content-disposition']).toContain('mailer-guide-8.5x11-self_mailer-double.pdf');
    const badSize = 'paperSize must be one of 8.5x11, 6x9, 11x17, 12x18, A4, A3, A2';
    expectError(await download('pdf', 'paperSize=10x10'), 400, 'VALIDATION', badSize, [{ message: badSize, path: '/paperSize' }]);
    expectError(await t.app.inject({ method: 'GET', url: '/api/templates/guide.psd' }), 401, 'UNAUTHORIZED', LOGIN_REQUIRED);
  });
});
