import Papa from 'papaparse';
import type { TListAnalytics, TListScanSummary, TRecentScan, TScannedRecords } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/principal.js';
import { getOwnedList } from '../mailing-lists/mailing-lists.service.js';
import { recordFields } from '../qr-codes/qr-codes.service.js';
import { scansRepo, type ScanWithRecord } from './scans.repo.js';

const orNull = (v: string | undefined) => (v ? v : null);
const fieldsOf = (s: Pick<ScanWithRecord, 'recordId' | 'headers' | 'values' | 'mappings' | 'fieldSettings'>) => recordFields(s);

const summary = (r: { listId: string; name: string; rowCount: number; total: number; unique: number; lastScanAt: string | null }): TListScanSummary => ({
  list_id: r.listId, name: r.name, row_count: r.rowCount, total_scans: r.total, unique_scans: r.unique,
  scan_rate: r.rowCount > 0 ? r.unique / r.rowCount : 0, last_scan_at: r.lastScanAt,
});

/**
 * GET /api/analytics/scans (docs/requirements/scans-and-analytics.md#recent-activity Activity, §3 Scan, §7): the principal's latest
 * human scans, newest first, each with the contact's first and last name and email (from the
 * list's mapping), the place and the list. Errors: NOT_FOUND (404) for another user's `listId`.
 */
export async function recentScans(ctx: AppContext, principal: Principal, q: { listId?: string; limit: number }): Promise<{ recentScans: TRecentScan[] }> {
  const { db } = ctx;
  if (q.listId) await getOwnedList(db, principal, q.listId);
  const rows = await scansRepo.recent(db, principal.userId, q.limit, q.listId);
  return {
    recentScans: rows.map((s) => {
      const f = fieldsOf(s);
      return {
        id: s.id,
        timestamp: s.scannedAt,
        contact: { firstName: orNull(f.first_name), lastName: orNull(f.last_name), email: orNull(f.email) },
        location: { city: s.city, region: s.region, country: s.country },
        mailingList: { id: s.listId, name: s.listName },
        device: s.deviceType,
        isFirst: s.isFirst,
      };
    }),
  };
}

/** GET /api/analytics/lists: every list of the principal with its scan counts and scan rate. */
export async function listScanSummaries(ctx: AppContext, principal: Principal): Promise<TListScanSummary[]> {
  return (await scansRepo.listSummaries(ctx.db, principal.userId)).map(summary);
}

/**
 * GET /api/analytics/lists/{id} (docs/requirements/scans-and-analytics.md#analytics): totals, scan rate (unique ÷ records),
 * scans by UTC day, scans by days after their mail piece's in-home time (docs/requirements/mail-tracking.md#timelines-and-analytics),
 * top 10 places, device types, OS and browsers — human scans only, with the
 * bot requests counted apart. Errors: NOT_FOUND (404) unless the list is the principal's.
 */
export async function listAnalytics(ctx: AppContext, principal: Principal, listId: string): Promise<TListAnalytics> {
  const { db } = ctx;
  const list = await getOwnedList(db, principal, listId);
  const [row] = await scansRepo.listSummaries(db, principal.userId, list.id);
  const [bots, byDay, afterInHome, places, devices, os, browsers] = await Promise.all([
    scansRepo.botCount(db, list.id), scansRepo.byDay(db, list.id), scansRepo.afterInHome(db, principal.userId, list.id), scansRepo.topLocations(db, list.id),
    scansRepo.countBy(db, list.id, 'device_type'), scansRepo.countBy(db, list.id, 'os'), scansRepo.countBy(db, list.id, 'browser'),
  ]);
  return { summary: summary(row), bot_scans: bots, by_day: byDay, after_in_home: afterInHome, top_locations: places, devices, os, browsers };
}

/**
 * GET /api/analytics/lists/{id}/records?page&limit → `scannedRecords(ctx, principal, { listId, page, limit })`: the records that were scanned (human scans), most
 * recently scanned first, with their scan counts. Errors: NOT_FOUND (404).
 */
export async function scannedRecords(ctx: AppContext, principal: Principal, page: { listId: string; page: number; limit: number }): Promise<TScannedRecords> {
  const { db } = ctx;
  const list = await getOwnedList(db, principal, page.listId);
  const { total, records } = await scansRepo.scannedRecords(db, list.id, (page.page - 1) * page.limit, page.limit);
  return {
    total,
    records: records.map((r) => {
      const f = fieldsOf(r);
      return {
        record_id: r.recordId, name: f.full_name_mail || f.full_name || '', email: orNull(f.email),
        city_state_zip: orNull(f.city_state_zip), scans: r.scans, first_scanned_at: r.firstAt, last_scanned_at: r.lastAt,
      };
    }),
  };
}

const CSV_COLUMNS = [
  'scanned_at', 'record_id', 'first_name', 'last_name', 'email', 'city', 'region', 'country', 'device_type', 'os', 'browser',
  'referrer', 'first_scan', 'bot',
];
const EXPORT_PAGE = 2000;

/**
 * GET /api/analytics/lists/{id}/scans.csv: every scan of the list (bots included, flagged),
 * oldest first, as CSV chunks read 2000 at a time. Cells that a spreadsheet would run as a
 * formula are prefixed with an apostrophe (OWASP CSV injection). Errors: NOT_FOUND (404), thrown
 * before the first chunk.
 */
export async function scansCsv(ctx: AppContext, principal: Principal, listId: string): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
  const { db } = ctx;
  const list = await getOwnedList(db, principal, listId);
  const safe = (v: string | null | undefined) => (v && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v ?? '');
  async function* chunks() {
    yield `${Papa.unparse([CSV_COLUMNS])}\r\n`;
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const page = await scansRepo.exportPage(db, list.id, after, EXPORT_PAGE);
      if (page.length === 0) return;
      const rows = page.map((s) => {
        const f = fieldsOf(s);
        return [s.scannedAt, s.recordId, f.first_name, f.last_name, f.email, s.city, s.region, s.country, s.deviceType, s.os, s.browser,
          s.referrer, s.isFirst ? 'yes' : 'no', s.isBot ? 'yes' : 'no'].map(safe);
      });
      yield `${Papa.unparse(rows)}\r\n`;
      const last = page[page.length - 1];
      after = { at: last.scannedAt, id: last.id };
    }
  }
  const base = list.name.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '_') || 'list';
  return { filename: `${base}-scans.csv`, chunks: chunks() };
}
