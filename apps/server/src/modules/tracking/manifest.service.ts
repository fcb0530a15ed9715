import Papa from 'papaparse';
import { MANIFEST_COLUMNS } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { mailPiecesRepo, type ManifestRow } from './mail-pieces.repo.js';

/** Pieces read per statement while the manifest streams. */
const MANIFEST_PAGE = 2000;

/** A cell a spreadsheet would run as a formula gets an apostrophe in front (OWASP CSV injection). */
const safe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** One piece as a manifest line's cells (MANIFEST_COLUMNS). */
const cells = (p: ManifestRow) => [
  String(p.pieceNumber), p.recordNumber === null ? '' : String(p.recordNumber), p.imb,
  ...[p.address.name, p.address.lines[0] ?? '', p.address.lines.slice(1).join(', '), p.address.city, p.address.state, p.address.zip].map(safe),
];

/**
 * GET /api/print-jobs/{jobId}/manifest.csv (docs/requirements/mail-tracking.md#imb-assignment): the pieces of the
 * principal's print file that carry an IMb, in print order, as CSV chunks (header MANIFEST_COLUMNS, then one line per
 * piece: piece number, list record number, IMb digits, addressee, first and further address lines, city, state,
 * ZIP), read MANIFEST_PAGE pieces per statement by piece number. NOT_FOUND (404), thrown before the first chunk, when
 * the file has no such piece of the principal's: another user's file, a proof, or a file printed without IMbs.
 */
export async function manifestCsv(ctx: AppContext, principal: Principal, jobId: string): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
  const { db } = ctx;
  const first = await mailPiecesRepo.manifestPage(db, principal.userId, jobId, 0, MANIFEST_PAGE);
  if (first.length === 0) throw notFound('Manifest');
  async function* chunks() {
    yield `${Papa.unparse([[...MANIFEST_COLUMNS]])}\r\n`;
    let page = first;
    while (page.length > 0) {
      yield `${Papa.unparse(page.map(cells))}\r\n`;
      if (page.length < MANIFEST_PAGE) return;
      page = await mailPiecesRepo.manifestPage(db, principal.userId, jobId, page[page.length - 1].pieceNumber, MANIFEST_PAGE);
    }
  }
  return { filename: `manifest-${jobId}.csv`, chunks: chunks() };
}
