import { z } from 'zod';
import type { JobDefinition } from './job.js';
import type { JobQueue } from './queue.js';

/**
 * Domain events (issue 5 §3): something that happened, published once by the module that owns
 * it and fanned out to every job subscribed to it — a scan to webhook deliveries and
 * notifications (spec 000 §3 Scan, spec 001 §5).
 */
export const DOMAIN_EVENTS = {
  /** A recipient scanned the QR code of a mail piece (spec 000 §3 Scan). */
  'scan.recorded': z.object({
    scanId: z.string().describe('The recorded scan'),
    userId: z.string().describe('Owner of the list'),
    listId: z.string().describe('Mailing list of the record'),
    recordId: z.string().describe('The scanned record'),
    scannedAt: z.string().describe('ISO 8601 time of the scan'),
  }),
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
   * Validates `payload` against the event's schema and enqueues one job per subscriber, each
   * retried by its own policy. Returns the job ids. Throws ZodError on a bad payload.
   */
  publish<E extends DomainEventName>(event: E, payload: DomainEvent<E>): Promise<string[]>;
  /** Adds a subscriber (module start-up, tests). */
  subscribe<E extends DomainEventName>(event: E, job: Subscriber<E>): void;
};

/** An event bus over `queue` with the given subscriptions. */
export function createEventBus(queue: JobQueue, initial: Subscriptions = {}): EventBus {
  const subs = new Map<DomainEventName, AnySubscriber[]>(
    Object.entries(initial).map(([event, jobs]) => [event as DomainEventName, [...(jobs as AnySubscriber[])]]),
  );
  return {
    async publish(event, payload) {
      const data: object = DOMAIN_EVENTS[event].parse(payload);
      const ids: string[] = [];
      for (const job of subs.get(event) ?? []) {
        const id = await queue.send(job, data);
        if (id) ids.push(id);
      }
      return ids;
    },
    subscribe(event, job) {
      subs.set(event, [...(subs.get(event) ?? []), job as unknown as AnySubscriber]);
    },
  };
}
