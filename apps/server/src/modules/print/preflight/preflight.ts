import type { Font, Template } from '@pdfme/common';
import { PIECE_RECORD_KEY, PREFLIGHT_CHECK_IDS, type TPreflight, type TPreflightCheck } from '@mailcraft/shared';
import { QR_VECTOR_TYPE } from '@mailcraft/shared/designs';
import type { PageBoxOptions } from '../render/page-boxes.js';
import { fontsCheck, pageBoxesCheck, qrCheck, type QrSample } from './file-checks.js';
import { PageLayout } from './page-layout.js';
import { PieceChecks } from './piece-checks.js';
import { addressBlockCheck, indiciaCheck } from './template-checks.js';

/** Pieces scanned for QR codes besides the first and the last, drawn at random. */
const RANDOM_SAMPLES = 3;

export type PreflightPlan = {
  /** The piece template as composed (before bleed): design checks and QR positions. */
  template: Template;
  /** Pieces the file is expected to hold (the sample is drawn from them). */
  total: number;
  /** Trim size (mm). */
  trim: { width: number; height: number };
  options: PageBoxOptions;
  /** The fonts the pieces print with (text measuring). */
  font: Font;
  /** 1-based pieces with a tray-break sheet right before them (docs/requirements/print.md#print presort trays), ascending. */
  sheetsBefore?: readonly number[];
};

/** 1-based piece numbers to scan: the first, the last and RANDOM_SAMPLES others at random. */
function samplePieces(total: number): Set<number> {
  const picked = new Set([1, total].filter((n) => n >= 1));
  const wanted = Math.min(total, 2 + RANDOM_SAMPLES);
  while (picked.size < wanted) picked.add(2 + Math.floor(Math.random() * (total - 2)));
  return picked;
}

/**
 * The preflight of one print file (docs/requirements/print.md#preflight). `tap()` wraps the piece inputs on
 * their way to the renderer: every piece goes through the per-piece checks as it passes and the
 * sampled pieces' QR values are kept, so nothing grows with the list. `finish()` then checks
 * the finished file (page boxes and count, fonts, QR scans of the sample) and the design
 * (indicia, address block), and returns the report: every check of PREFLIGHT_CHECK_IDS, in
 * that order, `passed` when all pass. Never throws for a bad file: a check that cannot run fails.
 */
export class Preflight {
  private readonly pieceChecks: PieceChecks;
  private readonly sample: Set<number>;
  private readonly samples: QrSample[] = [];
  private lastSample: QrSample | null = null;
  private pieces = 0;
  private readonly qrNames: string[];
  private readonly layout: PageLayout;

  constructor(private readonly plan: PreflightPlan) {
    this.layout = new PageLayout(plan.template.schemas.length, plan.sheetsBefore);
    this.pieceChecks = new PieceChecks(plan.template, plan.font);
    this.sample = samplePieces(plan.total);
    this.qrNames = plan.template.schemas.flat().filter((el) => el.type === QR_VECTOR_TYPE).map((el) => el.name);
  }

  /** Passes `batches` through unchanged, checking each piece on the way (sampled pieces keep their QR values). */
  async* tap(batches: AsyncIterable<Record<string, string>[]>): AsyncGenerator<Record<string, string>[]> {
    for await (const batch of batches) {
      await this.check(batch);
      yield batch;
    }
  }

  /** Checks the next pieces of the file, in order (sampled pieces keep their QR values). */
  async check(batch: readonly Record<string, string>[]): Promise<void> {
    for (const input of batch) {
      const piece = ++this.pieces;
      await this.pieceChecks.add(input, piece);
      const codes = Object.fromEntries(this.qrNames.map((n) => [n, input[n] ?? '']));
      const record = Number(input[PIECE_RECORD_KEY]) || 0;
      if (this.sample.has(piece) && piece !== this.plan.total) this.samples.push({ piece, record, codes });
      else this.lastSample = { piece, record, codes }; // the last piece, whatever the count turns out to be
    }
  }

  /** Checks the finished file `file` (temporary files go to `tmpDir`) and returns the report. */
  async finish(file: string, tmpDir: string): Promise<TPreflight> {
    const { template, trim, options } = this.plan;
    const samples = this.lastSample && !this.samples.some((s) => s.piece === this.lastSample!.piece) ? [...this.samples, this.lastSample] : this.samples;
    const [boxes, fonts, qr] = await Promise.all([
      pageBoxesCheck(file, { pieces: this.pieces, layout: this.layout, trim, options }),
      fontsCheck(file, samples.map((sm) => sm.piece), this.layout),
      qrCheck(file, samples, template, options, this.layout, tmpDir),
    ]);
    const found: TPreflightCheck[] = [boxes, fonts, qr, indiciaCheck(template, trim), addressBlockCheck(template, trim), ...this.pieceChecks.results()];
    const checks = PREFLIGHT_CHECK_IDS.map((id) => found.find((c) => c.id === id)!);
    return { passed: checks.every((c) => c.passed), checks };
  }
}
