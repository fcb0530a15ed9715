import { useId } from 'react';
import { Radio } from 'antd';
import type { ApiMethod } from '../api-call';
import { API_METHODS } from './methods';

/**
 * The 'Method' picker of the Test API tab (docs/requirements/print-on-demand-api.md#screens): GET, POST, PUT, DELETE and PATCH as
 * buttons (each with its description as a tooltip), and the chosen one's description below.
 */
export function MethodPicker({ value, onChange }: { value: ApiMethod; onChange: (method: ApiMethod) => void }) {
  const labelId = useId();
  const hintId = useId();
  const chosen = API_METHODS.find((m) => m.method === value);
  return (
    <div className="pod-field">
      <span className="pod-label" id={labelId}>Method</span>
      <Radio.Group aria-labelledby={labelId} aria-describedby={hintId} optionType="button" buttonStyle="solid" value={value}
        onChange={(e) => onChange(e.target.value as ApiMethod)}
        options={API_METHODS.map((m) => ({ value: m.method, label: m.method, title: m.description }))} />
      <span className="pod-hint" id={hintId}>{chosen ? `${chosen.method}: ${chosen.description}` : ''}</span>
    </div>
  );
}
