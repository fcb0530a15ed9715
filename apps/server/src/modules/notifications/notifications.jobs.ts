import { z } from 'zod';
import { DOMAIN_EVENTS, type DomainEvent } from '../../jobs/events.js';
import { defineJob } from '../../jobs/job.js';
import type { AppContext } from '../../platform/context.js';
import { attemptNotification } from './notification-delivery.js';
import { composeDigest, composeScanMessage, DIGEST_MAX_SCANS } from './notification-message.js';
import { latestDigest } from './notification-schedule.js';
import { formatScanTime, scanVariables } from './notification-template.js';
import { notificationsRepo, type NotificationRow } from './notifications.repo.js';

/**
 * One attempt of a notification delivery (see `attemptNotification`). Failed sends are retried
 * by the handler on the notification's own retry settings; pg-boss retries only a crashed
 * handler, and the attempt claim keeps that from sending twice.
 */
export const notificationDeliverJob = defineJob({
  id: 'notification.deliver',
  payload: z.object({ deliveryId: z.string(), attempt: z.number().int().min(1) }),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  concurrency: 4,
  expireInSeconds: 120,
  handler: async ({ deliveryId, attempt }, ctx) =>
    attemptNotification(ctx, deliveryId, attempt, (id, next, delay) => scheduleAttempt(ctx, id, next, delay)),
});

async function scheduleAttempt(ctx: AppContext, deliveryId: string, attempt: number, delaySeconds: number): Promise<void> {
  await ctx.queue.send(notificationDeliverJob, { deliveryId, attempt }, delaySeconds > 0 ? { startAfterSeconds: delaySeconds } : {});
}

/** Stores a delivery of `n` (once per dedupe key) and sends its first attempt. */
async function queueDelivery(ctx: AppContext, n: NotificationRow, dedupeKey: string, message: unknown, scan?: DomainEvent<'scan.recorded'>) {
  const [row] = await notificationsRepo.insertDeliveries(ctx.db, [{
    notificationId: n.id, dedupeKey, payload: { message },
    scanTimestamp: scan ? new Date(scan.scannedAt) : null, city: scan?.location.city ?? null, country: scan?.location.country ?? null,
  }]);
  if (row) await scheduleAttempt(ctx, row.id, 1, 0);
}

/** A delivery that could not even be composed (a template failing at render time) is recorded as failed. */
async function recordUnsendable(ctx: AppContext, n: NotificationRow, dedupeKey: string, err: unknown, scan?: DomainEvent<'scan.recorded'>) {
  await notificationsRepo.insertDeliveries(ctx.db, [{
    notificationId: n.id, dedupeKey, status: 'failed', payload: {}, attempts: 1,
    scanTimestamp: scan ? new Date(scan.scannedAt) : null, city: scan?.location.city ?? null, country: scan?.location.country ?? null,
    errorMessage: (err instanceof Error ? err.message : String(err)).slice(0, 500),
  }]);
}

/**
 * Fan-out of a human scan (domain event `scan.recorded`) to the list's active notifications
 * (spec 001 §4, §5): each notification made before the scan, and — with `send_first_scan_only` —
 * only for a record's first scan. An immediate one renders its message now and queues a
 * delivery (once per scan: a retried fan-out sends nothing twice); a daily, weekly or monthly one
 * keeps the scan for its next digest.
 */
export const notificationFanOutJob = defineJob({
  id: 'notification.fan-out',
  payload: DOMAIN_EVENTS['scan.recorded'],
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  concurrency: 2,
  handler: async (scan, ctx) => {
    const scannedAt = new Date(scan.scannedAt);
    const due = (await notificationsRepo.activeForList(ctx.db, scan.listId))
      .filter((n) => n.createdAt <= scannedAt && (!n.sendFirstScanOnly || scan.isFirst));
    for (const n of due) {
      const vars = scanVariables(scan, n.timezone);
      if (n.scheduleType !== 'immediate') {
        await notificationsRepo.addDigestItem(ctx.db, { notificationId: n.id, scanId: scan.scanId, scannedAt, variables: vars });
        continue;
      }
      const key = `scan:${scan.scanId}`;
      const carrier = n.carrierId ? await notificationsRepo.carrier(ctx.db, n.carrierId) : undefined;
      try {
        await queueDelivery(ctx, n, key, await composeScanMessage(n, carrier, vars), scan);
      } catch (err) {
        await recordUnsendable(ctx, n, key, err, scan);
      }
    }
  },
});

/** A digest later than this after its time is not sent (the server was down for days). */
const DIGEST_GRACE_MS = 36 * 3600_000;

/**
 * Sends every digest due at `now` (spec 001 §4 schedules; DESIGN.md "Next areas": one UTC cron
 * every 15 minutes, luxon for the time zones): for each active daily, weekly or monthly
 * notification, the latest scheduled time at or before `now` in its time zone; when that
 * period's digest has not been sent and the period had scans, one message with them (at most
 * 500 listed, the rest counted) — none when there were no scans. The period's time is the
 * dedupe key, so a repeated run, a second worker or a daylight-saving change never sends twice.
 */
export async function sendDueDigests(ctx: AppContext, now: Date): Promise<void> {
  for (const n of await notificationsRepo.activeDigests(ctx.db)) {
    if (!n.scheduleTime) continue;
    const { since, due } = latestDigest({ type: n.scheduleType as 'daily', time: n.scheduleTime, day: n.scheduleDay, zone: n.timezone }, now);
    if (due <= n.createdAt || now.getTime() - due.getTime() > DIGEST_GRACE_MS) continue;
    const key = `digest:${due.toISOString()}`;
    if (await notificationsRepo.hasDelivery(ctx.db, n.id, key)) continue;
    const items = await notificationsRepo.digestItems(ctx.db, n.id, since, due, DIGEST_MAX_SCANS + 1);
    if (items.length === 0) continue;
    const carried = items.slice(0, DIGEST_MAX_SCANS);
    const label = `since ${formatScanTime(since.toISOString(), n.timezone)}`;
    const carrier = n.carrierId ? await notificationsRepo.carrier(ctx.db, n.carrierId) : undefined;
    try {
      const message = await composeDigest(n, carrier, carried.map((i) => i.variables), {
        since: since.toISOString(), until: due.toISOString(), label, more: items.length - carried.length,
      });
      await queueDelivery(ctx, n, key, message);
    } catch (err) {
      await recordUnsendable(ctx, n, key, err);
    }
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
