import { Typography } from 'antd';
import type { ApiOperation } from './operations';
import { OperationView, type DocsSource } from './operation-view';

/** What a section without calls says (the document has none for it yet). */
export const NO_CALLS = 'No calls documented yet';

/**
 * The calls of one section, in the document's order, or 'No calls documented yet' when the
 * server documents none (routes still being built).
 */
export function OperationList({ operations, source }: { operations: ApiOperation[]; source: DocsSource }) {
  if (operations.length === 0) return <Typography.Paragraph type="secondary" className="pod-docs-empty">{NO_CALLS}</Typography.Paragraph>;
  return (
    <div className="pod-docs-ops">
      {operations.map((op) => <OperationView key={op.id} op={op} source={source} />)}
    </div>
  );
}
