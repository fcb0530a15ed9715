import { sql } from 'drizzle-orm';
import { IN_HOME_DAYS_CAP } from '@mailcraft/shared';
import type { Database, Db } from '../../db/client.js';
import { isoOrNull, jsonOrNull, jsonValue, numberValue, rowsOf, textOrNull, type RawRow } from '../../db/raw-rows.js';

/**
 * One request to a short link, classified: `humanRank` is its place among this batch's human
 * requests for the same code (1-based; 0 for bots).
 */
export type ScanInput = {
  id: string; code: string; scannedAt: Date; ip: string | null;
  city: string | null; region: string | null; country: string | null; latitude: number | null; longitude: number | null;
  deviceType: string | null; os: string | null; browser: string | null; userAgent: string | null; referrer: string | null;
  isBot: boolean; humanRank: number;
};
/** A stored scan: its record (values in header order), list and owner, first-scan flag and the record's human scans so far. */
export type StoredScan = {
  id: string; code: string; recordId: string; listId: string; userId: string; values: string[]; isFirst: boolean; scanCount: number;
  /** The record's route (docs/requirements/maps.md#maps map fields): metres, seconds, the map image's public token; null without a drawn map. */
  route: { distance: number; duration: number; imageToken: string } | null;
};


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

const toScanWithRecord = (r: RawRow): ScanWithRecord => ({
  id: String(r.id), scannedAt: isoOrNull(r.scanned_at)!, listId: String(r.list_id), listName: String(r.list_name), recordId: String(r.record_id),
  city: textOrNull(r.city), region: textOrNull(r.region), country: textOrNull(r.country), deviceType: textOrNull(r.device_type), os: textOrNull(r.os),
  browser: textOrNull(r.browser), referrer: textOrNull(r.referrer), isFirst: !!r.is_first, isBot: !!r.is_bot,
  headers: jsonValue(r.headers), values: jsonValue(r.values), mappings: jsonOrNull(r.mappings),
  fieldSettings: jsonOrNull(r.field_settings),
});

/** The statement of `recordBatch` ($1: the scans as a JSON array), prepared once per connection. */
const RECORD_SCANS_SQL = `
      WITH d AS (
        SELECT * FROM jsonb_to_recordset($1::jsonb) AS d(
          id uuid, code text, scanned_at timestamptz, ip text, city text, region text, country text, latitude real, longitude real,
          device_type text, os text, browser text, user_agent text, referrer text, is_bot boolean, human_rank int)
      ), link AS (
        SELECT s.code, s.record_id, s.list_id, l.user_id, r.values
        FROM short_links s JOIN mailing_list_records r ON r.id = s.record_id JOIN mailing_lists l ON l.id = s.list_id
        WHERE s.code = ANY(ARRAY(SELECT DISTINCT code FROM d))
      ), agg AS (
        SELECT d.code, count(*) AS n, min(d.scanned_at) AS first_at, max(d.scanned_at) AS last_at
        FROM d JOIN link ON link.code = d.code WHERE NOT d.is_bot GROUP BY d.code
      ), upd AS (
        UPDATE short_links s SET scan_count = s.scan_count + agg.n,
          first_scanned_at = COALESCE(s.first_scanned_at, agg.first_at),
          last_scanned_at = GREATEST(COALESCE(s.last_scanned_at, agg.last_at), agg.last_at)
        FROM agg WHERE s.code = agg.code
        RETURNING s.code, s.scan_count - agg.n AS before
      ), ins AS (
        INSERT INTO scans (id, code, record_id, list_id, user_id, scanned_at, ip, city, region, country, latitude, longitude,
          device_type, os, browser, user_agent, referrer, is_bot, is_first)
        SELECT d.id, d.code, link.record_id, link.list_id, link.user_id, d.scanned_at, d.ip, d.city, d.region, d.country, d.latitude,
          d.longitude, d.device_type, d.os, d.browser, d.user_agent, d.referrer, d.is_bot, (NOT d.is_bot AND u.before = 0 AND d.human_rank = 1)
        FROM d JOIN link ON link.code = d.code LEFT JOIN upd u ON u.code = d.code
        RETURNING id, is_first
      )
      SELECT d.id, d.code, link.record_id, link.list_id, link.user_id, link.values, ins.is_first, COALESCE(u.before, 0) + d.human_rank AS scan_count,
        mr.distance, mr.duration, CASE WHEN mr.image_key IS NOT NULL THEN mr.image_token END AS image_token
      FROM d JOIN link ON link.code = d.code JOIN ins ON ins.id = d.id LEFT JOIN upd u ON u.code = d.code
      LEFT JOIN map_routes mr ON mr.record_id = link.record_id`;

/** Database access for scans. Reads are scoped to the owner by the caller's user id. */
/** Scans whose IP address one purge statement clears. */
const PURGE_BATCH = 5000;

export const scansRepo = {
  /**
   * Looks up the codes, stores the scans of live ones and counts the human scans on their short
   * links — ONE statement, so one plan and one commit per batch, atomic without a transaction.
   * The counter update locks each link row, so concurrent batches see each other's counts: a scan
   * is the first when its link had no human scan before this batch and it is the batch's first
   * human scan of that code. Requests for unknown or deleted codes store nothing and come back
   * absent. (Reads short_links, records and lists, the qr-codes and mailing-lists modules' tables:
   * the redirect's hot path.)
   */
  recordBatch: async (database: Database, inputs: ScanInput[]): Promise<StoredScan[]> => {
    if (inputs.length === 0) return [];
    const input = inputs.map((r) => ({
      id: r.id, code: r.code, scanned_at: r.scannedAt.toISOString(), ip: r.ip, city: r.city, region: r.region, country: r.country,
      latitude: r.latitude, longitude: r.longitude, device_type: r.deviceType, os: r.os, browser: r.browser, user_agent: r.userAgent,
      referrer: r.referrer, is_bot: r.isBot, human_rank: r.humanRank,
    }));
    const { rows } = await database.executePrepared('mc_record_scans_v2', RECORD_SCANS_SQL, [JSON.stringify(input)]);
    return rows.map((r) => ({
      id: String(r.id), code: String(r.code), recordId: String(r.record_id), listId: String(r.list_id), userId: String(r.user_id),
      values: jsonValue<string[]>(r.values), isFirst: !!r.is_first, scanCount: numberValue(r.scan_count),
      route: r.image_token && r.distance != null ? { distance: numberValue(r.distance), duration: numberValue(r.duration), imageToken: String(r.image_token) } : null,
    }));
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
      listId: String(r.id), name: String(r.name), rowCount: numberValue(r.row_count), total: numberValue(r.total), unique: numberValue(r.uniq), lastScanAt: isoOrNull(r.last_scan),
    })),

  /** Bot requests of a list. */
  botCount: async (db: Db, listId: string): Promise<number> =>
    numberValue(rowsOf(await db.execute(sql`SELECT count(*) AS n FROM scans WHERE list_id = ${listId}::uuid AND is_bot`))[0]?.n),

  /** Human and first scans per UTC day, oldest first. */
  byDay: async (db: Db, listId: string) =>
    rowsOf(await db.execute(sql`
      SELECT to_char(s.scanned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS total, count(*) FILTER (WHERE s.is_first) AS uniq
      FROM scans s WHERE s.list_id = ${listId}::uuid AND NOT s.is_bot GROUP BY 1 ORDER BY 1`))
      .map((r) => ({ date: String(r.day), total: numberValue(r.total), unique: numberValue(r.uniq) })),

  /**
   * Human scans of the list's records after their mail piece's in-home time (the latest before the scan, of the
   * owner's pieces of this list), by whole days after it (IN_HOME_DAYS_CAP and more in the last), fewest days first.
   */
  afterInHome: async (db: Db, userId: string, listId: string) =>
    rowsOf(await db.execute(sql`
      WITH homes AS (
        SELECT record_id, in_home_at FROM mail_pieces
        WHERE user_id = ${userId}::uuid AND list_id = ${listId}::uuid AND in_home_at IS NOT NULL AND record_id IS NOT NULL
      ), matched AS (
        SELECT s.id, s.scanned_at, max(h.in_home_at) AS home FROM scans s
        JOIN homes h ON h.record_id = s.record_id AND h.in_home_at <= s.scanned_at
        WHERE s.list_id = ${listId}::uuid AND NOT s.is_bot GROUP BY s.id, s.scanned_at
      )
      SELECT LEAST(${IN_HOME_DAYS_CAP}, floor(extract(epoch FROM scanned_at - home) / 86400))::int AS days, count(*) AS n
      FROM matched GROUP BY 1 ORDER BY 1`))
      .map((r) => ({ days: numberValue(r.days), scans: numberValue(r.n) })),

  /** The 10 places with the most human scans. */
  topLocations: async (db: Db, listId: string) =>
    rowsOf(await db.execute(sql`
      SELECT s.city, s.region, s.country, count(*) AS n FROM scans s WHERE s.list_id = ${listId}::uuid AND NOT s.is_bot
      GROUP BY 1, 2, 3 ORDER BY n DESC, 1, 2, 3 LIMIT 10`))
      .map((r) => ({ city: textOrNull(r.city), region: textOrNull(r.region), country: textOrNull(r.country), scans: numberValue(r.n) })),

  /** Human scans grouped by one of the device columns ('Unknown' for none). */
  countBy: async (db: Db, listId: string, column: 'device_type' | 'os' | 'browser') =>
    rowsOf(await db.execute(sql`
      SELECT COALESCE(s.${sql.raw(column)}, 'Unknown') AS name, count(*) AS n FROM scans s
      WHERE s.list_id = ${listId}::uuid AND NOT s.is_bot GROUP BY 1 ORDER BY n DESC, 1 LIMIT 20`))
      .map((r) => ({ name: String(r.name), scans: numberValue(r.n) })),

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
      total: rows.length ? numberValue(rows[0].total) : 0,
      records: rows.map((r) => ({
        recordId: String(r.record_id), scans: numberValue(r.n), firstAt: isoOrNull(r.first_at)!, lastAt: isoOrNull(r.last_at)!,
        headers: jsonValue<string[]>(r.headers), values: jsonValue<string[]>(r.values),
        mappings: jsonOrNull<Record<string, string>>(r.mappings),
        fieldSettings: jsonOrNull<{ capitalization?: Record<string, string> }>(r.field_settings),
      })),
    };
  },

  /** A page of a list's scans (bots included) for the CSV export, keyset on (scanned_at, id). */
  exportPage: async (db: Db, listId: string, after: { at: string; id: string } | null, limit: number): Promise<ScanWithRecord[]> =>
    rowsOf(await db.execute(sql`SELECT ${SCAN_WITH_RECORD}
      WHERE s.list_id = ${listId}::uuid ${after ? sql`AND (s.scanned_at, s.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      ORDER BY s.scanned_at, s.id LIMIT ${limit}`)).map(toScanWithRecord),

  /** Clears the IP address of scans older than `days` days (privacy, docs/requirements/scans-and-analytics.md#scan-recording). Returns how many. */
  purgeIps: async (db: Db, days: number): Promise<number> => {
    // Batches of PURGE_BATCH: the ids are picked once per statement (an InitPlan), then updated by
    // primary key, so no statement holds the database long whatever the table's size.
    let purged = 0;
    for (let n = PURGE_BATCH; n === PURGE_BATCH; purged += n) {
      const done = await db.execute(sql`UPDATE scans SET ip = NULL WHERE id = ANY(ARRAY(
        SELECT id FROM scans WHERE ip IS NOT NULL AND scanned_at < now() - make_interval(days => ${days}) LIMIT ${PURGE_BATCH}))`);
      n = (done as unknown as { rowCount: number | null }).rowCount ?? 0;
    }
    return purged;
  },
};
