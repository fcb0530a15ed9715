import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Input } from 'antd';
import { PIECE_PRICE_KEYS, PIECE_PRICE_LABELS, PRICE_LIMITS, type PiecePriceKey } from '@mailcraft/shared';
import { NativeSelect } from '../../../components/native-select';
import { errorDetail } from '../../../lib/api-client';
import { formatPiecePrice } from '../../subscriptions/plan-price';
import { useSchedulePrice } from './pricing-admin-api';
import { formatDay, utcToday } from './price-days';

type Notice = { type: 'success' | 'error'; text: string };

/**
 * 'Schedule a price' on /admin/pricing (docs/requirements/administration.md#administration: per-piece prices effective from a date): what
 * (a native select of PIECE_PRICE_LABELS), the amount (US dollars, cents allowed) and the first day
 * (a date input, today in UTC at the earliest and by default) → POST /api/admin/prices. Success:
 * 'Scheduled: {what} {amount} from {day}' and the amount is cleared; a refusal (e.g. a past day)
 * shows 'Failed to schedule the price: {server message}' and keeps the form as typed.
 */
export function SchedulePriceForm() {
  const id = useId();
  const schedule = useSchedulePrice();
  const today = utcToday();
  const [key, setKey] = useState<PiecePriceKey>('print_piece');
  const [amount, setAmount] = useState('');
  const [day, setDay] = useState(today);
  const [notice, setNotice] = useState<Notice | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const dollars = amount.trim() === '' ? NaN : Number(amount);
    if (!Number.isFinite(dollars)) return setNotice({ type: 'error', text: 'Enter the price of one piece in dollars' });
    setNotice(null);
    schedule.mutate({ key, amount: dollars, effective_from: day }, {
      onSuccess: () => {
        setAmount('');
        setNotice({ type: 'success', text: `Scheduled: ${PIECE_PRICE_LABELS[key]} ${formatPiecePrice(dollars)} from ${formatDay(day)}${day === today ? ' (in force now)' : ''}` });
      },
      onError: (err) => setNotice({ type: 'error', text: `Failed to schedule the price: ${errorDetail(err)}` }),
    });
  };

  return (
    <form aria-label="Schedule a price" onSubmit={submit} className="pricing-schedule-form">
      <div className="pricing-field">
        <label htmlFor={`${id}-key`}>What</label>
        <NativeSelect<PiecePriceKey> id={`${id}-key`} value={key} onChange={setKey}
          options={PIECE_PRICE_KEYS.map((k) => ({ value: k, label: PIECE_PRICE_LABELS[k] }))} />
      </div>
      <div className="pricing-field">
        <label htmlFor={`${id}-amount`}>Price per piece</label>
        <Input id={`${id}-amount`} type="number" prefix="$" min={0} max={PRICE_LIMITS.piece} step={0.01} inputMode="decimal"
          value={amount} onChange={(e) => setAmount(e.target.value)} />
      </div>
      <div className="pricing-field">
        <label htmlFor={`${id}-day`}>Effective from</label>
        <Input id={`${id}-day`} type="date" min={today} value={day} onChange={(e) => setDay(e.target.value)} />
      </div>
      <Button type="primary" htmlType="submit" disabled={amount.trim() === '' || day === ''} loading={schedule.isPending}>
        {schedule.isPending ? 'Saving…' : 'Save'}
      </Button>
      <p className="admin-hint">
        Days are in UTC; prices change at 00:00 UTC. A price set for a day that already has one replaces it. Orders and print files use the price in force on their day.
      </p>
      {notice && <Alert className="pricing-schedule-notice" type={notice.type} showIcon role={notice.type === 'error' ? 'alert' : 'status'} title={notice.text} />}
    </form>
  );
}
