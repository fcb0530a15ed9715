import { CopyButton } from '../copy-button';

/**
 * A block of code as plain `<pre><code>` (no highlighter: the tab's chunk stays small, issue 6)
 * with a copy button (spec 002 §2 "Every code block has a copy button") named `copyLabel`, e.g.
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
