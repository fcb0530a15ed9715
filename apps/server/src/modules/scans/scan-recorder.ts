import { randomUUID } from 'node:crypto';
import type { ScanRecorded } from '../../jobs/events.js';
import type { AppContext } from '../../platform/context.js';
import { groupCommit } from '../../platform/group-commit.js';
import { destinationOf, listContextsForScan, recordFields, shortUrl } from '../qr-codes/qr-codes.service.js';
import { mapFieldValues } from '../maps/map-fields.js';
import { locateIp } from './geoip.js';
import { classifyScanner } from './scanner-agent.js';
import { scansRepo, type ScanInput } from './scans.repo.js';

/** One request to a short link. */
export type ScanRequest = { code: string; at: Date; ip: string | null; userAgent: string | null; referrer: string | null; method: string };
/** What the redirect answers: the record's destination, a live code without a destination yet, or no such code. */
export type ScanOutcome = { kind: 'redirect'; url: string } | { kind: 'no-destination' } | { kind: 'unknown' };

type RecorderContext = Pick<AppContext, 'db' | 'events' | 'config' | 'database'>;

/** Scans written per statement at most. */
const MAX_BATCH = 256;
/** Event batches being queued while redirects have already answered, at most. */
const MAX_PUBLISHES_IN_FLIGHT = 8;
let publishesInFlight = 0;
const cut = (s: string | null, n: number) => (s ? s.slice(0, n) : null);

/**
 * Records scans before their redirects answer (docs/requirements/scans-and-analytics.md#scan-recording: no scan lost on a crash), with group
 * commit: requests that arrive while batches are being written wait for the next batch, so under
 * load one statement stores many scans, and each request is answered only after its scan is
 * committed. PostgreSQL writes up to 4 batches at once (its connections work in parallel); the
 * embedded PGlite, one. The human scans of each batch are published as one `scans.recorded` event
 * (webhooks, notifications) while the redirects answer; bots are stored with `is_bot` and published
 * to nobody.
 */
export function createScanRecorder(ctx: RecorderContext) {
  const record = groupCommit<ScanRequest, ScanOutcome>({
    maxBatch: MAX_BATCH, maxInFlight: ctx.database.kind === 'postgres' ? 4 : 1, write: (reqs) => writeBatch(ctx, reqs),
  });
  return {
    /** Stores the scan and answers where to send the scanner. Rejects when the database fails. */
    record,
  };
}

async function writeBatch(ctx: RecorderContext, reqs: ScanRequest[]): Promise<ScanOutcome[]> {
  const places = await Promise.all(reqs.map((r) => locateIp(r.ip)));
  const humans = new Map<string, number>();
  const inputs: ScanInput[] = reqs.map((r, i) => {
    const agent = classifyScanner(r.userAgent ?? undefined, r.method);
    const rank = agent.isBot ? 0 : (humans.get(r.code) ?? 0) + 1;
    if (!agent.isBot) humans.set(r.code, rank);
    return {
      id: randomUUID(), code: r.code, scannedAt: r.at, ip: r.ip, ...places[i], deviceType: agent.deviceType, os: agent.os,
      browser: agent.browser, userAgent: cut(r.userAgent, 512), referrer: cut(r.referrer, 512), isBot: agent.isBot, humanRank: rank,
    };
  });
  const stored = new Map((await scansRepo.recordBatch(ctx.database, inputs)).map((s) => [s.id, s]));
  const lists = await listContextsForScan(ctx.db, [...stored.values()].map((s) => s.listId));

  const perCode = new Map<string, { fields: Record<string, string>; url: string | null }>();
  const events: ScanRecorded[] = [];
  const outcomes = inputs.map((input): ScanOutcome => {
    const scan = stored.get(input.id);
    const list = scan && lists.get(scan.listId);
    if (!scan || !list) return { kind: 'unknown' };
    let dest = perCode.get(scan.code);
    if (!dest) {
      const src = { ...list, recordId: scan.recordId, values: scan.values };
      const fields = { ...recordFields(src), ...mapFieldValues(scan.route, ctx.config.publicUrl) };
      dest = { fields, url: destinationOf(src, fields) };
      perCode.set(scan.code, dest);
    }
    if (!input.isBot) {
      events.push({
        scanId: scan.id, userId: scan.userId, listId: scan.listId, listName: list.listName, recordId: scan.recordId,
        shortUrl: shortUrl(ctx.config.publicUrl, scan.code), scannedAt: input.scannedAt.toISOString(), isFirst: scan.isFirst,
        scanCount: scan.scanCount, location: { city: input.city, region: input.region, country: input.country },
        device: { type: input.deviceType, os: input.os, browser: input.browser }, ip: input.ip, userAgent: input.userAgent,
        fields: dest.fields,
      });
    }
    return dest.url ? { kind: 'redirect', url: dest.url } : { kind: 'no-destination' };
  });
  if (events.length) {
    // The scans are committed, so the redirects answer now; the fan-out is queued meanwhile — one
    // event for the whole batch, so a flood is few fan-out jobs — and a failure to queue it is
    // logged, never turned into a failed redirect.
    const publishing = ctx.events.publish('scans.recorded', { scans: events }).catch((err: unknown) => {
      console.error('[scans] could not publish scan events:', err instanceof Error ? err.message : err);
    }).finally(() => { publishesInFlight--; });
    // Bounded: when queueing falls behind, the next batches wait for it instead of piling up.
    if (++publishesInFlight > MAX_PUBLISHES_IN_FLIGHT) await publishing;
  }
  return outcomes;
}
