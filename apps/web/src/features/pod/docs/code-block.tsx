import { CopyButton } from '../copy-button';

/**
 * A block of code as plain `<pre><code>` (no highlighter: the tab's chunk stays small, docs/requirements/workflow.md#clear-states-and-fast-pages)
 * with a copy button (docs/requirements/print-on-demand-api.md#screens "Every code block has a copy button") named `copyLabel`, e.g.
 * 'Copy curl example for POST /api/orders/mailing'.
 */
export function CodeBlock({ code, copyLabel }: { code: string; copyLabel: string }) {
  return (
    <div className="pod-docs-code">
      <pre tabIndex={0}><code>{code}</code></pre>
      <span className="pod-docs-copy"><CopyButton text={code} label={copyLabel} /></span>
    </div>
  );
}
