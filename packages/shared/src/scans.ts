import { z } from 'zod';
import { pageQuery } from './http/common.js';

/** One scan as Recent Activity shows it (docs/requirements/scans-and-analytics.md#scan). */
export const ZRecentScanSchema = z.object({
  id: z.string().describe('The scan'),
  timestamp: z.string().describe('ISO 8601 time of the scan'),
  contact: z.object({
    firstName: z.string().nullable().describe('first_name of the record, if mapped'),
    lastName: z.string().nullable().describe('last_name of the record, if mapped'),
    email: z.string().nullable().describe('email of the record, if mapped'),
  }).describe('Who the mail piece was for'),
  location: z.object({
    city: z.string().nullable().describe('City, from the IP address (DB-IP)'),
    region: z.string().nullable().describe('State or region'),
    country: z.string().nullable().describe('ISO 3166-1 alpha-2 country code'),
  }).describe('Where the scan came from'),
  mailingList: z.object({
    id: z.string().describe('The list'),
    name: z.string().describe('List name'),
  }).describe('The record\'s list'),
  device: z.string().nullable().describe('Device type: mobile, tablet, desktop, tv …'),
  isFirst: z.boolean().describe('The first human scan of this mail piece'),
}).meta({ id: 'RecentScan' });
export type TRecentScan = z.infer<typeof ZRecentScanSchema>;

/** GET /api/analytics/scans?listId (docs/requirements/workflow.md#api): latest human scans, newest first. */
export const ZRecentScansQuerySchema = z.object({
  listId: z.string().max(100).optional().describe('Only this list\'s scans'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('How many (1–100, default 20)'),
});
export const ZRecentScansSchema = z.object({
  recentScans: z.array(ZRecentScanSchema).describe('Latest human scans, newest first'),
}).meta({ id: 'RecentScans' });
export type TRecentScans = z.infer<typeof ZRecentScansSchema>;

const ZCount = z.object({ name: z.string().describe('Value'), scans: z.number().int().describe('Human scans') });

/** GET /api/analytics/lists: every list with its scan counts. */
export const ZListScanSummarySchema = z.object({
  list_id: z.string().describe('The list'),
  name: z.string().describe('List name'),
  row_count: z.number().int().describe('Records in the list'),
  total_scans: z.number().int().describe('Human scans'),
  unique_scans: z.number().int().describe('Records scanned at least once by a human'),
  scan_rate: z.number().describe('unique_scans ÷ row_count, 0–1'),
  last_scan_at: z.string().nullable().describe('ISO 8601 time of the latest human scan'),
}).meta({ id: 'ListScanSummary' });
export type TListScanSummary = z.infer<typeof ZListScanSummarySchema>;

/** GET /api/analytics/lists/{id}: one list's analytics (bots left out of every count). */
/** Scans this many days or more after in-home share the last bucket of `after_in_home`. */
export const IN_HOME_DAYS_CAP = 30;

export const ZListAnalyticsSchema = z.object({
  summary: ZListScanSummarySchema,
  bot_scans: z.number().int().describe('Requests from bots and link scanners (not counted elsewhere)'),
  by_day: z.array(z.object({
    date: z.string().describe('UTC day, YYYY-MM-DD'),
    total: z.number().int().describe('Human scans that day'),
    unique: z.number().int().describe('First scans that day'),
  })).describe('Scans over time, by UTC day, oldest first'),
  after_in_home: z.array(z.object({
    days: z.number().int().describe(`Whole days from the piece's in-home time to the scan, 0 to ${IN_HOME_DAYS_CAP}; ${IN_HOME_DAYS_CAP} stands for ${IN_HOME_DAYS_CAP} or more`),
    scans: z.number().int().describe('Human scans that many days after in-home'),
  })).describe('Human scans of records whose mail piece was delivered (mail tracking\'s estimated in-home time, the latest before the scan), by days after in-home, fewest days first; empty without tracked deliveries (docs/requirements/mail-tracking.md#timelines-and-analytics)'),
  top_locations: z.array(z.object({
    city: z.string().nullable().describe('City'),
    region: z.string().nullable().describe('Region'),
    country: z.string().nullable().describe('Country code'),
    scans: z.number().int().describe('Human scans'),
  })).describe('The 10 places with the most scans'),
  devices: z.array(ZCount).describe('Scans by device type'),
  os: z.array(ZCount).describe('Scans by operating system'),
  browsers: z.array(ZCount).describe('Scans by browser'),
}).meta({ id: 'ListAnalytics' });
export type TListAnalytics = z.infer<typeof ZListAnalyticsSchema>;

/** GET /api/analytics/lists/{id}/records?page&limit: the records that were scanned. */
export const ZScannedRecordsQuerySchema = pageQuery(25);
export const ZScannedRecordSchema = z.object({
  record_id: z.string().describe('The record'),
  name: z.string().describe('Full name or company of the record'),
  email: z.string().nullable().describe('email of the record'),
  city_state_zip: z.string().nullable().describe('City, state and ZIP of the record'),
  scans: z.number().int().describe('Human scans of this mail piece'),
  first_scanned_at: z.string().describe('ISO 8601 time of the first human scan'),
  last_scanned_at: z.string().describe('ISO 8601 time of the latest human scan'),
});
export const ZScannedRecordsSchema = z.object({
  records: z.array(ZScannedRecordSchema).describe('Scanned records, most recently scanned first'),
  total: z.number().int().describe('Scanned records in all'),
}).meta({ id: 'ScannedRecords' });
export type TScannedRecords = z.infer<typeof ZScannedRecordsSchema>;
