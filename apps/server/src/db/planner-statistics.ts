import type { Database } from './client.js';

/** The tables a bulk write may refresh (named here so no caller builds SQL from a string). */
export type AnalyzedTable = 'mailing_list_records' | 'mailing_lists' | 'map_routes' | 'geocode_cache' | 'mail_pieces' | 'tracking_events';

/**
 * Refreshes the planner's statistics of `tables` after a bulk write. PGlite runs no autovacuum, so
 * without this its statistics stay whatever the last ANALYZE left and a plan chosen for an empty
 * table can go quadratic on a full one; PostgreSQL's autovacuum does it there, so this is a no-op.
 */
export async function refreshPlannerStatistics(database: Pick<Database, 'kind' | 'executeSql'>, tables: AnalyzedTable[]): Promise<void> {
  if (database.kind !== 'pglite' || tables.length === 0) return;
  await database.executeSql(`ANALYZE ${[...new Set(tables)].join(', ')}`);
}
