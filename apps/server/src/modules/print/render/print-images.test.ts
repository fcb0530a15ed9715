import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '@pdfme/common';
import { autoMap, imageTooLargeMessage } from '@mailcraft/shared';
import { createDesign, createMailingList, createProject, designPage, saveColumnMappings, textElement, us500 } from '../../../test/factories.js';
import { createTestApp, signUpUser, type TestApp } from '../../../test/harness.js';
import { healthWhile } from '../../../test/health-meanwhile.js';
import { bilevelPng } from '../../../test/hostile-files.js';
import { loadFonts } from '../../fonts/builtin-fonts.js';
import { checkPrintImages } from './print-images.js';
import { renderChunk } from './render-chunk.js';
import { renderFailureMessage } from './render-failure.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

/** 110 KB of PNG that decodes to 30,000 × 30,000 pixels (3.6 GB of RGBA): drove a 10-piece proof to 7.8 GB. */
const hugeDataUrl = `data:image/png;base64,${bilevelPng(30_000, 30_000).toString('base64')}`;
const hugeMessage = (name: string) => imageTooLargeMessage({ width: 30_000, height: 30_000, channels: 1, bytesPerSample: 1 }, `Image "${name}"`);
const imageElement = (name: string, content: string, over: Record<string, unknown> = {}) => ({
  name, type: 'image', content, position: { x: 20, y: 20 }, width: 60, height: 30, readOnly: true, ...over,
});

describe('images in print are bounded by their headers before pdf-lib decodes them', () => {
  it('refuses a proof and a preview of a design holding a 30,000 × 30,000 image (422), the server answering meanwhile', async () => {
    const user = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, user.id, { sides: 'single', permitType: 'none' });
    const { headers, rows } = us500(10);
    const list = await createMailingList(t.ctx.db, user.id, { headers, rows, projectId: project.id });
    await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
    // Stored as a design saved before the save route checked images (the route now refuses it, 413).
    await createDesign(t.ctx.db, project.id, { inside: designPage([textElement('full_name', 20, 80), imageElement('logo', hugeDataUrl)]) });

    const proof = user.req({ method: 'POST', url: `/api/projects/${project.id}/print`, payload: { proof: true, confirm_warnings: true } });
    const { result, answers, slowestMs } = await healthWhile(t.app, proof);
    expect(result.statusCode, result.body.slice(0, 300)).toBe(422);
    expect(result.json().error).toMatchObject({ code: 'UNPROCESSABLE', message: hugeMessage('logo') });
    expect(answers).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(500);
    const preview = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview?count=10` });
    expect(preview.statusCode).toBe(422);
    expect(preview.json().error.message).toBe(hugeMessage('logo'));
  });

  it('refuses a merge image (map_image) over the bounds in the render thread itself, before pdfme runs', async () => {
    const template = designPage([imageElement('map_image', '', { readOnly: false })]) as unknown as Template;
    expect(() => checkPrintImages(template, [{ map_image: '' }])).not.toThrow();
    expect(() => checkPrintImages(template, [{ map_image: hugeDataUrl }])).toThrow(hugeMessage('map_image'));
    await expect(renderChunk(template, [{ map_image: hugeDataUrl }], loadFonts())).rejects.toThrow(hugeMessage('map_image'));
    // 16 bits a sample halves the pixels allowed: 30 megapixels of 16-bit RGBA is 240 MB decoded.
    expect(imageTooLargeMessage({ width: 6_000, height: 5_000, channels: 4, bytesPerSample: 2 })).toMatch(/takes 240 MB once decoded/);
    expect(imageTooLargeMessage({ width: 6_000, height: 5_000, channels: 4, bytesPerSample: 1 })).toBeNull();
  });

  it('tells the owner of a failed render a sentence: no temporary path, no library internals', () => {
    const enoent = Object.assign(new Error("ENOENT: no such file or directory, open '/tmp/mc-print-Ab12/chunk-3.pdf'"), { code: 'ENOENT' });
    expect(renderFailureMessage(enoent)).toBe('Rendering failed: the print file could not be written. Please try again.');
    const oom = Object.assign(new Error('Worker terminated due to reaching memory limit: JS heap out of memory'), { code: 'ERR_WORKER_OUT_OF_MEMORY' });
    expect(renderFailureMessage(oom)).toMatch(/^Rendering failed: the design needs more memory than a render may use/);
    const pdfme = new Error('[@pdfme/generator] cannot read /tmp/mc-job-x1/print.pdf for element "logo"');
    expect(renderFailureMessage(pdfme)).toBe('Rendering failed: [@pdfme/generator] cannot read a temporary file for element "logo"');
  });
});
