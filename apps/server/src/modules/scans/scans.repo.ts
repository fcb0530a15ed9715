import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { scans } from '../../db/schema/index.js';

export type ScanInsert = typeof scans.$inferInsert;

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const num = (v: unknown): number => Number(v ?? 0);
const str = (v: unknown): string | null => (v == null ? null : String(v));
const iso = (v: unknown): string | null => (v == null ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) as T : v as T);

/** A scan with what is needed to name the contact (record values and the list's mapping). */
export type ScanWithRecord = {
  id: string; scannedAt: string; listId: string; listName: string; recordId: string;
  city: string | null; region: string | null; country: string | null; deviceType: string | null; os: string | null;
  browser: string | null; referrer: string | null; isFirst: boolean; isBot: boolean;
  headers: string[]; values: string[]; mappings: Record<string, string> | null; fieldSettings: { capitalization?: Record<string, string> } | null;
};

const SCAN_WITH_RECORD = sql`
  s.id, s.scanned_at, s.list_id, l.name AS list_name, s.record_id, s.city, s.region, s.country, s.device_type, s.os, s.browser,
  s.referrer, s.is_first, s.is_bot, l.headers, r.values, m.mappings, m.field_settings
  FROM scans s
  JOIN mailing_lists l ON l.id = s.list_id
  JOIN mailing_list_records r ON r.id = s.record_id
  LEFT JOIN column_mappings m ON m.list_id = s.list_id`;

const toScanWithRecord = (r: Row): ScanWithRecord => ({
  id: String(r.id), scannedAt: iso(r.scanned_at)!, listId: String(r.list_id), listName: String(r.list_name), recordId: String(r.record_id),
  city: str(r.city), region: str(r.region), country: str(r.country), deviceType: str(r.device_type), os: str(r.os),
  browser: str(r.browser), referrer: str(r.referrer), isFirst: !!r.is_first, isBot: !!r.is_bot,
  headers: json(r.headers), values: json(r.values), mappings: r.mappings == null ? null : json(r.mappings),
  fieldSettings: r.field_settings == null ? null : json(r.field_settings),
});

/** Database access for scans. Reads are scoped to the owner by the caller's user id. */
export const scansRepo = {
  /** Stores a batch of scans in one statement (inside the recorder's transaction). */
  insert: async (tx: Db, rows: ScanInsert[]): Promise<void> => {
    if (rows.length) await tx.insert(scans).values(rows);
  },

  /** The user's latest human scans, newest first, optionally of one list. */
  recent: async (db: Db, userId: string, limit: number, listId?: string): Promise<ScanWithRecord[]> =>
    rowsOf(await db.execute(sql`SELECT ${SCAN_WITH_RECORD}
      WHERE s.user_id = ${userId}::uuid AND NOT s.is_bot ${listId ? sql`AND s.list_id = ${listId}::uuid` : sql``}
      ORDER BY s.scanned_at DESC, s.id DESC LIMIT ${limit}`)).map(toScanWithRecord),

  /** Every list of the user with its human scan counts, newest list first. */
  listSummaries: async (db: Db, userId: string, listId?: string) =>
    rowsOf(await db.execute(sql`
      SELECT l.id, l.name, l.row_count,
        count(s.id) FILTER (WHERE NOT s.is_bot) AS total, count(s.id) FILTER (WHERE s.is_first) AS uniq,
        max(s.scanned_at) FILTER (WHERE NOT s.is_bot) AS last_scan
      FROM mailing_lists l LEFT JOIN scans s ON s.list_id = l.id
      WHERE l.user_id = ${userId}::uuid ${listId ? sql`AND l.id = ${listId}::uuid` : sql``}
      GROUP BY l.id ORDER BY l.created_at DESC, l.id DESC`)).map((r) => ({
      listId: String(r.id), name: String(r.name), rowCount: num(r.row_count), total: num(r.total), unique: num(r.uniq), lastScanAt: iso(r.last_scan),
    })),

  /** Bot requests of a list. */
  botCount: async (db: Db, listId: string): Promise<number> =>
    num(rowsOf(await db.execute(sql`SELECT count(*) AS n FROM scans WHERE list_id = ${listId}::uuid AND is_bot`))[0]?.n),

  /** Human and first scans per UTC day, oldest first. */
  byDay: async (db: Db, listId: string) =>
    rowsOf(await db.execute(sql`
      SELECT to_char(s.scanned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS total, count(*) FILTER (WHERE s.is_first) AS uniq
      FROM scans s WHERE s.list_id = ${listId}::uuid AND NOT s.is_bot GROUP BY 1 ORDER BY 1`))
      .map((r) => ({ date: String(r.day), total: num(r.total), unique: num(r.uniq) })),

  /** The 10 places with the most human scans. */
  topLocations: async (db: Db, listId: string) =>
    rowsOf(await db.execute(sql`
      SELECT s.city, s.region, s.country, count(*) AS n FROM scans s WHERE s.list_id = ${listId}::uuid AND NOT s.is_bot
      GROUP BY 1, 2, 3 ORDER BY n DESC, 1, 2, 3 LIMIT 10`))
      .map((r) => ({ city: str(r.city), region: str(r.region), country: str(r.country), scans: num(r.n) })),

  /** Human scans grouped by one of the device columns ('Unknown' for none). */
  countBy: async (db: Db, listId: string, column: 'device_type' | 'os' | 'browser') =>
    rowsOf(await db.execute(sql`
      SELECT COALESCE(s.${sql.raw(column)}, 'Unknown') AS name, count(*) AS n FROM scans s
      WHERE s.list_id = ${listId}::uuid AND NOT s.is_bot GROUP BY 1 ORDER BY n DESC, 1 LIMIT 20`))
      .map((r) => ({ name: String(r.name), scans: num(r.n) })),

  /** Records with human scans, most recently scanned first, and how many there are. */
  scannedRecords: async (db: Db, listId: string, offset: number, limit: number) => {
    const rows = rowsOf(await db.execute(sql`
      WITH per AS (
        SELECT s.record_id, count(*) AS n, min(s.scanned_at) AS first_at, max(s.scanned_at) AS last_at
        FROM scans s WHERE s.list_id = ${listId}::uuid AND NOT s.is_bot GROUP BY s.record_id
      )
      SELECT per.*, r.values, l.headers, m.mappings, m.field_settings, count(*) OVER () AS total
      FROM per JOIN mailing_list_records r ON r.id = per.record_id JOIN mailing_lists l ON l.id = r.list_id
      LEFT JOIN column_mappings m ON m.list_id = l.id
      ORDER BY per.last_at DESC, per.record_id LIMIT ${limit} OFFSET ${offset}`));
    return {
      total: rows.length ? num(rows[0].total) : 0,
      records: rows.map((r) => ({
        recordId: String(r.record_id), scans: num(r.n), firstAt: iso(r.first_at)!, lastAt: iso(r.last_at)!,
        headers: json<string[]>(r.headers), values: json<string[]>(r.values),
        mappings: r.mappings == null ? null : json<Record<string, string>>(r.mappings),
        fieldSettings: r.field_settings == null ? null : json<{ capitalization?: Record<string, string> }>(r.field_settings),
      })),
    };
  },

  /** A page of a list's scans (bots included) for the CSV export, keyset on (scanned_at, id). */
  exportPage: async (db: Db, listId: string, after: { at: string; id: string } | null, limit: number): Promise<ScanWithRecord[]> =>
    rowsOf(await db.execute(sql`SELECT ${SCAN_WITH_RECORD}
      WHERE s.list_id = ${listId}::uuid ${after ? sql`AND (s.scanned_at, s.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      ORDER BY s.scanned_at, s.id LIMIT ${limit}`)).map(toScanWithRecord),

  /** Clears the IP address of scans older than `days` days (privacy, issue 7). Returns how many. */
  purgeIps: async (db: Db, days: number): Promise<number> =>
    rowsOf(await db.execute(sql`
      UPDATE scans SET ip = NULL WHERE ip IS NOT NULL AND scanned_at < now() - make_interval(days => ${days}) RETURNING 1`)).length,
};
