import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import type { TPrintCheck } from './print-api';

const fmt = (n: number) => n.toLocaleString('en-US');

/** The warning lines of a print check, as sentences (docs/requirements/workflow.md#clear-states-and-fast-pages). */
export function printCheckLines(check: TPrintCheck): string[] {
  const lines: string[] = [];
  if (check.unmapped_fields.length > 0) {
    const labels = check.unmapped_fields.map((f) => f.label).join(', ');
    lines.push(`The design prints ${labels}, but ${check.list.name} maps no column to ${check.unmapped_fields.length === 1 ? 'it' : 'them'}: ${check.unmapped_fields.length === 1 ? 'it prints' : 'they print'} empty on every piece.`);
  }
  const missing = check.missing_address;
  if (missing.records > 0) {
    const parts = missing.parts.map((p) => `${p.label} (${fmt(p.records)})`).join(', ');
    const examples = missing.examples.map((e) => `#${e.record}${e.name ? ` ${e.name}` : ''}`).join(', ');
    lines.push(`${fmt(missing.records)} of ${fmt(check.list.row_count)} records lack part of their address: ${parts}. First: ${examples}.`);
  }
  return lines;
}

/**
 * Warnings before printing (docs/requirements/workflow.md#clear-states-and-fast-pages): design fields the list does not map and records missing
 * address parts, with counts and a way to the mapping. Renders nothing when the check is clean.
 */
export function PrintCheckAlert({ check, projectId }: { check: TPrintCheck; projectId: string }) {
  const navigate = useNavigate();
  if (check.warnings === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title="Check before printing"
      data-testid="print-check"
      description={<ul className="print-check-lines">{printCheckLines(check).map((l) => <li key={l}>{l}</li>)}</ul>}
      action={(
        <Button size="small" onClick={() => navigate(`/upload?project=${projectId}&listId=${check.list.id}&step=mapping`)}>
          Review mapping
        </Button>
      )}
    />
  );
}
