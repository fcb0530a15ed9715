import { and, asc, desc, eq, gt, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailingListRecords, mailingLists } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';
import { preparedPerDb } from '../../db/prepared.js';
import { numberValue, rowsOf } from '../../db/raw-rows.js';

export type MailingListRow = typeof mailingLists.$inferSelect;
export type RecordRow = { id: string; rowIndex: number; values: string[] };
/** A record with its address-check edits (docs/requirements/print.md#print): accepted fixes, excluded from printing, issue codes ignored. */
export type EditedRecordRow = RecordRow & { overrides: Record<string, string>; excluded: boolean; ignoredIssues: string[] };

/**
 * A search of a list's records: `pattern` an ILIKE pattern (its own % _ \ escaped) for one
 * column's value (`column`, 0-based) or any value (null); `contains` the search text itself, for
 * the trigram pre-filter.
 */
export type RecordMatch = { pattern: string | null; column: number | null; contains?: string };

/** What a search needs of its list: whether all its records are in the search index. */
type SearchedList = { id: string; searchReady: boolean };

/**
 * The SQL condition of a search. Once the list is in the search index (`indexed`), the trigram
 * index over `values::text` (migration 0015) finds the records whose text holds the search text,
 * and the exact condition then checks the value itself: one column's value, or any value. Without
 * the index, and for text the JSON form would escape (quotes, backslashes, control characters),
 * the exact condition reads every record of the list; under three characters the index narrows nothing.
 */
function recordMatches(match: RecordMatch, indexed: boolean) {
  const exact = match.column === null
    ? sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(${mailingListRecords.values}) AS v(value) WHERE v.value ILIKE ${match.pattern})`
    : sql`(${mailingListRecords.values} ->> ${match.column}::int) ILIKE ${match.pattern}`;
  const prefilter = indexed ? trigramPattern(match.contains) : null;
  return prefilter ? and(mailingListRecords.searchIndexed, sql`${mailingListRecords.values}::text ILIKE ${prefilter}`, exact) : exact;
}

/** The trigram pre-filter's ILIKE pattern for search text, or null when the JSON form would escape it (quotes, backslashes, control characters). */
function trigramPattern(text: string | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  if (!text || /["\\\u0000-\u001f]/.test(text)) return null;
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const recordColumns = { id: mailingListRecords.id, rowIndex: mailingListRecords.rowIndex, values: mailingListRecords.values };
/**
 * A record with its address-check edits (docs/requirements/print.md#print): overrides (standard field → value), whether it
 * is excluded from printing, and the issue codes the user ignored (print reads them too and leaves them be).
 */
const editedRecordColumns = {
  ...recordColumns, overrides: mailingListRecords.overrides, excluded: mailingListRecords.excluded, ignoredIssues: mailingListRecords.ignoredIssues,
};

/**
 * A page of an indexed list's search, prepared (the public API's recipient search runs it on every
 * call): `any` matches any value, `field` the value in column `column`; both pre-filtered by the
 * trigram index. Placeholders: listId, afterRow (-1 from the start), contains (trigramPattern), pattern, column, offset, limit.
 */
const indexedSearchPage = preparedPerDb((db) => {
  const page = (exact: SQL, name: string) => db.select(editedRecordColumns).from(mailingListRecords)
    .where(and(
      eq(mailingListRecords.listId, sql.placeholder('listId')), mailingListRecords.searchIndexed,
      gt(mailingListRecords.rowIndex, sql.placeholder('afterRow')),
      sql`${mailingListRecords.values}::text ILIKE ${sql.placeholder('contains')}`, exact,
    ))
    .orderBy(asc(mailingListRecords.rowIndex)).offset(sql.placeholder('offset')).limit(sql.placeholder('limit'))
    .prepare(name);
  return {
    any: page(sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(${mailingListRecords.values}) AS v(value) WHERE v.value ILIKE ${sql.placeholder('pattern')})`, 'records_search_any'),
    field: page(sql`(${mailingListRecords.values} ->> ${sql.placeholder('column')}::int) ILIKE ${sql.placeholder('pattern')}`, 'records_search_field'),
  };
});

/** The text in 0-based column `column` of a record's values (null past its end). */
const columnText = (column: number) => sql<string | null>`${mailingListRecords.values}->>${sql.raw(String(Math.trunc(column)))}`;

/**
 * Database access for mailing lists and their records. Every read of a list
 * is scoped to its owner (docs/architecture.md#security-baseline).
 */
/** The statement of `indexSearchRange` (its plan is asserted by a test). */
export const indexSearchRangeStatement = (listId: string, from: number, count: number) => sql`UPDATE mailing_list_records SET search_indexed = true
  WHERE list_id = ${listId} AND row_index >= ${from} AND row_index < ${from + count} AND NOT search_indexed`;

export const mailingListsRepo = {
  /** The user's lists, newest first. */
  listByUser: async (db: Db, userId: string): Promise<MailingListRow[]> =>
    db.select().from(mailingLists).where(eq(mailingLists.userId, userId)).orderBy(desc(mailingLists.createdAt), desc(mailingLists.id)),

  /** One list of the user, or undefined (also for a malformed id). */
  findOwned: async (db: Db, userId: string, listId: string): Promise<MailingListRow | undefined> => {
    if (!isUuid(listId)) return undefined;
    return (await db.select().from(mailingLists).where(and(eq(mailingLists.id, listId), eq(mailingLists.userId, userId))).limit(1))[0];
  },

  create: async (db: Db, values: typeof mailingLists.$inferInsert): Promise<MailingListRow> =>
    (await db.insert(mailingLists).values(values).returning())[0],

  /** Sets the final row count and headers once every record is in. */
  finish: async (db: Db, listId: string, rowCount: number, headers: string[]) =>
    db.update(mailingLists).set({ rowCount, headers }).where(eq(mailingLists.id, listId)),

  rename: async (db: Db, listId: string, name: string): Promise<MailingListRow> =>
    (await db.update(mailingLists).set({ name }).where(eq(mailingLists.id, listId)).returning())[0],

  setFileKey: async (db: Db, listId: string, fileKey: string | null) =>
    db.update(mailingLists).set({ fileKey }).where(eq(mailingLists.id, listId)),

  /**
   * Inserts the rows of `rowsJson` (a JSON array of arrays of strings) as records `startIndex`, `startIndex + 1`, … in
   * one statement: the rows travel as one jsonb array and are unpacked by the database (docs/decisions/README.md#records:
   * 100k rows in 1.5 s on PGlite at 10k rows per call; row-at-a-time took 32 s).
   */
  insertRecords: async (db: Db, listId: string, startIndex: number, rowsJson: string) =>
    db.execute(sql`
      INSERT INTO ${mailingListRecords} ("list_id", "row_index", "values")
      SELECT ${listId}::uuid, ${startIndex}::int + (e.ord::int - 1), e.value
      FROM jsonb_array_elements(${rowsJson}::jsonb) WITH ORDINALITY AS e(value, ord)`),

  /** Records `offset … offset + limit - 1` in list order (row_index is contiguous from 0). */
  readRecords: async (db: Db, listId: string, offset: number, limit: number): Promise<RecordRow[]> =>
    db
      .select({ id: mailingListRecords.id, rowIndex: mailingListRecords.rowIndex, values: mailingListRecords.values })
      .from(mailingListRecords)
      .where(and(eq(mailingListRecords.listId, listId), gte(mailingListRecords.rowIndex, offset)))
      .orderBy(mailingListRecords.rowIndex)
      .limit(limit),

  /**
   * Up to `limit` records, in list order, with a value containing `text` (case-insensitive; LIKE
   * wildcards in `text` are literal).
   */
  searchRecords: async (db: Db, list: SearchedList, text: string, limit: number): Promise<RecordRow[]> => {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return db
      .select({ id: mailingListRecords.id, rowIndex: mailingListRecords.rowIndex, values: mailingListRecords.values })
      .from(mailingListRecords)
      .where(and(eq(mailingListRecords.listId, list.id), recordMatches({ pattern, column: null, contains: text }, list.searchReady)))
      .orderBy(asc(mailingListRecords.rowIndex))
      .limit(limit);
  },

  /**
   * A page of a list's records, with their address-check edits, matching `pattern` (SQL LIKE,
   * case-insensitive) in column `column` (0-based; every value when null), with how many match in
   * all (-1, uncounted, when `pattern` is null: every record matches). The page starts after
   * record `afterRow` (a row index; keyset, for the API's cursors), then skips `offset` matches.
   */
  recordPage: async (db: Db, list: SearchedList, match: RecordMatch, offset: number, limit: number, afterRow = -1): Promise<{ rows: EditedRecordRow[]; matching: number }> => {
    const where = and(eq(mailingListRecords.listId, list.id), match.pattern === null ? undefined : recordMatches(match, list.searchReady));
    const contains = list.searchReady ? trigramPattern(match.contains) : null;
    const rows = match.pattern !== null && contains
      ? await indexedSearchPage(db)[match.column === null ? 'any' : 'field'].execute({
        listId: list.id, afterRow, contains, pattern: match.pattern, column: match.column ?? 0, offset, limit,
      }) as EditedRecordRow[]
      : await db.select(editedRecordColumns).from(mailingListRecords).where(and(where, gt(mailingListRecords.rowIndex, afterRow)))
        .orderBy(asc(mailingListRecords.rowIndex)).offset(offset).limit(limit);
    // Without a search the list's row count is the answer (-1: uncounted); a first page that is not
    // full holds every match; otherwise count.
    if (match.pattern === null) return { rows, matching: -1 };
    if (offset === 0 && afterRow < 0 && rows.length < limit) return { rows, matching: rows.length };
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(mailingListRecords).where(where);
    return { rows, matching: Number(count.n) };
  },

  /**
   * Appends `rows` (values in header order) after the list's last record in one transaction that
   * holds the list's row, so concurrent appends never share a row index. Answers the new row count.
   */
  appendRecords: async (db: Db, listId: string, rows: string[][]): Promise<number> =>
    db.transaction(async (tx) => {
      const [locked] = await tx.select({ rowCount: mailingLists.rowCount }).from(mailingLists).where(eq(mailingLists.id, listId)).for('update');
      await mailingListsRepo.insertRecords(tx, listId, locked.rowCount, JSON.stringify(rows));
      const rowCount = locked.rowCount + rows.length;
      // The new records are outside the search index until the sweep brings them in.
      await tx.update(mailingLists).set({ rowCount, searchReady: false }).where(eq(mailingLists.id, listId));
      return rowCount;
    }),

  /** A record of any of the user's lists with its list id, or undefined. */
  recordOfUser: async (db: Db, userId: string, recordId: string): Promise<(RecordRow & { listId: string }) | undefined> => {
    if (!isUuid(recordId)) return undefined;
    return (await db.select({ id: mailingListRecords.id, rowIndex: mailingListRecords.rowIndex, values: mailingListRecords.values, listId: mailingListRecords.listId })
      .from(mailingListRecords).innerJoin(mailingLists, eq(mailingLists.id, mailingListRecords.listId))
      .where(and(eq(mailingListRecords.id, recordId), eq(mailingLists.userId, userId))).limit(1))[0];
  },

  /** One record of the list, or undefined (also for a malformed id). */
  record: async (db: Db, listId: string, recordId: string): Promise<RecordRow | undefined> => {
    if (!isUuid(recordId)) return undefined;
    return (await db.select({ id: mailingListRecords.id, rowIndex: mailingListRecords.rowIndex, values: mailingListRecords.values })
      .from(mailingListRecords).where(and(eq(mailingListRecords.listId, listId), eq(mailingListRecords.id, recordId))).limit(1))[0];
  },

  delete: async (db: Db, userId: string, listId: string) =>
    db.delete(mailingLists).where(and(eq(mailingLists.id, listId), eq(mailingLists.userId, userId))),

  /**
   * The list's records in list order from record `from` (0-based), `batchSize` at a time (keyset
   * on row_index), so a whole list is never in memory. Stops after `limit` records when given.
   * With `printable`, records excluded from printing are skipped (`limit` counts the records read).
   */
  async *recordBatches(db: Db, listId: string, batchSize: number, limit = Infinity, from = 0, opts: { printable?: boolean } = {}) {
    const printable = opts.printable ? eq(mailingListRecords.excluded, false) : undefined;
    let after = from - 1;
    let read = 0;
    while (read < limit) {
      const rows = await db
        .select(editedRecordColumns)
        .from(mailingListRecords)
        .where(and(eq(mailingListRecords.listId, listId), gt(mailingListRecords.rowIndex, after), printable))
        .orderBy(asc(mailingListRecords.rowIndex))
        .limit(Math.min(batchSize, limit - read));
      if (rows.length === 0) return;
      read += rows.length;
      after = rows[rows.length - 1].rowIndex;
      yield rows;
    }
  },

  /**
   * Every record of the list with its edits, in list order, `batchSize` at a time, each batch read
   * as one JSON text (`json_agg`) and parsed at once: for a whole list this is about twice as fast
   * as a row per record on PGlite (the address check reads 100,000 records in 3 s, docs/requirements/print.md#print).
   */
  async *editedRecordsAsJson(db: Db, listId: string, batchSize: number): AsyncGenerator<EditedRecordRow[]> {
    let after = -1;
    for (;;) {
      const res = await db.execute(sql`SELECT coalesce(json_agg(json_build_array(id, row_index, "values", overrides, excluded, ignored_issues) ORDER BY row_index), '[]')::text AS page
        FROM (SELECT * FROM mailing_list_records WHERE list_id = ${listId} AND row_index > ${after} ORDER BY row_index LIMIT ${batchSize}) AS r`);
      const page = JSON.parse((rowsOf(res)[0] as { page: string }).page) as Array<[string, number, string[], Record<string, string>, boolean, string[]]>;
      if (page.length === 0) return;
      after = page[page.length - 1][1];
      yield page.map(([id, rowIndex, values, overrides, excluded, ignoredIssues]) => ({ id, rowIndex, values, overrides, excluded, ignoredIssues }));
      if (page.length < batchSize) return;
    }
  },

  /**
   * The printable records' row indexes with the text in column `column` (0-based), in list order:
   * the presort `sequence` of each record (docs/requirements/print.md#print), read without the rest of the record.
   */
  sequenceKeys: async (db: Db, listId: string, column: number): Promise<Array<{ rowIndex: number; key: string | null }>> =>
    db.select({ rowIndex: mailingListRecords.rowIndex, key: columnText(column) })
      .from(mailingListRecords)
      .where(and(eq(mailingListRecords.listId, listId), eq(mailingListRecords.excluded, false)))
      .orderBy(asc(mailingListRecords.rowIndex)),

  /**
   * As `sequenceKeys`, with each record's presort tray and presort date — the texts in columns
   * `tray` and `date` (0-based; date null when not mapped) — for tray-break sheets (docs/requirements/print.md#print).
   */
  trayKeys: async (db: Db, listId: string, column: number, tray: number, date: number | null) =>
    db.select({
      rowIndex: mailingListRecords.rowIndex, key: columnText(column), tray: columnText(tray),
      date: date === null ? sql<string | null>`null` : columnText(date),
    })
      .from(mailingListRecords)
      .where(and(eq(mailingListRecords.listId, listId), eq(mailingListRecords.excluded, false)))
      .orderBy(asc(mailingListRecords.rowIndex)),

  /** The list's records at `rowIndexes`, with their edits, in the order of `rowIndexes`. */
  recordsAtRows: async (db: Db, listId: string, rowIndexes: number[]): Promise<EditedRecordRow[]> => {
    if (rowIndexes.length === 0) return [];
    const rows = await db.select(editedRecordColumns).from(mailingListRecords)
      .where(and(eq(mailingListRecords.listId, listId), inArray(mailingListRecords.rowIndex, rowIndexes)));
    const byRow = new Map(rows.map((r) => [r.rowIndex, r]));
    return rowIndexes.flatMap((i) => byRow.get(i) ?? []);
  },

  /** How many of the list's records print (not excluded, docs/requirements/print.md#print). */
  printableCount: async (db: Db, listId: string): Promise<number> => {
    const [row] = await db.select({ n: sql<number>`count(*)` }).from(mailingListRecords)
      .where(and(eq(mailingListRecords.listId, listId), eq(mailingListRecords.excluded, false)));
    return Number(row.n);
  },

  /** The list's records among `ids` (others ignored), in list order, with their edits. */
  recordsByIds: async (db: Db, listId: string, ids: string[]): Promise<EditedRecordRow[]> => {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    return db.select(editedRecordColumns).from(mailingListRecords)
      .where(and(eq(mailingListRecords.listId, listId), inArray(mailingListRecords.id, valid))).orderBy(asc(mailingListRecords.rowIndex));
  },

  /** Merges each entry's overrides into its record's (one statement); answers how many records changed. */
  mergeOverrides: async (db: Db, listId: string, entries: Array<{ id: string; overrides: Record<string, string> }>): Promise<number> => {
    if (entries.length === 0) return 0;
    const done = await db.execute(sql`UPDATE mailing_list_records AS r SET overrides = r.overrides || e.overrides
      FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS e(id uuid, overrides jsonb)
      WHERE r.list_id = ${listId} AND r.id = e.id RETURNING r.id`);
    return rowsOf(done).length;
  },

  /** Clears the overrides of the list's records among `ids`; answers how many had any. */
  clearOverrides: async (db: Db, listId: string, ids: string[]): Promise<number> => {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return 0;
    return (await db.update(mailingListRecords).set({ overrides: {} })
      .where(and(eq(mailingListRecords.listId, listId), inArray(mailingListRecords.id, valid), sql`${mailingListRecords.overrides} <> '{}'::jsonb`))
      .returning({ id: mailingListRecords.id })).length;
  },

  /** Excludes the list's records among `ids` from printing, or brings them back; answers how many changed. */
  setExcluded: async (db: Db, listId: string, ids: string[], excluded: boolean): Promise<number> => {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return 0;
    return (await db.update(mailingListRecords).set({ excluded })
      .where(and(eq(mailingListRecords.listId, listId), inArray(mailingListRecords.id, valid), eq(mailingListRecords.excluded, !excluded)))
      .returning({ id: mailingListRecords.id })).length;
  },

  /**
   * Adds `codes` (known issue codes, at least one) to the ignored issues of the list's records among
   * `ids`, each record's set kept deduplicated and sorted; answers how many records changed (those
   * that already ignored every code do not).
   */
  ignoreIssues: async (db: Db, listId: string, ids: string[], codes: string[]): Promise<number> => {
    const valid = ids.filter(isUuid);
    if (valid.length === 0 || codes.length === 0) return 0;
    const added = JSON.stringify([...new Set(codes)]);
    return (await db.update(mailingListRecords)
      .set({ ignoredIssues: sql`(SELECT jsonb_agg(DISTINCT e.code ORDER BY e.code) FROM jsonb_array_elements_text(${mailingListRecords.ignoredIssues} || ${added}::jsonb) AS e(code))` })
      .where(and(eq(mailingListRecords.listId, listId), inArray(mailingListRecords.id, valid), sql`NOT (${mailingListRecords.ignoredIssues} @> ${added}::jsonb)`))
      .returning({ id: mailingListRecords.id })).length;
  },

  /**
   * Removes `codes` from the ignored issues of the list's records among `ids` — every ignored issue
   * when `codes` is undefined; answers how many records changed.
   */
  unignoreIssues: async (db: Db, listId: string, ids: string[], codes?: string[]): Promise<number> => {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return 0;
    const removed = codes === undefined ? null : JSON.stringify([...new Set(codes)]);
    const change = removed === null
      ? { value: sql`'[]'::jsonb`, when: sql`${mailingListRecords.ignoredIssues} <> '[]'::jsonb` }
      : {
        value: sql`${mailingListRecords.ignoredIssues} - ARRAY(SELECT jsonb_array_elements_text(${removed}::jsonb))`,
        when: sql`${mailingListRecords.ignoredIssues} ?| ARRAY(SELECT jsonb_array_elements_text(${removed}::jsonb))`,
      };
    return (await db.update(mailingListRecords).set({ ignoredIssues: change.value })
      .where(and(eq(mailingListRecords.listId, listId), inArray(mailingListRecords.id, valid), change.when))
      .returning({ id: mailingListRecords.id })).length;
  },

  /**
   * The first and last `row_index` of a list's records outside the search index, or null when
   * all are in. Two primary-key scans that stop at the first match (no sort, no rescan).
   */
  unindexedSpan: async (db: Db, listId: string): Promise<{ first: number; last: number } | null> => {
    const r = rowsOf(await db.execute(sql`SELECT
      (SELECT row_index FROM mailing_list_records WHERE list_id = ${listId} AND NOT search_indexed ORDER BY row_index LIMIT 1) AS first,
      (SELECT row_index FROM mailing_list_records WHERE list_id = ${listId} AND NOT search_indexed ORDER BY row_index DESC LIMIT 1) AS last`))[0];
    return r?.first == null ? null : { first: numberValue(r.first), last: numberValue(r.last) };
  },

  /**
   * Brings the list's records with `row_index` in [from, from + count) into the search index and
   * answers how many changed. A keyset range on the primary key: its plan cannot go quadratic
   * whatever the planner's statistics say (no `IN (SELECT … LIMIT)`).
   */
  indexSearchRange: async (db: Db, listId: string, from: number, count: number): Promise<number> => {
    const done = await db.execute(indexSearchRangeStatement(listId, from, count));
    return (done as unknown as { rowCount: number | null }).rowCount ?? 0;
  },

  /** Marks the list search-ready unless records outside the index remain (appended meanwhile). */
  markSearchReady: async (db: Db, listId: string): Promise<void> => {
    await db.update(mailingLists).set({ searchReady: sql`NOT EXISTS (SELECT 1 FROM mailing_list_records WHERE list_id = ${listId} AND NOT search_indexed)` })
      .where(eq(mailingLists.id, listId));
  },

  /** Lists with records outside the search index (the sweep's work), oldest first. */
  listsToIndex: async (db: Db, limit: number): Promise<string[]> =>
    (await db.select({ id: mailingLists.id }).from(mailingLists).where(eq(mailingLists.searchReady, false)).orderBy(asc(mailingLists.createdAt)).limit(limit)).map((r) => r.id),

};
