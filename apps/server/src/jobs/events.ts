import { z } from 'zod';
import { MAIL_EVENT_TYPES, MAIL_STAGES, ORDER_EVENT_TYPES, ZOrderSchema } from '@mailcraft/shared';
import type { Db } from '../db/client.js';
import type { JobDefinition } from './job.js';
import type { JobQueue } from './queue.js';

/**
 * One human scan as `scans.recorded` carries it: what webhooks and notifications send, so
 * subscribers need not read the scan back.
 */
const ZScanRecorded = z.object({
  scanId: z.string().describe('The recorded scan'),
  userId: z.string().describe('Owner of the list'),
  listId: z.string().describe('Mailing list of the record'),
  listName: z.string().describe('Name of the list'),
  recordId: z.string().describe('The scanned record'),
  shortUrl: z.string().describe('The record\'s short link'),
  scannedAt: z.string().describe('ISO 8601 time of the scan'),
  isFirst: z.boolean().describe('First human scan of this record (first_scan)'),
  scanCount: z.number().int().describe('Human scans of this record, this one included'),
  location: z.object({
    city: z.string().nullable(), region: z.string().nullable(), country: z.string().nullable(),
  }).describe('From the IP address (DB-IP); nulls when unknown'),
  device: z.object({
    type: z.string().nullable(), os: z.string().nullable(), browser: z.string().nullable(),
  }).describe('From the user agent'),
  ip: z.string().nullable().describe('The scanner\'s IP address (kept 30 days)'),
  userAgent: z.string().nullable().describe('The scanner\'s user agent'),
  fields: z.record(z.string(), z.string()).describe('The record\'s mapped fields (shared mapRecord) with record_id'),
});
/** One scan of a `scans.recorded` event. */
export type ScanRecorded = z.infer<typeof ZScanRecorded>;

/**
 * Domain events (docs/architecture.md#jobs-and-events): something that happened, published once by the module that owns
 * it and fanned out to every job subscribed to it — a scan to webhook deliveries and
 * notifications (docs/requirements/scans-and-analytics.md#scan, docs/requirements/qr-codes.md#rules).
 */
/** One piece's stage change as `mail.tracked` carries it (docs/requirements/mail-tracking.md#delivery-events). */
const ZMailTracked = z.object({
  type: z.enum(MAIL_EVENT_TYPES).describe('The delivery event (shared mailEventOf)'),
  pieceId: z.string().describe('The mail piece'),
  userId: z.string().describe('Owner of the piece'),
  printJobId: z.string().nullable().describe('Its print file, or null for an on-demand order'),
  orderId: z.string().nullable().describe('Its on-demand order, or null'),
  listId: z.string().nullable().describe('Mailing list of the record, when known'),
  recordId: z.string().nullable().describe('The record the piece was printed for, when known'),
  imb: z.string().describe('The piece\'s IMb: tracking + routing code, digits only'),
  stage: z.enum(MAIL_STAGES).describe('The stage reached'),
  previousStage: z.enum(MAIL_STAGES).nullable().describe('The stage before, null when this is the first scan'),
  occurredAt: z.string().describe('ISO 8601 time of the scan that moved it'),
  facility: z.object({ zip: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable() })
    .describe('Where it was scanned, as the scan data names it'),
  simulated: z.boolean().describe('A simulated scan (test mode)'),
});
/** One stage change of a `mail.tracked` event. */
export type MailTracked = z.infer<typeof ZMailTracked>;

export const DOMAIN_EVENTS = {
  /**
   * People (not bots) scanned QR codes of mail pieces: the human scans of one write of the scan
   * recorder (1 to 256), published once after they are stored — so a flood of scans makes few
   * jobs per subscriber, not one per scan.
   */
  'scans.recorded': z.object({ scans: z.array(ZScanRecorded).min(1).max(256).describe('The scans, in the order they arrived') }),
  /**
   * An on-demand order was rendered, failed to render, or was cancelled. Published by the orders
   * module after the change is stored; carries the order as the API presents it, for the
   * account's order webhooks.
   */
  'order.changed': z.object({
    type: z.enum(ORDER_EVENT_TYPES).describe('order.rendered, order.failed or order.cancelled'),
    userId: z.string().describe('Owner of the order'),
    test: z.boolean().describe('A test order (placed with a test key)'),
    at: z.string().describe('ISO 8601 time of the change'),
    order: ZOrderSchema.describe('The order after the change'),
  }),
  /**
   * Mail pieces moved to a stage that publishes a delivery event (shared `mailEventOf`): the changes of one batch of
   * stored scans (1 to 256), published once after they are stored.
   */
  'mail.tracked': z.object({ changes: z.array(ZMailTracked).min(1).max(256).describe('The stage changes, in scan order') }),
} as const;
export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export type DomainEvent<E extends DomainEventName> = z.infer<(typeof DOMAIN_EVENTS)[E]>;

/** A job subscribed to an event: its payload schema is the event's schema. */
type Subscriber<E extends DomainEventName> = JobDefinition<(typeof DOMAIN_EVENTS)[E]>;
export type Subscriptions = { [E in DomainEventName]?: Array<Subscriber<E>> };
/** Subscribers as stored: the event's schema validated the payload before any is sent. */
type AnySubscriber = JobDefinition<z.ZodType<object>>;

/** Publishes events to the jobs subscribed to them. */
export type EventBus = {
  /**
   * Validates `payload` against the event's schema and enqueues one job per subscriber (none for one whose `narrow`
   * keeps nothing), each retried by its own policy. Returns the job ids. Throws ZodError on a bad payload.
   */
  publish<E extends DomainEventName>(event: E, payload: DomainEvent<E>): Promise<string[]>;
  /**
   * `publish` for many events of one kind: one insert per subscriber. Validates what it enqueues (each payload once,
   * however many subscribers take it; a part a subscriber's `narrow` kept is validated for that subscriber). Throws
   * ZodError on a bad payload.
   */
  publishMany<E extends DomainEventName>(event: E, payloads: Array<DomainEvent<E>>): Promise<void>;
  /** Adds a subscriber (module start-up, tests). */
  subscribe<E extends DomainEventName>(event: E, job: Subscriber<E>): void;
};

/**
 * `payloads` of an event that carries a `changes` array, each keeping only the changes `keep` accepts; payloads left
 * with none are dropped (the event's schema needs at least one). For subscribers' `narrow`.
 */
export function narrowChanges<P extends { changes: unknown[] }>(payloads: P[], keep: (change: P['changes'][number]) => boolean): P[] {
  return payloads.flatMap((p) => {
    const changes = p.changes.filter(keep);
    return changes.length === 0 ? [] : [changes.length === p.changes.length ? p : { ...p, changes }];
  });
}

/**
 * An event bus over `queue` with the given subscriptions; `db` is what subscribers' `narrow` reads at publish time
 * (the subscriber's own tables).
 */
export function createEventBus(queue: JobQueue, initial: Subscriptions = {}, db?: Db): EventBus {
  /** The payloads `job` acts on: all of them, or what its `narrow` keeps. */
  const narrowed = async (job: AnySubscriber, payloads: object[]): Promise<object[]> =>
    (job.narrow && db && payloads.length ? job.narrow(payloads, db) : payloads);
  const subs = new Map<DomainEventName, AnySubscriber[]>(
    Object.entries(initial).map(([event, jobs]) => [event as DomainEventName, [...(jobs as AnySubscriber[])]]),
  );
  return {
    async publish(event, payload) {
      const data: object = DOMAIN_EVENTS[event].parse(payload);
      const ids: string[] = [];
      for (const job of subs.get(event) ?? []) {
        for (const mine of await narrowed(job, [data])) {
          const id = await queue.send(job, mine);
          if (id) ids.push(id);
        }
      }
      return ids;
    },
    async publishMany(event, payloads) {
      // A subscriber with `narrow` gets only what it acts on (nothing enqueued, nothing validated, when that is
      // nothing: a file import's stage changes nobody listens to). Each payload is validated once here and a
      // subscriber whose payload schema is the event's own is not made to validate it again.
      const parsed = new Map<object, object>();
      const parse = (p: object) => {
        let d = parsed.get(p);
        if (!d) parsed.set(p, (d = DOMAIN_EVENTS[event].parse(p)));
        return d;
      };
      for (const job of subs.get(event) ?? []) {
        const mine = await narrowed(job, payloads);
        if (mine.length) await queue.sendMany(job, mine.map(parse), { parsed: job.payload === DOMAIN_EVENTS[event] });
      }
    },
    subscribe(event, job) {
      subs.set(event, [...(subs.get(event) ?? []), job as unknown as AnySubscriber]);
    },
  };
}
