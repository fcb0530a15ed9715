import type { Schema, Template } from '@pdfme/common';
import { PIECE_RECORD_KEY, PROOF_FLAGGED_PIECES, PROOF_PIECES, type PreflightCheckId, type TPreflight } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { pieceInputBatches, pieceInputsAt, type PrintSource } from './print-source.js';
import { printRepo } from './print.repo.js';

/** The input of the label printed at the top of every proof page: which piece and why it is there. */
const LABEL = '__proof_label';

/** What each preflight check flags, in the words of a proof label, most serious first. */
const FLAG_WORDS: Array<[PreflightCheckId, string]> = [
  ['required-fields', 'empty required field'],
  ['text-overflow', 'text does not fit'],
  ['imb-codes', 'invalid IMb'],
  ['qr-codes', 'QR code does not scan'],
  ['image-resolution', 'low-resolution image'],
  ['page-boxes', 'page boxes'],
  ['fonts', 'font not embedded'],
  ['text-shrunk', 'text shrunk to fit'],
];

/** A piece of the final file that a preflight flagged: its 1-based position and why. */
export type FlaggedPiece = { piece: number; reasons: string[] };

/**
 * The pieces a proof shows besides the first PROOF_PIECES (docs/requirements/print.md#proofs: "and any pieces the
 * preflight flagged"): those listed by the newest finished print file of the same project, list
 * and design version — failed checks first, then text shrunk to fit — at most
 * PROOF_FLAGGED_PIECES, in print order. None when there is no such file or the list has changed
 * size since (its positions would no longer be the same records).
 */
export async function flaggedPieces(ctx: AppContext, projectId: string, source: PrintSource): Promise<FlaggedPiece[]> {
  const last = await printRepo.latestFinal(ctx.db, projectId, source.list.id, source.designVersion);
  const preflight = last?.preflight as TPreflight | null | undefined;
  if (!last || !preflight || last.total !== source.total) return [];
  const reasons = new Map<number, string[]>();
  for (const [id, words] of FLAG_WORDS) {
    const check = preflight.checks.find((c) => c.id === id);
    if (!check || (check.passed && id !== 'text-shrunk')) continue;
    for (const piece of check.pieces) {
      if (piece <= PROOF_PIECES || piece > source.total) continue;
      const known = reasons.get(piece);
      if (known) { if (!known.includes(words)) known.push(words); } else if (reasons.size < PROOF_FLAGGED_PIECES) reasons.set(piece, [words]);
    }
  }
  return [...reasons].map(([piece, why]) => ({ piece, reasons: why })).sort((a, b) => a.piece - b.piece);
}

/**
 * The piece inputs of a proof: the first PROOF_PIECES pieces in print order, then `flagged`, each
 * with its label 'PROOF · piece 57 of 10,000 (list record 61) · flagged: text does not fit'
 * (`total`: pieces in the final file).
 */
export async function* proofBatches(ctx: AppContext, source: PrintSource, flagged: FlaggedPiece[], total: number) {
  const of = `of ${total.toLocaleString('en-US')}`;
  let piece = 0;
  const record = (input: Record<string, string>) => (input[PIECE_RECORD_KEY] ? ` (list record ${Number(input[PIECE_RECORD_KEY]).toLocaleString('en-US')})` : '');
  for await (const batch of pieceInputBatches(ctx, source, PROOF_PIECES, 0, { presort: true })) {
    yield batch.map((input) => ({ ...input, [LABEL]: `PROOF · piece ${++piece} ${of}${record(input)}` }));
  }
  if (flagged.length === 0) return;
  const inputs = await pieceInputsAt(ctx, source, flagged.map((f) => f.piece));
  yield inputs.map((input, i) => ({
    ...input, [LABEL]: `PROOF · piece ${flagged[i].piece.toLocaleString('en-US')} ${of}${record(input)} · flagged: ${flagged[i].reasons.join(', ')}`,
  }));
}

/**
 * `template` marked as a proof (docs/requirements/print.md#print): a large, light 'PROOF' across the middle of every page
 * and, at the top of each piece's first page, the piece's label (see `proofBatches`); pdfme
 * texts, so their font is embedded. `trim` in mm.
 */
export function withProofWatermark(template: Template, trim: { width: number; height: number }): Template {
  const mark = (page: number): Schema => ({
    name: `__proof_watermark_${page}`, type: 'text', readOnly: true, content: 'PROOF',
    position: { x: 0, y: trim.height / 2 - 30 }, width: trim.width, height: 60, rotate: 0,
    fontSize: Math.round(trim.width / 2.2), alignment: 'center', verticalAlignment: 'middle', fontColor: '#d0021b', opacity: 0.25,
  } as Schema);
  const label: Schema = {
    name: LABEL, type: 'text', content: '', position: { x: 4, y: 2 }, width: trim.width - 8, height: 5, rotate: 0,
    fontSize: 7, alignment: 'left', verticalAlignment: 'top', fontColor: '#d0021b', backgroundColor: '#ffffff',
  } as Schema;
  return { ...template, schemas: template.schemas.map((page, i) => [...page, mark(i), ...(i === 0 ? [label] : [])]) };
}
