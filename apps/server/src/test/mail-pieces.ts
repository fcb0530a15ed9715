import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { MailStage, TSettings } from '@mailcraft/shared';
import type { Db } from '../db/client.js';
import type { MailTracked } from '../jobs/events.js';
import { mailPieces, printJobs, trackingEvents } from '../db/schema/index.js';
import type { TestUser } from './harness.js';

/**
 * Sets the user's Mailer ID, Service Type ID (270 unless given) and Barcode ID through PUT /api/account/settings, as
 * the Mail tracking card of /settings does (docs/requirements/mail-tracking.md#imb-assignment); null clears the Mailer ID.
 */
export async function setMailerId(user: TestUser, imb: { mailer_id: string | null; imb_service_type_id?: string; imb_barcode_id?: string }) {
  const now = (await user.req({ method: 'GET', url: '/api/account/settings' })).json() as TSettings;
  const res = await user.req({
    method: 'PUT', url: '/api/account/settings',
    payload: { time_zone: now.time_zone, project_defaults: now.project_defaults, imb_service_type_id: '270', ...imb },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A stored mail piece as the delivery-event tests need it. */
export type TestPiece = typeof mailPieces.$inferSelect;

/**
 * Inserts one printed mail piece (docs/requirements/mail-tracking.md#imb-assignment) with an assigned IMb — a piece of a new
 * finished print file of `projectId`, or of the on-demand order `orderId` — for the record `recordId` of `listId`;
 * James Butt's address. For tests of the `mail.tracked` subscribers, which read pieces as the tracking module stores them.
 */
export async function insertPiece(db: Db, over: {
  userId: string; listId: string | null; recordId: string | null; projectId?: string; orderId?: string; test?: boolean;
}): Promise<TestPiece> {
  let printJobId: string | null = null;
  if (over.projectId) {
    [{ id: printJobId }] = await db.insert(printJobs).values({ userId: over.userId, projectId: over.projectId, status: 'done', total: 1, done: 1, listId: over.listId })
      .returning({ id: printJobs.id });
  }
  const serial = String(randomInt(1, 999_999_999)).padStart(9, '0');
  const [piece] = await db.insert(mailPieces).values({
    userId: over.userId, printJobId, orderId: over.orderId ?? null, pieceNumber: 1, listId: over.listId, recordId: over.recordId, recordNumber: 1,
    imb: `00300123456${serial}70116`, barcodeId: '00', serviceTypeId: '300', mailerId: '123456', serial, routing: '70116', seq: null, assigned: true,
    test: over.test ?? false, address: { name: 'James Butt', lines: ['6649 N Blue Gum St'], city: 'New Orleans', state: 'LA', zip: '70116' },
  }).returning();
  return piece;
}

/** Stores a tracking event of `piece` (as the tracking module's matching would) at `at`, with its stage. */
export async function insertTrackingEvent(db: Db, piece: TestPiece, stage: MailStage, at: Date, over: { simulated?: boolean } = {}) {
  await db.insert(trackingEvents).values({
    pieceId: piece.id, stage, operationCode: stage === 'delivered' ? '918' : '919', occurredAt: at, occurredTz: 'America/Chicago',
    facilityZip: '70116', facilityCity: 'New Orleans', facilityState: 'LA', source: over.simulated ? 'simulated' : 'push', dedupeKey: `${stage}:${at.toISOString()}`,
  });
}

/** One change of a `mail.tracked` event for `piece`, as the tracking module publishes it: delivered now in New Orleans. */
export const mailTracked = (piece: TestPiece, over: Partial<MailTracked> = {}): MailTracked => ({
  type: 'mail.delivered', pieceId: piece.id, userId: piece.userId, printJobId: piece.printJobId, orderId: piece.orderId, listId: piece.listId,
  recordId: piece.recordId, imb: piece.imb, stage: 'delivered', previousStage: 'out_for_delivery', occurredAt: new Date().toISOString(),
  facility: { zip: '70116', city: 'New Orleans', state: 'LA' }, simulated: false,
  ...over,
});
