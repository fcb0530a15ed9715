import { useId } from 'react';
import { Checkbox, Input, Space } from 'antd';
import { requestPath } from './request-path';

/**
 * The 'Endpoint' field of the Test API tab (docs/requirements/print-on-demand-api.md#screens): the fixed host (`origin`, this page's
 * own origin, where the web server hands keyed calls to the API) before the path input, the 'Use
 * /api prefix (recommended)' checkbox, and the URL that Send will call.
 */
export function EndpointField({ origin, endpoint, useApiPrefix, onEndpoint, onPrefix, onEnter }: {
  origin: string; endpoint: string; useApiPrefix: boolean;
  onEndpoint: (endpoint: string) => void; onPrefix: (on: boolean) => void; onEnter: () => void;
}) {
  const inputId = useId();
  return (
    <div className="pod-field">
      <label htmlFor={inputId}>Endpoint</label>
      <Space.Compact className="pod-test-endpoint">
        <Space.Addon aria-hidden>{origin}</Space.Addon>
        <Input id={inputId} placeholder="/projects" value={endpoint} autoComplete="off" spellCheck={false}
          onChange={(e) => onEndpoint(e.target.value)} onPressEnter={onEnter} />
      </Space.Compact>
      <Checkbox checked={useApiPrefix} onChange={(e) => onPrefix(e.target.checked)}>Use /api prefix (recommended)</Checkbox>
      {endpoint.trim() && <span className="pod-hint">Sends to <code>{origin}{requestPath(endpoint, useApiPrefix)}</code></span>}
    </div>
  );
}
