import { composeImb, parseImb, routingCodeOf } from '@mailcraft/shared';
import { imbDigitsProblem, isEncodedImb } from '@mailcraft/shared/designs';
import type { AppContext } from '../../platform/context.js';
import { decodeImbBars } from './imb-decoder.js';
import type { ImbSettings } from './imb-settings.js';
import { allocateSerials, serialOf, type SerialRange } from './imb-serials.repo.js';
import { mailPiecesRepo, type NewMailPiece } from './mail-pieces.repo.js';

/**
 * One mail piece of a print file as IMb assignment sees it (docs/requirements/mail-tracking.md#imb-assignment): its list
 * record, the fields it prints (shared `mapRecord`, accepted address fixes applied) and the record's accepted address
 * fixes (`overrides`: a verified ZIP+4, and `delivery_point` when the address check gave one).
 */
export type ImbPiece = { recordId: string; recordNumber: number; fields: Record<string, string>; overrides: Record<string, string> };

/** The IMb of a list's own `encodedimbno` (decoded) or `imbno`, digits only; 'invalid' for a value that is not one; null when the record has neither. */
function listImb(fields: Record<string, string>): string | 'invalid' | null {
  const encoded = (fields.encodedimbno ?? '').trim();
  if (encoded) return isEncodedImb(encoded) ? decodeImbBars(encoded) ?? 'invalid' : 'invalid';
  const digits = (fields.imbno ?? '').trim();
  if (digits) return imbDigitsProblem(digits) ? 'invalid' : digits.replace(/[\s-]/g, '');
  return null;
}

/** The routing code of a piece (shared `routingCodeOf`): the address check's verified ZIP+4 and delivery point, else its ZIP. */
const routingOf = (piece: Pick<ImbPiece, 'fields' | 'overrides'>) =>
  routingCodeOf(piece.fields.zip ?? '', { zip: piece.overrides.zip, deliveryPoint: piece.overrides.delivery_point });

/** The IMb columns of a `mail_pieces` row. */
type ImbColumns = Pick<NewMailPiece, 'imb' | 'barcodeId' | 'serviceTypeId' | 'mailerId' | 'serial' | 'routing' | 'seq' | 'assigned'>;

/**
 * The IMb columns of a piece that prints its record's own IMb (`listImb`): its Barcode ID, STID, Mailer ID, serial and
 * routing code parsed from it so scans match it, not assigned (no sequence number); null when the value is invalid
 * or does not parse (nothing is recorded: no scan could be matched to it).
 */
function ownImbColumns(imb: string | 'invalid'): ImbColumns | null {
  const parts = imb === 'invalid' ? null : parseImb(imb);
  if (!parts) return null;
  return { imb, barcodeId: parts.barcodeId, serviceTypeId: parts.stid, mailerId: parts.mailerId, serial: parts.serial, routing: parts.routing, seq: null, assigned: false };
}

/** The IMb columns of a piece given an IMb of `settings`: the serial of sequence number `seq` (`digits` long) and `routing`. */
function assignedImbColumns(settings: ImbSettings, seq: number, digits: SerialRange['digits'], routing: string): ImbColumns {
  const serial = serialOf(seq, digits);
  const imb = composeImb({ ...settings, serial, routing });
  return { imb, barcodeId: settings.barcodeId, serviceTypeId: settings.stid, mailerId: settings.mailerId, serial, routing, seq, assigned: true };
}

/** The printed address of a piece, as the manifest lists it. */
const addressOf = (f: Record<string, string>) => ({
  name: f.full_name_mail ?? '', lines: [f.address, f.address_2].filter((l): l is string => !!l), city: f.city ?? '', state: f.state ?? '', zip: f.zip ?? '',
});

/**
 * The IMb a proof or preview prints for a piece whose record has none (docs/requirements/mail-tracking.md#imb-assignment:
 * "the same shape whose serial is all zeros"): `settings`' Barcode ID, STID and Mailer ID, an all-zero serial and the
 * piece's routing code. Consumes no serial and records nothing. Null when the record has its own `imbno` or
 * `encodedimbno` (that prints), or `settings` is null.
 */
export function proofImb(settings: ImbSettings | null, piece: Pick<ImbPiece, 'fields' | 'overrides'>): string | null {
  if (!settings || listImb(piece.fields) !== null) return null;
  return composeImb({ ...settings, serial: 0, routing: routingOf(piece) });
}

/** Assigns the IMbs of one print file, batch by batch in file order (see `printJobImbAssigner`). */
export type ImbAssigner = {
  /**
   * The IMb each of `pieces` (the next pieces of the file, in file order) prints instead of its record's: the assigned
   * digits, or null where the record's own value prints (or none is assigned).
   */
  assign(pieces: ImbPiece[]): Promise<Array<string | null>>;
};

/**
 * The IMb assignment of print job `printJobId` (docs/requirements/mail-tracking.md#imb-assignment), for a file that is not
 * a proof. Each `assign` call takes the next pieces of the file (piece numbers counted from 1 in the order given) and,
 * in at most three statements (the job's recorded pieces when it has any, one serial allocation, one multi-row insert):
 * - gives each piece whose record has no `imbno`/`encodedimbno` an IMb of `settings` (Barcode ID, STID, Mailer ID) with
 *   a serial of `allocateSerials` and its routing code; none when `settings` is null (the account has no Mailer ID);
 * - records every piece that carries an IMb — assigned, or the list's own valid one with its Mailer ID and serial
 *   parsed from it — as a `mail_pieces` row with its record, address and IMb;
 * - reuses the IMb recorded for the same job and piece number (a run taken over after a crash, or two runs racing):
 *   those pieces consume no serials, and the recorded IMb is the one printed.
 * Throws allocateSerials' UNPROCESSABLE when the Mailer ID has no serials left for 45 days.
 */
export async function printJobImbAssigner(
  ctx: AppContext, job: { userId: string; printJobId: string; listId: string; settings: ImbSettings | null },
): Promise<ImbAssigner> {
  const { db } = ctx;
  let recorded = await mailPiecesRepo.jobHasPieces(db, job.printJobId);
  let nextPiece = 1;
  return {
    async assign(pieces) {
      const first = nextPiece;
      nextPiece += pieces.length;
      const numbers = pieces.map((_, i) => first + i);
      const own = pieces.map((p) => listImb(p.fields));
      const wanted = numbers.filter((_, i) => own[i] === null && job.settings);
      const known = recorded ? await mailPiecesRepo.jobPieceImbs(db, job.printJobId, numbers) : new Map<number, string>();
      const fresh = wanted.filter((n) => !known.has(n));
      const range = job.settings && fresh.length > 0 ? await allocateSerials(db, job.settings.mailerId, fresh.length) : null;
      const seqOf = new Map(fresh.map((n, i) => [n, range!.first + i]));

      const rows: NewMailPiece[] = [];
      const printed: Array<string | null> = pieces.map(() => null);
      pieces.forEach((piece, i) => {
        const pieceNumber = numbers[i];
        const base = { userId: job.userId, printJobId: job.printJobId, pieceNumber, listId: job.listId, recordId: piece.recordId, recordNumber: piece.recordNumber, address: addressOf(piece.fields) };
        const mine = own[i];
        if (mine === null && job.settings) {
          const seq = seqOf.get(pieceNumber);
          if (seq === undefined) { printed[i] = known.get(pieceNumber)!; return; }
          const assigned = assignedImbColumns(job.settings, seq, range!.digits, routingOf(piece));
          printed[i] = assigned.imb;
          rows.push({ ...base, ...assigned });
        } else if (mine !== null && !known.has(pieceNumber)) {
          const columns = ownImbColumns(mine);
          if (columns) rows.push({ ...base, ...columns });
        }
      });
      const inserted = await mailPiecesRepo.insertJobPieces(db, rows);
      // Another run of the job recorded some of these pieces meanwhile: print what it recorded, and look first from now on.
      const lost = rows.filter((r) => r.assigned && !inserted.has(r.pieceNumber)).map((r) => r.pieceNumber);
      if (lost.length > 0) {
        recorded = true;
        const theirs = await mailPiecesRepo.jobPieceImbs(db, job.printJobId, lost);
        for (const n of lost) printed[n - first] = theirs.get(n) ?? null;
      }
      return printed;
    },
  };
}

/** An on-demand order's one piece as IMb assignment sees it: the order, its mode, the record it was placed for, the fields it prints. */
export type OrderImbPiece = {
  userId: string; orderId: string; test: boolean; listId: string | null; recordId: string | null; fields: Record<string, string>;
};

/**
 * The IMb an on-demand order's piece prints (docs/requirements/mail-tracking.md#imb-assignment: orders gain tracking events),
 * recorded as the order's `mail_pieces` row so scans of it reach the order's `tracking_events` and webhooks:
 * - the recipient's own valid `imbno`/`encodedimbno` is recorded and prints (answers null: the record's value prints);
 * - else, with `settings` (the account assigns IMbs), one serial of `allocateSerials` and the recipient's routing code —
 *   rendered again (a retry), the order keeps the IMb recorded the first time and consumes no serial;
 * - else none (null). A test order's piece is a test piece: only simulated scans reach it.
 * Throws allocateSerials' UNPROCESSABLE when the Mailer ID has no serials left for 45 days.
 */
export async function orderPieceImb(ctx: AppContext, piece: OrderImbPiece, settings: ImbSettings | null): Promise<string | null> {
  const { db } = ctx;
  const base = {
    userId: piece.userId, orderId: piece.orderId, pieceNumber: 1, listId: piece.listId, recordId: piece.recordId, test: piece.test,
    address: addressOf(piece.fields),
  };
  const own = listImb(piece.fields);
  if (own !== null) {
    const columns = ownImbColumns(own);
    if (columns) await mailPiecesRepo.insertOrderPiece(db, { ...base, ...columns });
    return null;
  }
  if (!settings) return null;
  const recorded = await mailPiecesRepo.orderPieceImb(db, piece.orderId);
  if (recorded) return recorded;
  const range = await allocateSerials(db, settings.mailerId, 1);
  const assigned = assignedImbColumns(settings, range.first, range.digits, routingOf({ fields: piece.fields, overrides: {} }));
  if (await mailPiecesRepo.insertOrderPiece(db, { ...base, ...assigned })) return assigned.imb;
  return (await mailPiecesRepo.orderPieceImb(db, piece.orderId)) ?? null;
}
