import { useState } from 'react';
import { Alert, Button, Popconfirm } from 'antd';
import { PIECE_PRICE_KEYS, PIECE_PRICE_LABELS, type PiecePriceKey, type TPiecePrice } from '@mailcraft/shared';
import { PlainTable } from '../../../components/plain-table';
import { errorDetail } from '../../../lib/api-client';
import { formatPiecePrice } from '../../subscriptions/plan-price';
import { useRemovePrice } from './pricing-admin-api';
import { formatDay } from './price-days';

/**
 * The per-piece prices on /admin/pricing (docs/requirements/administration.md#administration: per-piece prices for print files and orders,
 * effective from a date): for each key of PIECE_PRICE_KEYS, the price in force today, the upcoming
 * ones (day, amount, Remove after a confirmation → DELETE /api/admin/prices/{id}) and, folded, the
 * past ones. `prices` is GET /api/admin/pricing `prices` (newest day first per key). A refused
 * removal shows 'Failed to remove the price: {server message}'.
 */
export function PiecePrices({ prices }: { prices: TPiecePrice[] }) {
  const remove = useRemovePrice();
  const [failure, setFailure] = useState<string | null>(null);
  const onRemove = (p: TPiecePrice) => {
    setFailure(null);
    remove.mutate(p.id, { onError: (err) => setFailure(`Failed to remove the price: ${errorDetail(err)}`) });
  };
  return (
    <>
      {failure && <Alert className="admin-notice" type="error" showIcon role="alert" closable onClose={() => setFailure(null)} title={failure} />}
      {PIECE_PRICE_KEYS.map((key) => (
        <KeySchedule key={key} priceKey={key} prices={prices.filter((p) => p.key === key)}
          removing={remove.isPending ? remove.variables : undefined} onRemove={onRemove} />
      ))}
    </>
  );
}

function KeySchedule({ priceKey, prices, removing, onRemove }: {
  priceKey: PiecePriceKey; prices: TPiecePrice[]; removing: string | undefined; onRemove: (p: TPiecePrice) => void;
}) {
  const label = PIECE_PRICE_LABELS[priceKey];
  const current = prices.find((p) => p.status === 'current');
  const upcoming = prices.filter((p) => p.status === 'upcoming').reverse(); // soonest first
  const past = prices.filter((p) => p.status === 'past');
  return (
    <section className="pricing-key" aria-label={label}>
      <h4 className="pricing-key-title">{label}</h4>
      <p className="pricing-key-current">
        {current ? <><strong>{formatPiecePrice(current.amount)}</strong> per piece since {formatDay(current.effective_from)}</> : 'No price in force today'}
      </p>
      {upcoming.length > 0 && (
        <PlainTable<TPiecePrice>
          label={`Upcoming prices: ${label}`}
          rows={upcoming}
          rowKey={(p) => p.id}
          empty={null}
          columns={[
            { title: 'From', render: (p) => formatDay(p.effective_from), width: 160 },
            { title: 'Price', render: (p) => formatPiecePrice(p.amount), align: 'right', width: 100 },
            {
              title: '', key: 'remove', align: 'right', render: (p) => (
                <Popconfirm title={`Remove the ${formatPiecePrice(p.amount)} price from ${formatDay(p.effective_from)}?`}
                  description="The price before it stays in force." okText="Remove" okButtonProps={{ danger: true }} onConfirm={() => onRemove(p)}>
                  <Button size="small" danger loading={removing === p.id} aria-label={`Remove the ${label.toLowerCase()} price from ${p.effective_from}`}>Remove</Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
      {past.length > 0 && (
        <details className="pricing-key-history">
          <summary>Earlier prices ({past.length})</summary>
          <ul>
            {past.map((p) => <li key={p.id}>{formatPiecePrice(p.amount)} from {formatDay(p.effective_from)}</li>)}
          </ul>
        </details>
      )}
    </section>
  );
}
