import { useId } from 'react';
import { DELIVERY_TYPES } from '@mailcraft/shared';
import type { DeliveryType } from './order-rules';
import type { OrderFormat } from './templates';

const DELIVERY_LABEL: Record<DeliveryType, string> = { 'print-mail': 'Print & Mail', 'print-only': 'Print Only', digital: 'Digital' };
const FORMAT_LABEL: Record<OrderFormat, string> = { postcard: 'Postcard', 'mailer-letter': 'Mailer (letter)', 'mailer-tabloid': 'Mailer (tabloid)' };

/**
 * The 'Delivery Type' and 'Format' pickers (docs/requirements/print-on-demand-api.md#screens): delivery print-mail, print-only or
 * digital; format among `formats` (by the template type, docs/requirements/print-on-demand-api.md#order-form-rules — see formatChoices).
 */
export function DeliveryOptions({ deliveryType, format, formats, onDeliveryType, onFormat }: {
  deliveryType: DeliveryType; format: OrderFormat; formats: readonly OrderFormat[];
  onDeliveryType: (value: DeliveryType) => void; onFormat: (value: OrderFormat) => void;
}) {
  const deliveryId = useId();
  const formatId = useId();
  return (
    <div className="pod-order-row">
      <div className="pod-field">
        <label htmlFor={deliveryId}>Delivery Type</label>
        <select id={deliveryId} className="pod-select" value={deliveryType} onChange={(e) => onDeliveryType(e.target.value as DeliveryType)}>
          {DELIVERY_TYPES.map((d) => <option key={d} value={d}>{DELIVERY_LABEL[d]}</option>)}
        </select>
      </div>
      <div className="pod-field">
        <label htmlFor={formatId}>Format</label>
        <select id={formatId} className="pod-select" value={format} onChange={(e) => onFormat(e.target.value as OrderFormat)}>
          {formats.map((f) => <option key={f} value={f}>{FORMAT_LABEL[f]}</option>)}
        </select>
      </div>
    </div>
  );
}
