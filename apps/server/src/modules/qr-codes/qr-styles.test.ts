import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { QR_DOT_STYLES } from '@mailcraft/shared';
import { qrSvg } from '@mailcraft/shared/designs';

const run = promisify(execFile);

/**
 * docs/decisions/README.md#library-choices: decode every generated style once. The on-screen SVG (the same shapes
 * the print file draws) of each dot style and error-correction level, in colour and on a
 * transparent background laid over white, rasterised at 256 px and read back by zbar.
 */
describe('QR styles', () => {
  it('every dot style and level decodes, coloured or transparent', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-qr-styles-'));
    try {
      const value = 'http://localhost:8080/Zx81Qr7Lm2';
      const files: string[] = [];
      for (const dotStyle of QR_DOT_STYLES) {
        for (const [errorCorrection, transparent] of [['L', false], ['M', true], ['Q', false], ['H', true]] as const) {
          const svg = qrSvg(value, { dotStyle, errorCorrection, transparent, foregroundColor: '#7B1FA2', backgroundColor: '#FFF8E1', size: 256 });
          const file = path.join(dir, `${dotStyle}-${errorCorrection}.png`);
          await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toFile(file);
          files.push(file);
        }
      }
      const { stdout } = await run('zbarimg', ['-q', '--raw', ...files]);
      expect(stdout.trim().split('\n')).toEqual(files.map(() => value));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses empty input and too much data as the spec says', () => {
    expect(() => qrSvg('')).toThrow('No input text');
    expect(() => qrSvg('x'.repeat(3000), { errorCorrection: 'H' })).toThrow(/too big|amount of data/i);
  });
});
