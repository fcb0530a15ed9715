import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { numberValue, rowsOf } from '../db/raw-rows.js';

/** Job states of pg-boss that still have work to do. */
const OPEN_STATES = ['created', 'retry', 'active'];

/**
 * Whether the jobs named `name` whose payload contains `match` (jsonb containment, e.g.
 * `{ scans: [{ listId }] }`) have all finished and at least `completed` of them completed — so what
 * they write (a fan-out's deliveries) is written. Tests that assert nothing happened wait for this
 * (with `eventually`), never for a fixed time. A job that failed for good never counts as completed,
 * so a crashing fan-out makes the wait time out instead of passing.
 */
export async function jobsFinished(db: Db, name: string, match: object, completed: number): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`
    SELECT state::text AS state, count(*) AS n FROM pgboss.job
    WHERE name = ${name} AND data @> ${JSON.stringify(match)}::jsonb GROUP BY state`));
  const count = (states: string[]) => rows.filter((r) => states.includes(String(r.state))).reduce((n, r) => n + numberValue(r.n), 0);
  return count(OPEN_STATES) === 0 && count(['completed']) >= completed;
}

/** Which jobs `drainJobs` waits for. */
export type DrainOptions = {
  /** Only jobs of these queues (job ids, e.g. 'print.render') count; default every queue. */
  names?: string[];
  /**
   * Jobs due within this many milliseconds count too (default 0: only jobs due now). A job that
   * failed and waits a short `retry.delaySeconds` is work still to come: give the delay here, so a
   * test that asserts "no further run" waits for that retry instead of passing before it.
   */
  dueWithinMs?: number;
  /** Milliseconds before 'timed out' is thrown (default 30,000). */
  timeoutMs?: number;
};

/**
 * Runs the queue dry: resolves once no pg-boss job (of `names`, when given) is running, due, or
 * due within `dueWithinMs` — so everything the test started (mail, deliveries, fan-outs) has
 * happened or failed for good. Jobs scheduled for later (`startAfter` beyond `dueWithinMs`, cron
 * runs) do not count. Polls every 100 ms; throws 'timed out' after `timeoutMs` (a number as the
 * second argument is `timeoutMs`). Tests assert "nothing (more) happened" after this, never after
 * a fixed sleep.
 */
export async function drainJobs(db: Db, opts: DrainOptions | number = {}): Promise<void> {
  const { names, dueWithinMs = 0, timeoutMs = 30_000 } = typeof opts === 'number' ? { timeoutMs: opts } : opts;
  const ofNames = names?.length ? sql`AND name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})` : sql``;
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [row] = rowsOf(await db.execute(sql`
      SELECT count(*) AS n FROM pgboss.job
      WHERE (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now() + ${dueWithinMs}::int * interval '1 millisecond')) ${ofNames}`));
    if (numberValue(row?.n) === 0) return;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
