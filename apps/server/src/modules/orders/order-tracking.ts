import { asc, eq, inArray } from 'drizzle-orm';
import type { TOrderTrackingEvent } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { mailPieces, printJobs, trackingEvents } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';

/**
 * Read-only access to the tracking module's pieces and events for orders (docs/requirements/mail-tracking.md#delivery-events:
 * orders carry `tracking_events`; a delivered piece can trigger a follow-up order). The tracking module owns
 * `mail_pieces` and `tracking_events`; these two reads stand in for the functions it would offer, listed as
 * exceptions in scripts/check-table-ownership.mjs. Nothing here writes.
 */

/** An order's piece as the order presents it: the IMb it prints and its tracking events, oldest first. */
export type OrderPieceTracking = { imb: string; events: TOrderTrackingEvent[] };

/**
 * The piece of each order that has one (its IMb and tracking events, oldest first), by order id; orders without a
 * piece are absent. One statement for a page of orders: the pieces with their events joined (a piece without events
 * comes once, with nulls).
 */
export async function trackingOfOrders(db: Db, orderIds: string[]): Promise<Map<string, OrderPieceTracking>> {
  const ids = orderIds.filter(isUuid);
  const out = new Map<string, OrderPieceTracking>();
  if (ids.length === 0) return out;
  const rows = await db.select({
    orderId: mailPieces.orderId, imb: mailPieces.imb, stage: trackingEvents.stage, occurredAt: trackingEvents.occurredAt, zip: trackingEvents.facilityZip,
    city: trackingEvents.facilityCity, state: trackingEvents.facilityState, source: trackingEvents.source,
  }).from(mailPieces).leftJoin(trackingEvents, eq(trackingEvents.pieceId, mailPieces.id))
    .where(inArray(mailPieces.orderId, ids)).orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.dedupeKey));
  for (const r of rows) {
    let piece = out.get(r.orderId!);
    if (!piece) out.set(r.orderId!, piece = { imb: r.imb, events: [] });
    if (r.stage === null || r.occurredAt === null) continue;
    piece.events.push({
      stage: r.stage, occurred_at: r.occurredAt.toISOString(), facility: { zip: r.zip, city: r.city, state: r.state }, simulated: r.source === 'simulated',
    });
  }
  return out;
}

/** A mail piece as a follow-up needs it: its owner, record, test flag, and the project it was printed for. */
export type FollowUpPiece = {
  id: string; userId: string; listId: string | null; recordId: string | null; printJobId: string | null; orderId: string | null; test: boolean;
  /** The project of its print file; null for an order's piece (the order names its project). */
  printJobProjectId: string | null;
};

/** The piece `pieceId` with its print file's project (one statement), or undefined when it is gone. */
export async function followUpPiece(db: Db, pieceId: string): Promise<FollowUpPiece | undefined> {
  if (!isUuid(pieceId)) return undefined;
  return (await db.select({
    id: mailPieces.id, userId: mailPieces.userId, listId: mailPieces.listId, recordId: mailPieces.recordId, printJobId: mailPieces.printJobId,
    orderId: mailPieces.orderId, test: mailPieces.test, printJobProjectId: printJobs.projectId,
  }).from(mailPieces).leftJoin(printJobs, eq(printJobs.id, mailPieces.printJobId)).where(eq(mailPieces.id, pieceId)).limit(1))[0];
}
