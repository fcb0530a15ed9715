/**
 * pdfme plugins and template rules shared by the web Designer and the server's print renderer
 * (subpath export `@mailcraft/shared/designs`; kept out of the main entry so that importing the
 * shared rules never loads pdfme).
 */
export { qrVectorPlugin, qrRuns, qrShapes, qrOperators, qrSvg, setQrLookOverride, QR_VECTOR_TYPE, QR_MARGIN_MODULES, QR_ERROR_CORRECTIONS, type QrLook } from './qr-vector.js';
export type { QrVectorSchema, QrErrorCorrection } from './qr-vector.js';
export { indiciaPlugin, indiciaLineSize, INDICIA_TYPE, INDICIA_SMALL_TEXT_RATIO } from './indicia.js';
export type { IndiciaSchema } from './indicia.js';
export { imbPlugin, imbBars, imbRects, imbDigitsProblem, imbHumanReadable, isEncodedImb, setImbEncoder, IMB_TYPE, IMB_SAMPLE, IMB_DIMENSIONS_IN, IMB_LENGTH_MM } from './imb.js';
export type { ImbSchema } from './imb.js';
export { buildPieceInputs, designMergeFields, templateFieldName, isMergeField } from './piece-inputs.js';
export type { PieceContext } from './piece-inputs.js';
export { PRINT_MAP_FIELDS, isPrintMapField, printedDistance, printedDuration, MAP_FIELD_SAMPLES, type PrintMapField } from './map-fields.js';
export {
  addressSideZones, guideLayout, guideFileName, inches, templateTypeLabel, INCH_MM, BLEED_MM, SAFE_MM, BLEED_PX_300DPI,
} from './guide-geometry.js';
export type { GuideLayout, GuidePage, GuideZone, GuideZoneName, RectMm } from './guide-geometry.js';
