import { z } from 'zod';
import { DOMAIN_EVENTS, type ScanRecorded } from '../../jobs/events.js';
import { dispatchJob } from '../../jobs/dispatch-job.js';
import { defineJob } from '../../jobs/job.js';
import type { AppContext } from '../../platform/context.js';
import { ownerFeatureCheck } from '../subscriptions/subscriptions.service.js';
import { attemptNotification } from './notification-delivery.js';
import { composeDigest, composeScanMessage, DIGEST_MAX_SCANS } from './notification-message.js';
import { latestDigest } from './notification-schedule.js';
import { formatScanTime, scanVariables } from './notification-template.js';
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

/** A delivery of `n`'s composed message, once per dedupe key, due now. */
const pending = (n: NotificationRow, dedupeKey: string, message: unknown, scan?: ScanRecorded): NewDelivery => ({
  notificationId: n.id, userId: n.userId, dedupeKey, payload: { message },
  scanTimestamp: scan ? new Date(scan.scannedAt) : null, city: scan?.location.city ?? null, country: scan?.location.country ?? null,
});

/** A delivery that could not even be composed (a template failing at render time), recorded as failed. */
const unsendable = (n: NotificationRow, dedupeKey: string, err: unknown, scan?: ScanRecorded): NewDelivery => ({
  ...pending(n, dedupeKey, null, scan), status: 'failed', payload: {}, attempts: 1,
  errorMessage: (err instanceof Error ? err.message : String(err)).slice(0, 500),
});

/** Composes a message, or the failed delivery that says why it could not be. */
async function compose(n: NotificationRow, dedupeKey: string, make: () => Promise<unknown>, scan?: ScanRecorded): Promise<NewDelivery> {
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
 * their lists' active notifications (docs/requirements/notifications.md#rules): each notification made before the scan,
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
    const carriers = new Map<string, Promise<CarrierRow | undefined>>();
    const carrierOf = (id: string | null) => {
      if (!id) return undefined;
      if (!carriers.has(id)) carriers.set(id, notificationsRepo.carrier(ctx.db, id));
      return carriers.get(id);
    };
    const deliveries: NewDelivery[] = [];
    const digestItems: Array<Parameters<typeof notificationsRepo.addDigestItems>[1][number]> = [];
    for (const scan of scans) {
      const scannedAt = new Date(scan.scannedAt);
      const due = active.filter((n) => n.mailingListId === scan.listId && n.createdAt <= scannedAt && (!n.sendFirstScanOnly || scan.isFirst));
      for (const n of due) {
        const vars = scanVariables(scan, n.timezone);
        if (n.scheduleType !== 'immediate') {
          digestItems.push({ notificationId: n.id, scanId: scan.scanId, scannedAt, variables: vars });
          continue;
        }
        deliveries.push(await compose(n, `scan:${scan.scanId}`, async () => composeScanMessage(n, await carrierOf(n.carrierId), vars), scan));
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
