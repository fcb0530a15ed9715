import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DOMAIN_EVENTS, narrowChanges, type MailTracked, type ScanRecorded } from '../../jobs/events.js';
import { dispatchJob } from '../../jobs/dispatch-job.js';
import { defineJob } from '../../jobs/job.js';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/principal.js';
import { getListMappings } from '../column-mappings/column-mappings.service.js';
import { findRecord, getOwnedList } from '../mailing-lists/mailing-lists.service.js';
import { recordFields } from '../qr-codes/destination.js';
import { ownerFeatureCheck } from '../subscriptions/subscriptions.service.js';
import { attemptNotification } from './notification-delivery.js';
import { composeDigest, composeScanMessage, DIGEST_MAX_SCANS } from './notification-message.js';
import { latestDigest } from './notification-schedule.js';
import { deliveryVariables, formatScanTime, scanVariables } from './notification-template.js';
import { notificationsRepo, type CarrierRow, type NotificationRow } from './notifications.repo.js';

/**
 * Sends every due notification delivery, fairly between customers (`dispatchJob` over `createFairDispatcher`:
 * the pending rows of notification_deliveries are the queue; a customer's sends out at once are capped,
 * the others' start within a look); a delivery of an owner whose plan no longer has `notifications`
 * ends unsent (`attemptNotification`; the plan is read when the attempt runs, kept a moment so a
 * backlog reads it once per owner). New deliveries start it (`startDispatch`), and so does a run every
 * minute, for retries.
 */
const notificationDispatch = dispatchJob('notification.dispatch', 'notifications', (ctx) => {
  const planAllows = ownerFeatureCheck(ctx.db, 'notifications');
  return {
    dueOwners: (after, limit) => notificationsRepo.dueOwners(ctx.db, after, limit),
    claim: (owners, limit, perOwner, leaseSeconds) => notificationsRepo.claimDue(ctx.db, owners, { limit, perOwner, leaseSeconds }),
    ownerOf: ({ delivery }) => delivery.userId,
    attempt: async ({ delivery, notification }) => attemptNotification(ctx, delivery, notification, await planAllows(delivery.userId)),
  };
});
/** 'notification.dispatch': see `notificationDispatch`. */
export const notificationDispatchJob = notificationDispatch.job;
/** Starts sending new notification deliveries (wakes this process's dispatcher, else queues a run). */
export const startDispatch = notificationDispatch.start;

type NewDelivery = Parameters<typeof notificationsRepo.insertDeliveries>[1][number];

/** The notifications whose owner's plan has `notifications` now, in their order (one plan read per owner). */
async function withPlanFeature(ctx: AppContext, notifications: NotificationRow[]): Promise<NotificationRow[]> {
  const allows = ownerFeatureCheck(ctx.db, 'notifications');
  const allowed = await Promise.all(notifications.map((n) => allows(n.userId)));
  return notifications.filter((_n, i) => allowed[i]);
}

/** What a delivery reports, for its history entry: the scan's time and place (a QR code scan, or a delivery event's USPS scan). */
type Reported = { at: string; city: string | null; country: string | null };
const reportedScan = (scan: ScanRecorded): Reported => ({ at: scan.scannedAt, city: scan.location.city, country: scan.location.country });
const reportedDelivery = (change: MailTracked): Reported => ({ at: change.occurredAt, city: change.facility.city, country: 'US' });

/** A delivery of `n`'s composed message, once per dedupe key, due now. */
const pending = (n: NotificationRow, dedupeKey: string, message: unknown, scan?: Reported): NewDelivery => ({
  notificationId: n.id, userId: n.userId, dedupeKey, payload: { message },
  scanTimestamp: scan ? new Date(scan.at) : null, city: scan?.city ?? null, country: scan?.country ?? null,
});

/** A delivery that could not even be composed (a template failing at render time), recorded as failed. */
const unsendable = (n: NotificationRow, dedupeKey: string, err: unknown, scan?: Reported): NewDelivery => ({
  ...pending(n, dedupeKey, null, scan), status: 'failed', payload: {}, attempts: 1,
  errorMessage: (err instanceof Error ? err.message : String(err)).slice(0, 500),
});

/** Composes a message, or the failed delivery that says why it could not be. */
async function compose(n: NotificationRow, dedupeKey: string, make: () => Promise<unknown>, scan?: Reported): Promise<NewDelivery> {
  try {
    return pending(n, dedupeKey, await make(), scan);
  } catch (err) {
    return unsendable(n, dedupeKey, err, scan);
  }
}

/** Deliveries inserted per statement. */
const INSERT_CHUNK = 500;

/** Stores deliveries (each dedupe key once) and starts sending the new pending ones. */
async function queueDeliveries(ctx: AppContext, rows: NewDelivery[]): Promise<void> {
  let started = false;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const inserted = await notificationsRepo.insertDeliveries(ctx.db, rows.slice(i, i + INSERT_CHUNK));
    started ||= inserted.some((d) => d.status === 'pending');
  }
  if (started) await startDispatch(ctx);
}

/**
 * Fan-out of human scans (domain event `scans.recorded`, one per batch the scan recorder wrote) to
 * their lists' active notifications that report scans (docs/requirements/notifications.md#rules): each notification made before the scan,
 * and — with `send_first_scan_only` — only for a record's first scan. An immediate one renders its
 * message now and queues a delivery (once per scan: a retried fan-out sends nothing twice) in the
 * queue the dispatcher drains; a daily, weekly or monthly one keeps the scan for its next digest.
 * Notifications of owners whose plan lacks `notifications` when the fan-out runs get neither
 * (docs/requirements/notifications.md#plan-gating).
 */
export const notificationFanOutJob = defineJob({
  id: 'notification.fan-out',
  payload: DOMAIN_EVENTS['scans.recorded'],
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  concurrency: 2,
  batchSize: 64,
  handler: async ({ scans }, ctx) => {
    const active = await withPlanFeature(ctx, await notificationsRepo.activeForLists(ctx.db, [...new Set(scans.map((s) => s.listId))]));
    const carrierOf = carrierCache(ctx);
    const deliveries: NewDelivery[] = [];
    const digestItems: Array<Parameters<typeof notificationsRepo.addDigestItems>[1][number]> = [];
    for (const scan of scans) {
      const scannedAt = new Date(scan.scannedAt);
      const due = active.filter((n) => n.events.includes('scan') && n.mailingListId === scan.listId && n.createdAt <= scannedAt
        && (!n.sendFirstScanOnly || scan.isFirst));
      for (const n of due) {
        const vars = scanVariables(scan, n.timezone);
        if (n.scheduleType !== 'immediate') {
          digestItems.push({ notificationId: n.id, scanId: scan.scanId, scannedAt, variables: vars });
          continue;
        }
        deliveries.push(await compose(n, `scan:${scan.scanId}`, async () => composeScanMessage(n, await carrierOf(n.carrierId), vars), reportedScan(scan)));
      }
    }
    await notificationsRepo.addDigestItems(ctx.db, digestItems);
    await queueDeliveries(ctx, deliveries);
  },
});

/** A carrier lookup kept for one fan-out run. */
function carrierCache(ctx: AppContext) {
  const carriers = new Map<string, Promise<CarrierRow | undefined>>();
  return (id: string | null) => {
    if (!id) return undefined;
    if (!carriers.has(id)) carriers.set(id, notificationsRepo.carrier(ctx.db, id));
    return carriers.get(id);
  };
}

/**
 * The digest item id of a piece's delivery event: a UUID derived from the piece and event, so the item is kept
 * once however often the event arrives.
 */
function deliveryItemId(change: MailTracked): string {
  const h = createHash('sha256').update(`${change.pieceId}:${change.type}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The time a delivery event counts in for `n`'s digests: its USPS scan's, unless that falls in a period whose digest
 * is due already — scan data arrives hours after the scan — then the start of the open period, so a late event goes
 * into the next digest instead of being lost.
 */
function digestTime(n: NotificationRow, change: MailTracked, now: Date): Date {
  const at = new Date(change.occurredAt);
  if (!n.scheduleTime || n.scheduleType === 'immediate') return at;
  const { due } = latestDigest({ type: n.scheduleType, time: n.scheduleTime, day: n.scheduleDay, zone: n.timezone }, now);
  return at < due ? due : at;
}

/**
 * The mapped fields of each record of `changes`, by list and record id, read as the lists' owner (a list or record
 * deleted since reads as no fields): what delivery messages name the piece's addressee with.
 */
async function recordsOf(ctx: AppContext, changes: MailTracked[]): Promise<Map<string, { listName: string; fields: Map<string, Record<string, string>> }>> {
  const byList = new Map<string, { listName: string; fields: Map<string, Record<string, string>> }>();
  for (const listId of new Set(changes.map((c) => c.listId!))) {
    const userId = changes.find((c) => c.listId === listId)!.userId;
    const owner: Principal = { userId, isAdmin: false, via: 'job', scopes: [] };
    const list = await getOwnedList(ctx.db, owner, listId).catch(() => undefined);
    if (!list) continue;
    const { mappings, fieldSettings } = await getListMappings(ctx, owner, list.id);
    const fields = new Map<string, Record<string, string>>();
    for (const recordId of new Set(changes.filter((c) => c.listId === listId && c.recordId).map((c) => c.recordId!))) {
      const record = await findRecord(ctx.db, list, recordId);
      if (record) fields.set(recordId, recordFields({ recordId, headers: list.headers, values: record.values, mappings, fieldSettings }));
    }
    byList.set(listId, { listName: list.name, fields });
  }
  return byList;
}

/**
 * Fan-out of delivery events (domain event `mail.tracked`; docs/requirements/mail-tracking.md#delivery-events) to the active
 * notifications of each piece's list that report that event (`events`), through the same channels, schedules and
 * digests as scans: an immediate one renders its message now — naming the piece's addressee and the stage reached,
 * with the notification's templates or the delivery defaults (`templatesOf`) — and queues a delivery, once per
 * piece and event (a repeated event or a retried fan-out sends nothing twice); a daily, weekly or monthly one keeps
 * the event for its next digest (`digestTime`), so 'each morning, the pieces delivered since yesterday's' is a daily
 * email reporting `mail.delivered`. Notifications of owners whose plan lacks `notifications` when the fan-out runs
 * get neither (docs/requirements/notifications.md#plan-gating). Pieces without a list reach no notification; `narrow`
 * enqueues only the changes of lists with an active notification reporting their event.
 */
export const notificationDeliveryFanOutJob = defineJob({
  id: 'notification.delivery-fan-out',
  payload: DOMAIN_EVENTS['mail.tracked'],
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  concurrency: 2,
  batchSize: 16,
  narrow: async (payloads, db) => {
    const listIds = [...new Set(payloads.flatMap((p) => p.changes.flatMap((c) => (c.listId ? [c.listId] : []))))];
    const wanted = new Set((await notificationsRepo.activeForLists(db, listIds)).flatMap((n) => n.events.map((e) => `${n.mailingListId}|${e}`)));
    return narrowChanges(payloads, (c) => wanted.has(`${c.listId}|${c.type}`));
  },
  handler: async ({ changes }, ctx) => {
    const listed = changes.filter((c) => c.listId);
    const active = (await withPlanFeature(ctx, await notificationsRepo.activeForLists(ctx.db, [...new Set(listed.map((c) => c.listId!))])))
      .filter((n) => n.events.some((e) => e !== 'scan'));
    const wanted = listed.filter((c) => active.some((n) => n.mailingListId === c.listId && n.userId === c.userId && n.events.includes(c.type)));
    if (wanted.length === 0) return;
    const records = await recordsOf(ctx, wanted);
    const carrierOf = carrierCache(ctx);
    const now = new Date();
    const deliveries: NewDelivery[] = [];
    const digestItems: Array<Parameters<typeof notificationsRepo.addDigestItems>[1][number]> = [];
    for (const change of wanted) {
      const record = records.get(change.listId!);
      if (!record) continue;
      const fields = (change.recordId && record.fields.get(change.recordId)) || {};
      for (const n of active.filter((a) => a.mailingListId === change.listId && a.userId === change.userId && a.events.includes(change.type))) {
        const vars = deliveryVariables(change, fields, record.listName, n.timezone);
        if (n.scheduleType !== 'immediate') {
          digestItems.push({ notificationId: n.id, scanId: deliveryItemId(change), scannedAt: digestTime(n, change, now), variables: vars });
          continue;
        }
        deliveries.push(await compose(n, `${change.type}:${change.pieceId}`, async () => composeScanMessage(n, await carrierOf(n.carrierId), vars), reportedDelivery(change)));
      }
    }
    await notificationsRepo.addDigestItems(ctx.db, digestItems);
    await queueDeliveries(ctx, deliveries);
  },
});

/** A digest later than this after its time is not sent (the server was down for days). */
const DIGEST_GRACE_MS = 36 * 3600_000;

/**
 * Sends every digest due at `now` (docs/requirements/notifications.md#rules schedules; docs/decisions/README.md#library-choices: one UTC cron
 * every 15 minutes, luxon for the time zones): for each active daily, weekly or monthly
 * notification, the latest scheduled time at or before `now` in its time zone; when that
 * period's digest has not been sent and the period had scans, one message with them (at most
 * 500 listed, the rest counted) — none when there were no scans. The period's time is the
 * dedupe key, so a repeated run, a second worker or a daylight-saving change never sends twice.
 * A digest of an owner whose plan lacks `notifications` at that run is not sent
 * (docs/requirements/notifications.md#plan-gating).
 */
export async function sendDueDigests(ctx: AppContext, now: Date): Promise<void> {
  const planAllows = ownerFeatureCheck(ctx.db, 'notifications');
  for (const n of await notificationsRepo.activeDigests(ctx.db)) {
    if (!n.scheduleTime) continue;
    const { since, due } = latestDigest({ type: n.scheduleType as 'daily', time: n.scheduleTime, day: n.scheduleDay, zone: n.timezone }, now);
    if (due <= n.createdAt || now.getTime() - due.getTime() > DIGEST_GRACE_MS) continue;
    const key = `digest:${due.toISOString()}`;
    if (await notificationsRepo.hasDelivery(ctx.db, n.id, key)) continue;
    const items = await notificationsRepo.digestItems(ctx.db, n.id, since, due, DIGEST_MAX_SCANS + 1);
    if (items.length === 0 || !(await planAllows(n.userId))) continue;
    const carried = items.slice(0, DIGEST_MAX_SCANS);
    const label = `since ${formatScanTime(since.toISOString(), n.timezone)}`;
    const carrier = n.carrierId ? await notificationsRepo.carrier(ctx.db, n.carrierId) : undefined;
    await queueDeliveries(ctx, [await compose(n, key, () => composeDigest(n, carrier, carried.map((i) => i.variables), {
      since: since.toISOString(), until: due.toISOString(), label, more: items.length - carried.length,
    }))]);
    await notificationsRepo.purgeDigestItems(ctx.db, n.id, new Date(since.getTime() - DIGEST_GRACE_MS));
  }
}

/** The digest run, every 15 minutes (UTC cron '*\/15 * * * *'). */
export const notificationDigestJob = defineJob({
  id: 'notification.digest',
  payload: z.object({}),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  expireInSeconds: 10 * 60,
  handler: async (_p, ctx) => sendDueDigests(ctx, new Date()),
});
