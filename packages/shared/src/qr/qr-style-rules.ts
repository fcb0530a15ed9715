/**
 * QR style choices and defaults (docs/requirements/designer.md#limits, docs/requirements/maps.md#data "QR style options"), apart from the
 * zod schema of qr-style.ts so the QR screen does not load zod (docs/architecture.md#first-load-budget).
 */
import type { TQrStyle } from './qr-style.js';

/** Error-correction levels and the share of the code they can restore (docs/requirements/designer.md#limits). */
export const QR_ERROR_LEVELS = [
  { value: 'L', label: 'L (7%)' },
  { value: 'M', label: 'M (15%)' },
  { value: 'Q', label: 'Q (25%)' },
  { value: 'H', label: 'H (30%)' },
] as const;
/** Dot styles (docs/requirements/designer.md#limits, docs/requirements/maps.md#limits). */
export const QR_DOT_STYLES = ['square', 'dots', 'rounded'] as const;
export type QrDotStyle = (typeof QR_DOT_STYLES)[number];
/** On-screen size of a code in px: 128 to 512, step 32, default 256 (docs/requirements/projects.md#rules). */
export const QR_SIZE = { min: 128, max: 512, step: 32, default: 256 } as const;

/** The default style (docs/requirements/maps.md#data table); the schema's defaults, checked equal in qr-style.test.ts. */
export const DEFAULT_QR_STYLE: TQrStyle = {
  errorCorrection: 'M', dotStyle: 'square', size: QR_SIZE.default, foregroundColor: '#000000', backgroundColor: '#FFFFFF', transparent: false, margin: 4,
};
