import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jsonOrNull, jsonValue, rowsOf } from '../../db/raw-rows.js';
import { qrConfigs } from '../../db/schema/index.js';
import { newShortCodes } from './short-codes.js';

export type QrConfigRow = typeof qrConfigs.$inferSelect;

/** What every scan of one list needs: owner, name, headers, mapping and QR configuration. */
export type ListLinkContext = {
  listId: string;
  userId: string;
  listName: string;
  headers: string[];
  mappings: Record<string, string> | null;
  fieldSettings: { capitalization?: Record<string, string> } | null;
  baseUrl: string | null;
  variableMapping: QrConfigRow['variableMapping'] | null;
};

const ENSURE_BATCH = 5000;


/** Database access for QR configurations and short links (queries scoped by the caller's checks). */
/** Links the list's records matching `where` (at most ENSURE_BATCH of them) that have none; retries collided codes. */
async function linkMissing(db: Db, listId: string, where: SQL): Promise<number> {
  let created = 0;
  for (;;) {
    const missing = rowsOf(await db.execute(sql`
      SELECT r.id FROM mailing_list_records r
      WHERE r.list_id = ${listId}::uuid ${where} AND NOT EXISTS (SELECT 1 FROM short_links s WHERE s.record_id = r.id)
      LIMIT ${ENSURE_BATCH}`)).map((r) => String(r.id));
    if (missing.length === 0) return created;
    const codes = newShortCodes(missing.length);
    const rows = missing.map((id, i) => ({ code: codes[i], record_id: id }));
    const inserted = rowsOf(await db.execute(sql`
      INSERT INTO short_links (code, record_id, list_id)
      SELECT d.code, d.record_id, ${listId}::uuid FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS d(code text, record_id uuid)
      ON CONFLICT DO NOTHING RETURNING code`));
    created += inserted.length;
  }
}

export const qrCodesRepo = {
  /** The list's configuration, if saved. */
  findConfig: async (db: Db, listId: string): Promise<QrConfigRow | undefined> =>
    (await db.select().from(qrConfigs).where(eq(qrConfigs.listId, listId)).limit(1))[0],

  /** Creates or replaces the list's configuration; `created_at` stays that of the first save. */
  upsertConfig: async (db: Db, values: Pick<QrConfigRow, 'listId' | 'userId' | 'baseUrl' | 'variableMapping' | 'style'>): Promise<QrConfigRow> =>
    (await db.insert(qrConfigs).values(values).onConflictDoUpdate({
      target: qrConfigs.listId,
      set: { baseUrl: values.baseUrl, variableMapping: values.variableMapping, style: values.style, updatedAt: new Date() },
    }).returning())[0],

  /**
   * Gives every record of the list — or only `recordIds` of it — a short link: codes from a
   * CSPRNG, inserted in batches of ENSURE_BATCH records; a code that collides (or a record linked
   * meanwhile by another call) is retried with a new code. A whole list is walked in keyset ranges
   * of `row_index` (contiguous per list), so no pass re-reads the records already linked. Returns
   * how many links were created.
   */
  ensureLinks: async (db: Db, listId: string, recordIds?: string[]): Promise<number> => {
    if (recordIds) return linkMissing(db, listId, sql`AND r.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(recordIds)}::jsonb)::uuid)`);
    const last = rowsOf(await db.execute(sql`SELECT row_index FROM mailing_list_records WHERE list_id = ${listId}::uuid ORDER BY row_index DESC LIMIT 1`))[0];
    if (!last) return 0;
    let created = 0;
    for (let from = 0; from <= Number(last.row_index); from += ENSURE_BATCH) {
      created += await linkMissing(db, listId, sql`AND r.row_index >= ${from} AND r.row_index < ${from + ENSURE_BATCH}`);
    }
    return created;
  },

  /** Record id → code for the given records of one list. */
  codesFor: async (db: Db, listId: string, recordIds: string[]): Promise<Map<string, string>> => {
    if (recordIds.length === 0) return new Map();
    const rows = rowsOf(await db.execute(sql`
      SELECT record_id, code FROM short_links
      WHERE list_id = ${listId}::uuid AND record_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(recordIds)}::jsonb)::uuid)`));
    return new Map(rows.map((r) => [String(r.record_id), String(r.code)]));
  },

  /** Owner, name, headers, mapping and QR configuration of each list. */
  listContexts: async (db: Db, listIds: string[]): Promise<ListLinkContext[]> =>
    rowsOf(await db.execute(sql`
      SELECT l.id, l.user_id, l.name, l.headers, m.mappings, m.field_settings, q.base_url, q.variable_mapping
      FROM mailing_lists l LEFT JOIN column_mappings m ON m.list_id = l.id LEFT JOIN qr_configs q ON q.list_id = l.id
      WHERE l.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(listIds)}::jsonb)::uuid)`)).map((r) => ({
      listId: String(r.id),
      userId: String(r.user_id),
      listName: String(r.name),
      headers: jsonValue<string[]>(r.headers),
      mappings: jsonOrNull(r.mappings),
      fieldSettings: jsonOrNull(r.field_settings),
      baseUrl: r.base_url == null ? null : String(r.base_url),
      variableMapping: jsonOrNull(r.variable_mapping),
    })),
};

