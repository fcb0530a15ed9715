import { useId } from 'react';
import { COMMON_ENDPOINTS, type CommonEndpoint } from './common-endpoints';

/**
 * The Basic sub-tab's 'Common Endpoints' picker (docs/requirements/print-on-demand-api.md#screens): a native select (no antd Select:
 * page weight) of COMMON_ENDPOINTS; choosing one hands it to `onPick`, which fills method,
 * endpoint and body. It shows the entry matching the current `method` and `endpoint`, if any.
 */
export function CommonEndpointsPicker({ method, endpoint, onPick }: { method: string; endpoint: string; onPick: (e: CommonEndpoint) => void }) {
  const id = useId();
  const current = COMMON_ENDPOINTS.find((e) => e.method === method && e.endpoint === endpoint.trim())?.id ?? '';
  return (
    <div className="pod-field">
      <label htmlFor={id}>Common Endpoints</label>
      <select id={id} className="pod-select" value={current} onChange={(e) => {
        const picked = COMMON_ENDPOINTS.find((c) => c.id === e.target.value);
        if (picked) onPick(picked);
      }}>
        <option value="">Choose a common endpoint…</option>
        {COMMON_ENDPOINTS.map((e) => <option key={e.id} value={e.id}>{`${e.method} ${e.endpoint} — ${e.description}`}</option>)}
      </select>
    </div>
  );
}
