/**
 * Reading rows of raw SQL (`db.execute(sql…)`): node-postgres and PGlite both answer `{ rows }`,
 * but type and parse a few columns differently (jsonb may arrive as text, timestamps as Date or
 * text, counts as strings). These helpers read one shape from either.
 */
export type RawRow = Record<string, unknown>;

/** The rows of a `db.execute` result. */
export const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;
/** A jsonb column, parsed if it came as text. */
export const jsonValue = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) as T : v as T);
/** A nullable jsonb column. */
export const jsonOrNull = <T>(v: unknown): T | null => (v == null ? null : jsonValue<T>(v));
/** A count or number column (bigint counts arrive as strings); null → 0. */
export const numberValue = (v: unknown): number => Number(v ?? 0);
/** A nullable text column. */
export const textOrNull = (v: unknown): string | null => (v == null ? null : String(v));
/** A nullable timestamp column as ISO 8601. */
export const isoOrNull = (v: unknown): string | null => (v == null ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());
