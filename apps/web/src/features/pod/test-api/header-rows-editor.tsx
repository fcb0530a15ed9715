import { Button, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { newHeaderRow, type HeaderRow } from './header-rows';

/**
 * The Advanced sub-tab's custom header rows (docs/requirements/print-on-demand-api.md#screens Test API): a name and a value per
 * row, 'Add header' and a remove button per row. X-API-Key, Accept and Content-Type are set by the
 * tab (RESERVED_HEADERS); an Idempotency-Key is sent only when added here.
 */
export function HeaderRowsEditor({ rows, onChange }: { rows: HeaderRow[]; onChange: (rows: HeaderRow[]) => void }) {
  const edit = (id: number, change: Partial<HeaderRow>) => onChange(rows.map((r) => (r.id === id ? { ...r, ...change } : r)));
  return (
    <fieldset className="pod-field pod-test-headers">
      <legend className="pod-label">Custom Headers</legend>
      {rows.map((row, i) => (
        <div className="pod-inline" key={row.id}>
          <Input aria-label={`Header ${i + 1} name`} placeholder="Header name, e.g. Idempotency-Key" value={row.name} autoComplete="off"
            spellCheck={false} onChange={(e) => edit(row.id, { name: e.target.value })} />
          <Input aria-label={`Header ${i + 1} value`} placeholder="Value" value={row.value} autoComplete="off" spellCheck={false}
            onChange={(e) => edit(row.id, { value: e.target.value })} />
          <Button aria-label={`Remove header ${i + 1}`} icon={<DeleteOutlined />} onClick={() => onChange(rows.filter((r) => r.id !== row.id))} />
        </div>
      ))}
      <div>
        <Button icon={<PlusOutlined />} aria-label="Add header" onClick={() => onChange([...rows, newHeaderRow()])}>Add header</Button>
      </div>
      <span className="pod-hint">X-API-Key, Accept and Content-Type are set for you. Add an Idempotency-Key header to make a POST safe to retry.</span>
    </fieldset>
  );
}
