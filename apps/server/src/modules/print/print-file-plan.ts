import type { Template } from '@pdfme/common';
import { PROOF_PIECES, type TPrintOptions } from '@mailcraft/shared';
import { loadFonts } from '../fonts/builtin-fonts.js';
import { bleedTemplate, templateTrimMm, type PageBoxOptions } from './render/page-boxes.js';
import type { PreflightPlan } from './preflight/preflight.js';
import type { TrayRun } from '../mailing-lists/mailing-lists.service.js';
import type { PrintSource } from './print-source.js';
import { withProofWatermark } from './proof.js';
import { trayBreakInputs, trayBreakTemplate } from './render/tray-sheets.js';
import { SRGB_PROFILE_NAME, srgbIccProfile } from './render/srgb-icc.js';

/** What a print job renders with its options (docs/requirements/print.md#print): see `printFilePlan`. */
export type PrintFilePlan = {
  /** The template to render: with bleed, backgrounds stretched; for a proof, watermarked. */
  template: Template;
  /** Pieces to print: every printable record, or for a proof the first PROOF_PIECES and the flagged ones. */
  total: number;
  pageBoxes: PageBoxOptions;
  outputIntent: { profile: Uint8Array; name: string };
  /** What the preflight checks (run it with `PreflightThread`). */
  preflight: PreflightPlan;
  /** Tray-break sheets to render between pieces (see `renderPrintFile`), or undefined. */
  separators?: { before: ReadonlySet<number>; template: Template; inputs: (piece: number) => Record<string, string> };
};

/**
 * The render plan of a print job from its source and stored options (docs/requirements/print.md#print-options,
 * "Proofs"): the template with bleed backgrounds (see `bleedTemplate`) and, for a proof, the
 * first PROOF_PIECES pieces and `extra.flaggedPieces` more (see `proofBatches`) with a PROOF
 * watermark and label (`withProofWatermark`); the page boxes; the sRGB output
 * intent; the job's preflight over the template as designed; and, given the list's presort
 * `extra.trays` (see `presortTrays`; ignored for a proof), a tray-break sheet before each tray.
 */
export async function printFilePlan(
  source: PrintSource, options: Partial<TPrintOptions>, extra: { trays?: TrayRun[]; flaggedPieces?: number } = {},
): Promise<PrintFilePlan> {
  const pageBoxes = { bleed: options.bleed === true, cropMarks: options.cropMarks === true };
  const trim = await templateTrimMm(source.template);
  const proof = options.proof === true;
  const total = proof ? Math.min(PROOF_PIECES, source.total) + (extra.flaggedPieces ?? 0) : source.total;
  let template = bleedTemplate(source.template, trim, pageBoxes);
  if (proof) template = withProofWatermark(template, trim);
  const font = loadFonts(source.fonts);
  // Tray breaks (docs/requirements/print.md#print): a sheet before every tray, never in a proof.
  const runs = proof ? [] : extra.trays ?? [];
  const byFirst = new Map(runs.map((run, i) => [run.first, { run, i }]));
  const separators = runs.length === 0 ? undefined : {
    before: new Set(byFirst.keys()),
    template: trayBreakTemplate(trim, source.template.schemas.length),
    inputs: (piece: number) => {
      const at = byFirst.get(piece)!;
      return trayBreakInputs(at.run, at.i, runs.length, total);
    },
  };
  return {
    template, total, pageBoxes,
    outputIntent: { profile: srgbIccProfile(), name: SRGB_PROFILE_NAME },
    preflight: { template: source.template, total, trim, options: pageBoxes, font, sheetsBefore: runs.map((r) => r.first) },
    separators,
  };
}
