import { useEffect, useState } from 'react';
import { Alert, Tag, Typography } from 'antd';
import { ORDER_MESSAGES, type TOrder } from '@mailcraft/shared';
import { CopyButton } from '../copy-button';
import type { KeyChoice } from '../key-picker';
import { errorText } from './error-text';
import { ORDER_POLL_FOR_MS, useOrderStatus } from './order-data';
import { sameOrigin, usePrintFile } from './print-file';
import type { SubmitOutcome } from './submit-order';

/** The tag colour of each order status. */
export const STATUS_COLOR: Record<TOrder['status'], string> = {
  pending: 'gold', rendered: 'blue', printed: 'cyan', mailed: 'green', cancelled: 'default', failed: 'red',
};

/** '$1.25': a cost in US dollars with 2 decimals. */
export const dollars = (cost: number) => `$${cost.toFixed(2)}`;

/** The order's print file: a same-origin file fetched with the key into a Blob link; another host's address as is. */
function PrintFileLink({ apiKey, order }: { apiKey: KeyChoice; order: TOrder }) {
  const file = usePrintFile(apiKey, order.id, order.file_url);
  if (!order.file_url) return null;
  if (!sameOrigin(order.file_url)) return <a href={order.file_url} target="_blank" rel="noreferrer">Download print file</a>;
  if (file.error) return <Typography.Text type="danger">{`Print file could not be loaded: ${errorText(file.error)}`}</Typography.Text>;
  if (!file.href) return <span className="pod-hint">Preparing print file…</span>;
  return <a href={file.href} download={`order-${order.id}.pdf`}>Download print file</a>;
}

/** One placed order, kept up to date by polling while it is pending. */
function OrderCard({ apiKey, placed, since }: { apiKey: KeyChoice; placed: TOrder; since: number }) {
  const latest = useOrderStatus(apiKey, placed, since);
  const order = latest.data ?? placed;
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), Math.max(0, since + ORDER_POLL_FOR_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [since]);
  const stillPending = order.status === 'pending' && expired;
  return (
    <div className="pod-order-placed" aria-label={`Order ${order.id}`} role="group">
      <dl className="pod-order-facts">
        <dt>Order ID</dt>
        <dd><span className="pod-key">{order.id}</span></dd>
        <dt>Status</dt>
        <dd className="pod-inline"><Tag color={STATUS_COLOR[order.status] ?? 'default'}>{order.status}</Tag>{order.test && <Tag color="purple">Test</Tag>}</dd>
        <dt>Cost</dt>
        <dd>{dollars(order.cost)}</dd>
        <dt>Message</dt>
        <dd>{order.message}</dd>
      </dl>
      <PrintFileLink apiKey={apiKey} order={order} />
      {stillPending && <span className="pod-hint">Still pending after a minute: GET /api/orders/{order.id} tells when its print file is ready.</span>}
    </div>
  );
}

/**
 * The response panel (docs/requirements/print-on-demand-api.md#screens): the error of a failed submit — 'All API endpoints failed'
 * or the API's message, with how many orders were placed before it when several requests were sent — then
 * each placed order: id, status (polled every 2 s for up to a minute while pending), cost in
 * dollars, a 'Test' tag for test-key orders, message, and 'Download print file' once rendered
 * (fetched with the key, offered as a Blob); and the raw answer(s) in a collapsible block with a
 * copy button. `since` is when the submit ended (epoch ms).
 */
export function OrderResult({ apiKey, outcome, since }: { apiKey: KeyChoice; outcome: SubmitOutcome; since: number }) {
  // One answer per request (a reinforcement request's answer places several orders).
  const answers = [...new Set(outcome.placed.map((p) => p.answer))].map((a) => a.body);
  const raw = answers.length === 1 ? answers[0] : answers;
  const json = JSON.stringify(raw, null, 2);
  const { failure, placed, requested } = outcome;
  return (
    <section className="pod-order-result" aria-label="Response">
      <Typography.Title level={5}>Response</Typography.Title>
      {failure && (
        <Alert type="error" showIcon role="alert" className="pod-failure" title={failure.message}
          description={requested > 1 ? `Request ${failure.index + 1} of ${requested} failed; ${placed.length} orders placed before it.` : undefined} />
      )}
      {placed.length > 0 && <Alert type="success" showIcon title={placed.length === 1 ? ORDER_MESSAGES.created : `${placed.length} orders created`} />}
      {placed.map((p) => <OrderCard key={p.order.id} apiKey={apiKey} placed={p.order} since={since} />)}
      {placed.length > 0 && (
        <details className="pod-order-raw">
          <summary>Raw response</summary>
          <CopyButton text={json} label="Copy response" />
          <pre>{json}</pre>
        </details>
      )}
    </section>
  );
}
