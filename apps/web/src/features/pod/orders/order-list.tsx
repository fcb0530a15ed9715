import { useEffect, useId, useState } from 'react';
import { Button, Tag, Typography } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import type { ApiKeyMode, TOrder } from '@mailcraft/shared';
import { PlainTable, type PlainColumn } from '../../../components/plain-table';
import { StageTag } from '../../tracking/stage-tag';
import { STAGE_LABEL } from '../../tracking/tracking-format';
import { useSimulationWatch } from '../../tracking/use-simulation-watch';
import { formatTime } from '../api-key-draft';
import type { KeyChoice } from '../key-picker';
import { errorText } from './error-text';
import { useOrderList, useSimulateOrderDelivery } from './order-data';
import { dollars, STATUS_COLOR } from './order-result';

/** The hint beside the switch for a test key. */
export const ORDERS_TEST_KEY_HINT = 'A test key sees only test orders.';
/** The hint while a live key shows test orders. */
const TEST_ORDERS_HINT = 'Orders placed with your test keys: rendered, never printed or charged. Open, cancel or simulate the delivery of one with a test key.';
/** What 'Simulate delivery' does (docs/requirements/mail-tracking.md#test-mode), in its title. */
const SIMULATE_TITLE = 'Test mode: plays simulated USPS scans of this order\'s piece, delivered within about two minutes, marked Simulated';

/**
 * An order's piece on its way (docs/requirements/mail-tracking.md#delivery-events: orders carry `tracking_events`): the
 * latest stage as a tag with its scan time, the whole timeline in the title; 'No scan yet' for a piece with an IMb
 * and no scan; '—' for an order without an IMb (nothing to track).
 */
function OrderTracking({ order }: { order: TOrder }) {
  if (!order.imb) return <span aria-label="Not tracked: no IMb">—</span>;
  const latest = order.tracking_events.at(-1);
  const timeline = order.tracking_events.map((e) => `${STAGE_LABEL[e.stage]} ${formatTime(e.occurred_at)}`).join(' · ');
  return (
    <span title={timeline || `IMb ${order.imb}`}>
      <StageTag stage={latest?.stage ?? null} />
      {latest && <span className="pod-hint">{formatTime(latest.occurred_at)}</span>}
    </span>
  );
}

/** Whether `order` can simulate its delivery: a rendered test order with an IMb and no scan yet (the API refuses the others). */
const canSimulate = (order: TOrder) => order.test && order.status === 'rendered' && !!order.imb && order.tracking_events.length === 0;
/** Whether `order`'s simulated journey is over: its piece delivered (or gone from the list, so no longer watched). */
const journeyOver = (order: TOrder | undefined) => !order || order.tracking_events.at(-1)?.stage === 'delivered';

/** The columns of the orders table; `simulation` is the Tracking cell's 'Simulate delivery' (null: a key that may not). */
function orderColumns(simulation: { start: (order: TOrder) => void; pendingId: string | null; started: string[] } | null): PlainColumn<TOrder>[] {
  const tracking = (o: TOrder) => {
    const waiting = simulation?.started.includes(o.id) && o.tracking_events.length === 0;
    return (
      <div className="pod-inline">
        <OrderTracking order={o} />
        {simulation && canSimulate(o) && !waiting && (
          <Button size="small" icon={<ExperimentOutlined aria-hidden />} title={SIMULATE_TITLE} loading={simulation.pendingId === o.id}
            onClick={() => simulation.start(o)}>
            Simulate delivery
          </Button>
        )}
        {waiting && <span className="pod-hint">Simulated delivery started: the first scan arrives in seconds</span>}
      </div>
    );
  };
  return [
    { title: 'Order ID', render: (o) => <code className="pod-key">{o.id}</code> },
    { title: 'Type', render: (o) => (o.order_type === 'mailing' ? 'Mailing' : 'Reinforcement') },
    { title: 'Status', render: (o) => <><Tag color={STATUS_COLOR[o.status] ?? 'default'}>{o.status}</Tag>{o.test && <Tag color="purple">Test</Tag>}</> },
    { title: 'Tracking', render: tracking },
    { title: 'Cost', align: 'right', render: (o) => dollars(o.cost) },
    { title: 'Placed', render: (o) => formatTime(o.created_at) },
  ];
}

/**
 * The orders view of Order Entry: the newest orders the chosen key can see, with a Live / Test
 * switch — test mode is a separate world: a live key lists live orders, and test orders only when
 * switched to Test (GET /api/orders?test=true); a test key sees test orders only, so its switch
 * stays on Test (ORDERS_TEST_KEY_HINT). `keyMode` is the chosen key's mode, null while unknown.
 * With a test key, a rendered test order with an IMb and no scan offers 'Simulate delivery'
 * (docs/requirements/mail-tracking.md#test-mode: POST /api/orders/{id}/tracking/simulate); the list is then asked again
 * every 3 s until every simulated piece is delivered or 3 minutes have passed, so its stages arrive in the Tracking column.
 * Empty: 'No orders yet.'; a failure: 'Failed to load orders: {message}'; a refused simulation: 'Simulate delivery failed: {message}'.
 */
export function OrderList({ apiKey, keyMode }: { apiKey: KeyChoice; keyMode: ApiKeyMode | null }) {
  const name = useId();
  const [mode, setMode] = useState<ApiKeyMode>('live');
  const [started, setStarted] = useState<string[]>([]);
  const shown: ApiKeyMode = keyMode === 'test' ? 'test' : mode;
  const watch = useSimulationWatch(`orders.${apiKey.id}`);
  const orders = useOrderList(apiKey, shown === 'test' && keyMode === 'live', watch.refreshMs);
  const simulate = useSimulateOrderDelivery(apiKey);
  const { watching, stop } = watch;
  const over = !!orders.data && started.length > 0 && started.every((id) => journeyOver(orders.data.find((o) => o.id === id)));
  useEffect(() => {
    if (watching && over) stop();
  }, [watching, over, stop]);
  if (!apiKey.id || !apiKey.secret) return null;
  const simulation = keyMode === 'test' ? {
    started,
    pendingId: simulate.isPending ? simulate.variables : null,
    start: (order: TOrder) => simulate.mutate(order.id, {
      onSuccess: () => {
        setStarted((ids) => [...ids, order.id]);
        watch.start();
      },
    }),
  } : null;
  return (
    <section className="pod-order-list" aria-label="Orders">
      <div className="pod-order-list-head">
        <Typography.Title level={5}>Orders</Typography.Title>
        <div role="radiogroup" aria-label="Live or test orders" className="pod-inline">
          {(['live', 'test'] as const).map((m) => (
            <label key={m} className="pod-mode-choice">
              <input type="radio" name={name} value={m} checked={shown === m} disabled={m === 'live' && keyMode === 'test'} onChange={() => setMode(m)} />
              {m === 'live' ? 'Live' : 'Test'}
            </label>
          ))}
        </div>
      </div>
      {keyMode === 'test' && <span className="pod-hint">{ORDERS_TEST_KEY_HINT}</span>}
      {keyMode === 'live' && shown === 'test' && <span className="pod-hint">{TEST_ORDERS_HINT}</span>}
      {simulate.isError && <Typography.Text type="danger">{`Simulate delivery failed: ${errorText(simulate.error)}`}</Typography.Text>}
      {orders.isError
        // Not an alert: the form's own messages are the ones to announce.
        ? <Typography.Text type="danger">{`Failed to load orders: ${errorText(orders.error)}`}</Typography.Text>
        : <PlainTable label={shown === 'test' ? 'Test orders' : 'Live orders'} columns={orderColumns(simulation)} rows={orders.data ?? []} rowKey={(o) => o.id}
          loading={orders.isPending} empty="No orders yet." />}
    </section>
  );
}
