import { Alert, Tag } from 'antd';
import { apiErrorMessage, type ApiCallResult } from '../api-call';
import { CopyButton } from '../copy-button';
import { prettyBody } from './pretty-body';
import { statusTone } from './status-tone';
import { TEST_API_MESSAGES as M } from './test-api-messages';

const TAG_COLOR = { success: 'success', info: 'processing', warning: 'warning', error: 'error', default: 'default' } as const;

/**
 * The Test API result (docs/requirements/print-on-demand-api.md#screens): the status code as a coloured tag, the response time in
 * ms, and the response pretty-printed with a copy button. An error status (not 2xx) also shows the
 * server's error message, else 'An error occurred'.
 */
export function ResponsePanel({ result }: { result: ApiCallResult }) {
  const text = prettyBody(result.body);
  return (
    <section className="pod-test-response" aria-label="Response">
      <div className="pod-test-response-head">
        <span className="pod-label">Response</span>
        <span>Status <Tag color={TAG_COLOR[statusTone(result.status)]}>{result.status}</Tag></span>
        <span>Time <strong>{`${result.ms} ms`}</strong></span>
        <CopyButton text={text} label="Copy response" />
      </div>
      {!result.ok && <Alert type="error" showIcon role="alert" title={apiErrorMessage(result.body) ?? M.errorFallback} />}
      {text ? <pre className="pod-test-body" aria-label="Response body">{text}</pre> : <span className="pod-hint">The response has no body.</span>}
    </section>
  );
}
