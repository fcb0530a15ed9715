import { statusTone } from '../test-api/status-tone';
import { groupRows, groupSummary, type DebugRow } from './debug-results';

/** One group's table: a plain HTML table (antd Table is too heavy for this tab). */
function GroupTable({ name, rows, summary }: { name: string; rows: DebugRow[]; summary: string }) {
  return (
    <section className="pod-debug-group" aria-label={name}>
      <div className="pod-debug-group-head">
        <h5>{name}</h5>
        <span className="pod-debug-count">{summary}</span>
      </div>
      <div className="pod-debug-scroll">
        <table className="pod-debug-table" aria-label={`${name} checks`}>
          <thead>
            <tr><th scope="col">URL</th><th scope="col">Description</th><th scope="col">Status</th><th scope="col">Time</th><th scope="col">Result</th></tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className={`is-${r.state}`}>
                <td><code>{r.path}</code></td>
                <td>{r.description}</td>
                <td>{r.status === null ? '—' : <span className={`pod-debug-status is-${statusTone(r.status)}`}>{r.status}</span>}</td>
                <td>{r.ms === null ? '—' : `${r.ms} ms`}</td>
                <td className={r.ok ? 'pod-debug-ok' : undefined}>{r.result}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The API Debug results (docs/requirements/print-on-demand-api.md#screens): one table per first path segment (groupRows), its header
 * 'N of M working' (working: answered 2xx; M: checks that got an outcome, skipped and running ones
 * counted apart), with URL, description, status, time (ms) and result (OK or the error message).
 */
export function DebugResultsTables({ rows }: { rows: readonly DebugRow[] }) {
  return (
    <div className="pod-debug-groups">
      {groupRows(rows).map((g) => <GroupTable key={g.name} name={g.name} rows={g.rows} summary={groupSummary(g)} />)}
    </div>
  );
}
