import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '../../jobs/events.js';
import type { AppContext } from '../../platform/context.js';
import { countScans, destinationOf, recordFields, resolveForScan, shortUrl, type ResolvedLink, type ScanCount } from '../qr-codes/qr-codes.service.js';
import { locateIp } from './geoip.js';
import { classifyScanner } from './scanner-agent.js';
import { scansRepo, type ScanInsert } from './scans.repo.js';

/** One request to a short link. */
export type ScanRequest = { code: string; at: Date; ip: string | null; userAgent: string | null; referrer: string | null; method: string };
/** What the redirect answers: the record's destination, a live code without a destination yet, or no such code. */
export type ScanOutcome = { kind: 'redirect'; url: string } | { kind: 'no-destination' } | { kind: 'unknown' };

/** Scans written per transaction at most. */
const MAX_BATCH = 256;
const cut = (s: string | null, n: number) => (s ? s.slice(0, n) : null);

/**
 * Records scans before their redirects answer (issue 7: no scan lost on a crash), with group
 * commit: requests that arrive while a batch is being written wait for the next one, so under
 * load one transaction stores many scans (lookup with the links locked, one insert, one counter
 * update) and each request is answered only after its scan is committed. Human scans are then
 * published as `scan.recorded` events (webhooks, notifications); bots are stored with `is_bot`
 * and published to nobody.
 */
export function createScanRecorder(ctx: Pick<AppContext, 'db' | 'events' | 'config'>) {
  type Waiting = { req: ScanRequest; resolve: (o: ScanOutcome) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  async function run() {
    while (queue.length) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      try {
        const outcomes = await writeBatch(ctx, batch.map((w) => w.req));
        batch.forEach((w, i) => w.resolve(outcomes[i]));
      } catch (err) {
        batch.forEach((w) => w.reject(err));
      }
    }
    running = false;
  }

  return {
    /** Stores the scan and answers where to send the scanner. Rejects when the database fails. */
    record(req: ScanRequest): Promise<ScanOutcome> {
      return new Promise<ScanOutcome>((resolve, reject) => {
        queue.push({ req, resolve, reject });
        if (!running) {
          running = true;
          setImmediate(() => void run());
        }
      });
    },
  };
}

export type ScanRecorder = ReturnType<typeof createScanRecorder>;

async function writeBatch(ctx: Pick<AppContext, 'db' | 'events' | 'config'>, reqs: ScanRequest[]): Promise<ScanOutcome[]> {
  const agents = reqs.map((r) => classifyScanner(r.userAgent ?? undefined, r.method));
  const places = await Promise.all(reqs.map((r) => locateIp(r.ip)));
  const outcomes: ScanOutcome[] = reqs.map(() => ({ kind: 'unknown' }));
  const events: Array<DomainEvent<'scan.recorded'>> = [];

  await ctx.db.transaction(async (tx) => {
    const links = new Map((await resolveForScan(tx, [...new Set(reqs.map((r) => r.code))])).map((l) => [l.code, l]));
    const perLink = new Map<string, { link: ResolvedLink; fields: Record<string, string>; url: string | null; count: number; first: Date | null }>();
    const counts = new Map<string, ScanCount>();
    const rows: ScanInsert[] = [];
    reqs.forEach((r, i) => {
      const link = links.get(r.code);
      if (!link) return;
      let state = perLink.get(r.code);
      if (!state) {
        const fields = recordFields(link);
        state = { link, fields, url: destinationOf(link, fields), count: link.scanCount, first: link.firstScannedAt };
        perLink.set(r.code, state);
      }
      outcomes[i] = state.url ? { kind: 'redirect', url: state.url } : { kind: 'no-destination' };
      const agent = agents[i];
      const place = places[i];
      let isFirst = false;
      if (!agent.isBot) {
        state.count++;
        isFirst = state.first === null;
        if (isFirst) state.first = r.at;
        const c = counts.get(r.code) ?? { code: r.code, scans: 0, first: r.at, last: r.at };
        c.scans++;
        if (r.at < c.first) c.first = r.at;
        if (r.at > c.last) c.last = r.at;
        counts.set(r.code, c);
      }
      const id = randomUUID();
      rows.push({
        id, code: r.code, recordId: link.recordId, listId: link.listId, userId: link.userId, scannedAt: r.at, ip: r.ip,
        city: place.city, region: place.region, country: place.country, latitude: place.latitude, longitude: place.longitude,
        deviceType: agent.deviceType, os: agent.os, browser: agent.browser, userAgent: cut(r.userAgent, 512), referrer: cut(r.referrer, 512),
        isBot: agent.isBot, isFirst,
      });
      if (!agent.isBot) {
        events.push({
          scanId: id, userId: link.userId, listId: link.listId, listName: link.listName, recordId: link.recordId,
          shortUrl: shortUrl(ctx.config.publicUrl, link.code), scannedAt: r.at.toISOString(), isFirst, scanCount: state.count,
          location: { city: place.city, region: place.region, country: place.country },
          device: { type: agent.deviceType, os: agent.os, browser: agent.browser },
          ip: r.ip, userAgent: cut(r.userAgent, 512), fields: state.fields,
        });
      }
    });
    await scansRepo.insert(tx, rows);
    await countScans(tx, [...counts.values()]);
  });

  if (events.length) {
    // The scans are committed; a failed fan-out is logged, never turned into a failed redirect.
    await ctx.events.publishMany('scan.recorded', events).catch((err: unknown) => {
      console.error('[scans] could not publish scan events:', err instanceof Error ? err.message : err);
    });
  }
  return outcomes;
}
