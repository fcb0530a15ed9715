import { and, eq, sql, type SQL } from 'drizzle-orm';
import { serialDigits } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { imbSerialCounters } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

/** USPS: an IMb's serial number stays unique for its Mailer ID for at least 45 days (docs/requirements/mail-tracking.md#imb-assignment). */
export const SERIAL_REUSE_DAYS = 45;

/** A range of sequence numbers handed out for one Mailer ID: `first` … `first + count - 1`; a piece's serial is `seq mod 10^digits`. */
export type SerialRange = { mailerId: string; first: number; count: number; digits: 6 | 9 };

/** The zero-padded serial of sequence number `seq` under a Mailer ID whose serials have `digits` digits. */
export const serialOf = (seq: number, digits: 6 | 9): string => String(seq % 10 ** digits).padStart(digits, '0');

/**
 * Takes the next `n` sequence numbers of `mailerId` in one `UPDATE imb_serial_counters … SET next_seq = next_seq + n
 * RETURNING` (the row lock makes it atomic across every process sharing the database), on condition that none of the
 * serials the range maps to (`seq mod 10^digits`, wrapping past the last serial) was assigned to a piece of that MID in
 * the last 45 days. The counter row is inserted on first use (`ON CONFLICT DO NOTHING`, then the update again).
 * Throws UNPROCESSABLE 'Mailer ID … has used all its serial numbers in the last 45 days' when the range would reuse
 * one that soon, an Error for a value that is not a Mailer ID or an `n` outside 1 … 10^digits.
 */
export async function allocateSerials(db: Db, mailerId: string, n: number): Promise<SerialRange> {
  const digits = serialDigits(mailerId);
  const modulus = 10 ** digits;
  if (!Number.isInteger(n) || n < 1 || n > modulus) throw new Error(`Cannot allocate ${n} serial numbers`);
  const take = async () => {
    const next = imbSerialCounters.nextSeq;
    // The range's serials as two ranges of the (mailer_id, serial, created_at) index: [lo, hi] and an empty one when it
    // does not wrap past the last serial, else [lo, 99…9] and [00…0, hi] ('' sorts before every serial: no range).
    const lo = sql`lpad((${next} % ${modulus})::text, ${digits}, '0')`;
    const hi = sql`lpad(((${next} + ${n - 1}) % ${modulus})::text, ${digits}, '0')`;
    const notRecentlyUsed = (from: SQL, to: SQL) => sql`NOT EXISTS (
      SELECT 1 FROM mail_pieces p
      WHERE p.mailer_id = ${mailerId} AND p.serial BETWEEN ${from} AND ${to}
        AND p.created_at > now() - make_interval(days => ${SERIAL_REUSE_DAYS}) AND p.assigned)`;
    const [row] = await db.update(imbSerialCounters)
      .set({ nextSeq: sql`${next} + ${n}`, updatedAt: sql`now()` })
      .where(and(
        eq(imbSerialCounters.mailerId, mailerId),
        notRecentlyUsed(lo, sql`CASE WHEN ${lo} <= ${hi} THEN ${hi} ELSE ${'9'.repeat(digits)} END`),
        notRecentlyUsed(sql`${'0'.repeat(digits)}`, sql`CASE WHEN ${lo} <= ${hi} THEN '' ELSE ${hi} END`),
      ))
      .returning({ nextSeq: imbSerialCounters.nextSeq });
    return row ? row.nextSeq - n : null;
  };
  let first = await take();
  if (first === null) {
    const created = await db.insert(imbSerialCounters).values({ mailerId }).onConflictDoNothing().returning({ mailerId: imbSerialCounters.mailerId });
    const exists = created.length > 0 || (await db.select({ m: imbSerialCounters.mailerId }).from(imbSerialCounters).where(eq(imbSerialCounters.mailerId, mailerId))).length > 0;
    if (exists) first = await take();
  }
  if (first === null) {
    throw new AppError('UNPROCESSABLE', `Mailer ID ${mailerId} has used all its serial numbers in the last ${SERIAL_REUSE_DAYS} days: `
      + `USPS asks that a serial number is not used again within ${SERIAL_REUSE_DAYS} days. Print again once older pieces are `
      + `${SERIAL_REUSE_DAYS} days old, or use another Mailer ID.`);
  }
  return { mailerId, first, count: n, digits };
}
