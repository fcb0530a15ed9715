import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailPieces } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';

export type MailPieceRow = typeof mailPieces.$inferSelect;
export type NewMailPiece = typeof mailPieces.$inferInsert;

/** A print file's piece as the manifest lists it. */
export type ManifestRow = Pick<MailPieceRow, 'pieceNumber' | 'recordNumber' | 'imb' | 'address'>;

/** The mail_pieces rows of print files (docs/requirements/mail-tracking.md#imb-assignment): what IMb each printed piece carries. */
export const mailPiecesRepo = {
  /** Whether print job `printJobId` has any piece recorded yet (a run taken over after a crash). */
  jobHasPieces: async (db: Db, printJobId: string): Promise<boolean> =>
    (await db.select({ id: mailPieces.id }).from(mailPieces).where(eq(mailPieces.printJobId, printJobId)).limit(1)).length > 0,

  /** The recorded pieces of print job `printJobId` among piece numbers `pieceNumbers`: piece number → its IMb. */
  jobPieceImbs: async (db: Db, printJobId: string, pieceNumbers: number[]): Promise<Map<number, string>> => {
    if (pieceNumbers.length === 0) return new Map();
    const rows = await db.select({ pieceNumber: mailPieces.pieceNumber, imb: mailPieces.imb }).from(mailPieces)
      .where(and(eq(mailPieces.printJobId, printJobId), inArray(mailPieces.pieceNumber, pieceNumbers)));
    return new Map(rows.map((r) => [r.pieceNumber, r.imb]));
  },

  /**
   * Inserts `rows` in one statement; a piece already recorded for its print job and piece number (another run of the
   * same job got there first) is left as it is. Returns the piece numbers inserted.
   */
  insertJobPieces: async (db: Db, rows: NewMailPiece[]): Promise<Set<number>> => {
    if (rows.length === 0) return new Set();
    const inserted = await db.insert(mailPieces).values(rows)
      .onConflictDoNothing({ target: [mailPieces.printJobId, mailPieces.pieceNumber] })
      .returning({ pieceNumber: mailPieces.pieceNumber });
    return new Set(inserted.map((r) => r.pieceNumber));
  },

  /** The IMb recorded for on-demand order `orderId`'s piece, or undefined when it has none yet. */
  orderPieceImb: async (db: Db, orderId: string): Promise<string | undefined> =>
    (await db.select({ imb: mailPieces.imb }).from(mailPieces).where(eq(mailPieces.orderId, orderId)).limit(1))[0]?.imb,

  /** Records an order's piece; one already recorded for the order (a render run again) is left as it is. Whether it was inserted. */
  insertOrderPiece: async (db: Db, row: NewMailPiece): Promise<boolean> =>
    (await db.insert(mailPieces).values(row).onConflictDoNothing({ target: mailPieces.orderId }).returning({ id: mailPieces.id })).length > 0,

  /**
   * Up to `limit` pieces of print job `printJobId` owned by `userId` after piece number `after`, in piece order (keyset
   * paging on the (print_job_id, piece_number) index).
   */
  manifestPage: async (db: Db, userId: string, printJobId: string, after: number, limit: number): Promise<ManifestRow[]> => {
    if (!isUuid(printJobId)) return [];
    return db.select({ pieceNumber: mailPieces.pieceNumber, recordNumber: mailPieces.recordNumber, imb: mailPieces.imb, address: mailPieces.address })
      .from(mailPieces)
      .where(and(eq(mailPieces.printJobId, printJobId), eq(mailPieces.userId, userId), gt(mailPieces.pieceNumber, after)))
      .orderBy(asc(mailPieces.pieceNumber)).limit(limit);
  },
};
