import { z } from 'zod';
import { QR_DOT_STYLES, QR_SIZE } from './qr-style-rules.js';

const ZHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1A2B3C');

/**
 * The QR style of a list (docs/requirements/README.md#requirements "QR Code Settings panel", docs/requirements/maps.md#data "QR style options"),
 * drawn the same on screen (SVG) and in print (vector paths). Margin is fixed at 4 modules.
 */
export const ZQrStyleSchema = z.object({
  errorCorrection: z.enum(['L', 'M', 'Q', 'H']).default('M').describe('Error correction: L 7%, M 15%, Q 25%, H 30%'),
  dotStyle: z.enum(QR_DOT_STYLES).default('square').describe('Shape of the modules'),
  size: z.number().int().min(QR_SIZE.min, `Size must be at least ${QR_SIZE.min}`).max(QR_SIZE.max, `Size must be at most ${QR_SIZE.max}`)
    .multipleOf(QR_SIZE.step, `Size goes in steps of ${QR_SIZE.step}`).default(QR_SIZE.default)
    .describe('On-screen size in px (128–512, step 32); print size is the element\'s size in mm'),
  foregroundColor: ZHexColor.default('#000000').describe('Colour of the dark modules, #rrggbb'),
  backgroundColor: ZHexColor.default('#FFFFFF').describe('Background colour, #rrggbb'),
  transparent: z.boolean().default(false).describe('No background: the design shows through'),
  margin: z.literal(4).default(4).describe('Quiet zone in modules (always 4)'),
}).meta({ id: 'QrStyle' });
export type TQrStyle = z.infer<typeof ZQrStyleSchema>;
