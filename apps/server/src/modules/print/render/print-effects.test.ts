import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, type TEffect } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { createMailingList, createProject, designPage, saveColumnMappings, us500 } from '../../../test/factories.js';
import { applyEffect } from '../../effects/apply-effect.js';
import { prepareImageEffects } from './image-effects.js';

/** Every image of a PDF as `pdfimages -png` extracts it: width, height and RGB pixels. */
async function pdfImages(pdf: Uint8Array): Promise<Array<{ width: number; height: number; rgb: Buffer }>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-pdfimages-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('pdfimages', ['-png', path.join(dir, 'in.pdf'), path.join(dir, 'img')]);
    const files = fs.readdirSync(dir).filter((f) => f.startsWith('img')).sort();
    return await Promise.all(files.map(async (f) => {
      const { data, info } = await sharp(path.join(dir, f)).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, rgb: data };
    }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const rgbOf = async (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer();
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
const isGrey = (rgb: Buffer) => rgb.every((_, i) => i % 3 !== 0 || (rgb[i] === rgb[i + 1] && rgb[i] === rgb[i + 2]));

/** A colourful picture: a red-to-blue gradient, `width` × 30 pixels. */
async function picture(width: number): Promise<Buffer> {
  const px = Buffer.alloc(width * 30 * 3);
  for (let i = 0; i < width * 30; i++) px.set([Math.round(255 * (i % width) / width), 60, 255 - Math.round(255 * (i % width) / width)], i * 3);
  return sharp(px, { raw: { width, height: 30, channels: 3 } }).png().toBuffer();
}

const imageElement = (name: string, content: string, over: Record<string, unknown> = {}) => ({
  name, type: 'image', content, position: { x: 20, y: 20 }, width: 60, height: 30, readOnly: true, ...over,
});

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app);
  user = await signUpUser(t.app);
});
afterAll(async () => { await t.close(); });

describe('image effects in print (docs/requirements/administration.md#administration: drawn the same on screen and in print)', () => {
  it('prints an image element with its effect exactly as the preview route draws it; without the effect once it is deleted', async () => {
    const effect = (await admin.req({ method: 'POST', url: '/api/admin/effects', payload: { name: 'Print grey', kind: 'grayscale', params: {} } })).json() as TEffect;
    const project = await createProject(t.ctx.db, user.id);
    const { headers, rows } = us500(2);
    const list = await createMailingList(t.ctx.db, user.id, { headers, rows, projectId: project.id });
    await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
    const withEffect = await picture(60);
    const plain = await picture(50);
    const saved = await user.req({
      method: 'POST', url: `/api/templates/project/${project.id}/design`,
      payload: {
        template_data_inside: designPage([
          imageElement('photo', dataUrl(withEffect), { effect: effect.id }),
          imageElement('logo', dataUrl(plain), { position: { x: 20, y: 80 } }),
        ]),
      },
    });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const printPreview = async () => {
      const res = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview?count=1` });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return pdfImages(res.rawPayload);
    };

    const images = await printPreview();
    const photo = images.find((i) => i.width === 60)!;
    const logo = images.find((i) => i.width === 50)!;
    expect(photo && logo).toBeTruthy();
    expect(isGrey(photo.rgb)).toBe(true);
    expect(isGrey(logo.rgb)).toBe(false);
    const screen = await user.req({ method: 'POST', url: `/api/effects/${effect.id}/preview`, payload: { image: dataUrl(withEffect) } });
    expect(photo.rgb.equals(await rgbOf(screen.rawPayload))).toBe(true);
    expect(logo.rgb.equals(await rgbOf(plain))).toBe(true);

    expect((await admin.req({ method: 'DELETE', url: `/api/admin/effects/${effect.id}` })).statusCode).toBe(204);
    const after = (await printPreview()).find((i) => i.width === 60)!;
    expect(after.rgb.equals(await rgbOf(withEffect))).toBe(true);
  });

  it('processes merge images (map_image) per record, identical images once', async () => {
    const effect = (await admin.req({ method: 'POST', url: '/api/admin/effects', payload: { name: 'Map tone', kind: 'duotone', params: { dark: '#000044', light: '#ffffee' } } })).json() as TEffect;
    const [a, b] = [dataUrl(await picture(20)), dataUrl(await picture(24))];
    const template = { basePdf: designPage([]).basePdf, schemas: [[imageElement('map_image', '', { readOnly: false, effect: effect.id })]] };
    const effects = await prepareImageEffects(t.ctx, template as never);
    const inputs = await effects!.apply([{ map_image: a }, { map_image: b }, { map_image: a }, { map_image: '' }]);
    const spec = { kind: 'duotone', params: { dark: '#000044', light: '#ffffee' } } as const;
    expect(inputs[0].map_image).toBe(dataUrl(await applyEffect(Buffer.from(a.split(',')[1], 'base64'), spec)));
    expect(inputs[1].map_image).toBe(dataUrl(await applyEffect(Buffer.from(b.split(',')[1], 'base64'), spec)));
    expect(inputs[2].map_image).toBe(inputs[0].map_image);
    expect(inputs[3].map_image).toBe('');
    // A design whose only effect is unknown (deleted) needs no per-record work.
    const gone = { basePdf: template.basePdf, schemas: [[imageElement('map_image', '', { readOnly: false, effect: '00000000-0000-0000-0000-000000000000' })]] };
    expect(await prepareImageEffects(t.ctx, gone as never)).toBeNull();
  });
});
