import { sql, type SQL } from 'drizzle-orm';
import type { DueOwners } from './fair-dispatcher.js';

/**
 * The two statements of a fair dispatcher over a table of due attempts — webhook and notification
 * deliveries, which share the columns `id`, `user_id` (the owner), `due_at` (when the next attempt
 * may start; while `sending`, when its lease ends; null when finished), `sending` and `attempts`,
 * and the partial indexes `(user_id, due_at) WHERE due_at IS NOT NULL` and `(user_id) WHERE
 * sending`. Both plans are bounded: one index probe per owner visited, and at most `perOwner` rows
 * read per owner; neither reads an owner's backlog.
 */

/** Below every owner id: where a walk over the owners starts. */
const FIRST_OWNER = '00000000-0000-0000-0000-000000000000';

/**
 * Owners with pending attempts after `after` (null: from the first), in id order, at most `limit`
 * of them — a loose index scan that takes each owner's earliest `due_at` in one probe. Rows:
 * `user_id`, `due` (an attempt is due now, by the database's clock) and `wait_ms` (milliseconds
 * until the earliest is due; 0 when due).
 */
export function dueOwnersSql(table: string, after: string | null, limit: number): SQL {
  const t = sql.identifier(table);
  return sql`
    WITH RECURSIVE owners(user_id, first_due, n) AS (
      (SELECT user_id, due_at, 1 FROM ${t} WHERE due_at IS NOT NULL AND user_id > ${after ?? FIRST_OWNER}::uuid ORDER BY user_id, due_at LIMIT 1)
      UNION ALL
      SELECT next.user_id, next.due_at, o.n + 1 FROM owners o CROSS JOIN LATERAL (
        SELECT user_id, due_at FROM ${t} WHERE due_at IS NOT NULL AND user_id > o.user_id ORDER BY user_id, due_at LIMIT 1
      ) next
      WHERE o.n < ${limit}
    )
    SELECT user_id, first_due <= now() AS due, greatest(0, ceil(extract(epoch FROM first_due - now()) * 1000))::bigint AS wait_ms
    FROM owners ORDER BY n`;
}

/**
 * Leases up to `limit` due attempts of `owners` (in the order given) until `leaseSeconds` from now,
 * round-robin: every owner's earliest due attempt first, in owner order, then every owner's second,
 * and so on — and none of an owner whose live leases already number `perOwner`. A lease that ran out
 * (its dispatcher died) is due again and taken over as the same attempt; otherwise `attempts` counts
 * the new one. Rows locked by another dispatcher are skipped. `set` adds the table's own columns
 * to set (e.g. `last_attempt_at = now()`). Rows: `id`, `user_id`, `rank` (the owner's 1st, 2nd … of
 * this claim) and `pos` (the owner's place in `owners`, from 1).
 */
export function claimDueSql(table: string, owners: string[], opts: { limit: number; perOwner: number; leaseSeconds: number; set?: SQL }): SQL {
  const t = sql.identifier(table);
  // A PostgreSQL array literal: the owners are uuids read from the table.
  const ownerArray = `{${owners.join(',')}}`;
  return sql`
    WITH o AS (
      SELECT u.user_id, u.pos,
        ${opts.perOwner}::int - (SELECT count(*) FROM ${t} f WHERE f.user_id = u.user_id AND f.sending AND f.due_at > now())::int AS slots
      FROM unnest(${ownerArray}::uuid[]) WITH ORDINALITY AS u(user_id, pos)
    ), picked AS MATERIALIZED (
      SELECT p.id, p.due_at, o.pos FROM o CROSS JOIN LATERAL (
        SELECT x.id, x.due_at FROM ${t} x WHERE x.user_id = o.user_id AND x.due_at <= now()
        ORDER BY x.due_at LIMIT greatest(least(o.slots, ${opts.limit}::int), 0)
        FOR UPDATE SKIP LOCKED
      ) p
    ), chosen AS (
      SELECT id, pos, row_number() OVER (PARTITION BY pos ORDER BY due_at) AS rank FROM picked
      ORDER BY rank, pos LIMIT ${opts.limit}::int
    )
    UPDATE ${t} d SET sending = true, due_at = now() + make_interval(secs => ${opts.leaseSeconds}::int),
      attempts = CASE WHEN d.sending THEN d.attempts ELSE d.attempts + 1 END${opts.set ? sql`, ${opts.set}` : sql``}
    FROM chosen WHERE d.id = chosen.id
    RETURNING d.id, d.user_id, chosen.rank, chosen.pos`;
}

/** The rows of `dueOwnersSql` as a dispatcher's look: who is due, when the next one is, where to go on. */
export function readDueOwners(rows: Array<Record<string, unknown>>, limit: number): DueOwners {
  const waits = rows.filter((r) => !r.due).map((r) => Number(r.wait_ms));
  return {
    due: rows.filter((r) => r.due).map((r) => String(r.user_id)),
    nextDueMs: waits.length ? Math.min(...waits) : null,
    continueAfter: rows.length >= limit ? String(rows[rows.length - 1].user_id) : null,
  };
}

/** The ids of the rows `claimDueSql` leased, in claim order (round-robin between owners). */
export function readClaimed(rows: Array<Record<string, unknown>>): string[] {
  return rows.map((r) => ({ id: String(r.id), rank: Number(r.rank), pos: Number(r.pos) }))
    .sort((a, b) => a.rank - b.rank || a.pos - b.pos).map((r) => r.id);
}
