import { z } from 'zod';

/**
 * Print options and the preflight report of a print file (docs/requirements/print.md#print-options,
 * "Preflight"). Lengths in millimetres.
 */

/** The key of a piece input that carries its list record number (1-based); the renderer ignores it. */
export const PIECE_RECORD_KEY = '__record';

/** Pieces a proof print holds at most (docs/requirements/print.md#print proofs: the first pieces, watermarked PROOF). */
export const PROOF_PIECES = 10;
/** Pieces a proof adds at most besides the first ones: those the last preflight of the same list and design flagged. */
export const PROOF_FLAGGED_PIECES = 10;

/** Print options chosen when a print file is started (stored with the job). */
export const ZPrintOptionsSchema = z.object({
  bleed: z.boolean().default(false)
    .describe('Pages are trim + 3.175 mm on every side with TrimBox and BleedBox set; backgrounds touching the trim run into the bleed'),
  cropMarks: z.boolean().default(false).describe('Crop marks outside the bleed; the MediaBox grows to hold them'),
  proof: z.boolean().default(false)
    .describe('A proof: the first 10 pieces and up to 10 pieces the last preflight of the same list and design version flagged, watermarked PROOF and labelled with their piece number'),
  trayBreaks: z.boolean().default(false)
    .describe('A tray-break sheet (presorttrayid, presortdate, pieces in the tray) before each presort tray; needs sequence and presorttrayid mapped, ignored for proofs'),
}).meta({ id: 'PrintOptions' });
export type TPrintOptions = z.infer<typeof ZPrintOptionsSchema>;

/** The checks a preflight runs, in report order. */
export const PREFLIGHT_CHECK_IDS = [
  'page-boxes', 'fonts', 'qr-codes', 'indicia', 'address-block', 'imb-codes', 'required-fields', 'text-overflow', 'text-shrunk', 'image-resolution',
] as const;
export type PreflightCheckId = (typeof PREFLIGHT_CHECK_IDS)[number];

/** Piece numbers a check lists at most (its message gives the full count). */
export const PREFLIGHT_PIECES_LIMIT = 100;

/** One preflight check: passed or not, what was found and what to do, and the pieces concerned. */
export const ZPreflightCheckSchema = z.object({
  id: z.enum(PREFLIGHT_CHECK_IDS).describe('Which check'),
  passed: z.boolean().describe('Whether the print file passed this check'),
  message: z.string().describe('What was found and, when it failed, what to do'),
  pieces: z.array(z.number().int()).describe('1-based numbers of the pieces concerned, in print-file order (at most 100); empty when the whole design is concerned or none'),
  records: z.array(z.number().int()).optional()
    .describe('The mailing-list record number (1-based, as on the mapping screen) of each piece in `pieces`, in the same order; absent when unknown'),
}).meta({ id: 'PreflightCheck' });
export type TPreflightCheck = z.infer<typeof ZPreflightCheckSchema>;

/** The preflight report of a finished print file. */
export const ZPreflightSchema = z.object({
  passed: z.boolean().describe('Whether every check passed'),
  checks: z.array(ZPreflightCheckSchema).describe('Every check, in a fixed order'),
}).meta({ id: 'Preflight' });
export type TPreflight = z.infer<typeof ZPreflightSchema>;
