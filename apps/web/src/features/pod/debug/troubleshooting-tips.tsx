import { Typography } from 'antd';

const TIPS: readonly [status: string, tip: string][] = [
  ['401', 'Invalid API key: check that the key is active and that you pasted it in full.'],
  ['403', 'Forbidden: the key\'s permissions (scopes) do not cover this call, or your plan has no API access (Pro or higher).'],
  ['429', 'Rate limit exceeded: wait until the time in the X-RateLimit-Reset header, or raise the key\'s rate limit.'],
  ['404', 'Not found on a bare path (e.g. /projects): use the /api prefix (/api/projects). /keys belongs to the signed-in site, not the API.'],
  ['No answer', 'Network failure: the server is down or unreachable; try again in a moment.'],
];

/** The API Debug tab's troubleshooting tips (docs/requirements/print-on-demand-api.md#screens documented HTTP codes): one per status. */
export function TroubleshootingTips() {
  return (
    <section className="pod-debug-tips" aria-label="Troubleshooting tips">
      <Typography.Title level={5}>Troubleshooting tips</Typography.Title>
      <ul>
        {TIPS.map(([status, tip]) => <li key={status}><strong>{status}</strong> — {tip}</li>)}
      </ul>
    </section>
  );
}
