import { apiErrorMessage, type ApiCallResult } from '../api-call';
import { groupOfPath } from './debug-checks';

/** What the API Debug tab says about a check (docs/requirements/print-on-demand-api.md#api-keys-tab Debug tab). */
export const DEBUG_MESSAGES = {
  ok: 'OK',
  checking: 'Checking…',
  skipped: 'Skipped: choose an API key',
  unreachable: 'No answer: the server may be down',
} as const;

/**
 * A row of the results table: the check's `path` and `description`, and its outcome — `status`
 * (HTTP status, null when not answered), `ms` (response time, milliseconds), `ok` (2xx), `result`
 * ('OK', the server's error message, or a DEBUG_MESSAGES text) and the answer's `body`.
 */
export type DebugRow = {
  id: string; path: string; description: string;
  state: 'pending' | 'done' | 'skipped';
  status: number | null; ms: number | null; ok: boolean; result: string; body: unknown;
};

type Check = { id: string; path: string; description: string };
const base = (c: Check) => ({ id: c.id, path: c.path, description: c.description, status: null, ms: null, ok: false, body: null });

/** A check still running. */
export const pendingRow = (c: Check): DebugRow => ({ ...base(c), state: 'pending', result: DEBUG_MESSAGES.checking });
/** A keyed check not run because no API key secret is known. */
export const skippedRow = (c: Check): DebugRow => ({ ...base(c), state: 'skipped', result: DEBUG_MESSAGES.skipped });
/** A check that got no answer (TransportError). */
export const unreachableRow = (c: Check): DebugRow => ({ ...base(c), state: 'done', result: DEBUG_MESSAGES.unreachable });

/** A check the API answered: 'OK' for 2xx, else the server's error message or 'HTTP {status}'. */
export function answeredRow(c: Check, r: ApiCallResult): DebugRow {
  const result = r.ok ? DEBUG_MESSAGES.ok : apiErrorMessage(r.body) ?? `HTTP ${r.status}`;
  return { ...base(c), state: 'done', status: r.status, ms: r.ms, ok: r.ok, result, body: r.body };
}

/** A group of rows with its counts: `working` answered 2xx, `tested` got an outcome (not pending or skipped). */
export type DebugGroup = { name: string; rows: DebugRow[]; working: number; tested: number; skipped: number; pending: number };

/** `rows` grouped by first path segment (groupOfPath), groups in order of first appearance, rows in order. */
export function groupRows(rows: readonly DebugRow[]): DebugGroup[] {
  const groups = new Map<string, DebugGroup>();
  for (const row of rows) {
    const name = groupOfPath(row.path);
    const g = groups.get(name) ?? { name, rows: [], working: 0, tested: 0, skipped: 0, pending: 0 };
    g.rows.push(row);
    if (row.state === 'done') g.tested += 1;
    if (row.state === 'done' && row.ok) g.working += 1;
    if (row.state === 'skipped') g.skipped += 1;
    if (row.state === 'pending') g.pending += 1;
    groups.set(name, g);
  }
  return [...groups.values()];
}

/** A group's header line: 'N of M working', then ' · K skipped' and ' · K checking' when there are any. */
export function groupSummary(g: DebugGroup): string {
  let text = `${g.working} of ${g.tested} working`;
  if (g.skipped) text += ` · ${g.skipped} skipped`;
  if (g.pending) text += ` · ${g.pending} checking`;
  return text;
}
