import { useId, useState } from 'react';
import { Alert, Button, Input, Segmented, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { KeyPicker, useKeyChoice } from './key-picker';
import { buildTestRequest, INITIAL_TEST_FORM, type TestApiForm } from './test-api/build-request';
import { CommonEndpointsPicker } from './test-api/common-endpoints-picker';
import { EndpointField } from './test-api/endpoint-field';
import type { HeaderRow } from './test-api/header-rows';
import { HeaderRowsEditor } from './test-api/header-rows-editor';
import { MethodPicker } from './test-api/method-picker';
import { methodSendsBody } from './test-api/methods';
import { ResponsePanel } from './test-api/response-panel';
import { TEST_API_MESSAGES as M } from './test-api/test-api-messages';
import { useSendTestRequest } from './test-api/use-send-test-request';

type Mode = 'basic' | 'advanced';

/**
 * The Test API tab at /pod/test (docs/requirements/print-on-demand-api.md#screens "Test API tab", §5, §7 Test API, §8): sub-tabs Basic
 * (with 'Common Endpoints') and Advanced (with custom header rows) over one form — the API key
 * picker, the method, the endpoint after this page's origin with 'Use /api prefix (recommended)',
 * and a JSON body for POST, PUT and PATCH. Send validates ('Please select an API key', 'Please
 * enter an API endpoint', 'Invalid JSON in request body'), calls the API with the key in X-API-Key
 * (custom headers only from Advanced) and shows the status, the time in ms and the pretty-printed
 * response; an error status adds the server's message or 'An error occurred', no answer at all
 * 'Failed to submit request'. A 401 makes the picker ask for the key's secret again.
 */
export function TestApiTab() {
  const keys = useKeyChoice();
  const [mode, setMode] = useState<Mode>('basic');
  const [form, setForm] = useState<TestApiForm>(INITIAL_TEST_FORM);
  const [headerRows, setHeaderRows] = useState<HeaderRow[]>([]);
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useSendTestRequest(keys.forget);
  const bodyId = useId();
  const change = (next: Partial<TestApiForm>) => setForm({ ...form, ...next });

  const submit = () => {
    const built = buildTestRequest(form, keys.choice.secret, mode === 'advanced' ? headerRows : null);
    if ('error' in built) {
      send.reset();
      setInvalid(built.error);
      return;
    }
    setInvalid(null);
    send.mutate(built.request);
  };

  return (
    <section className="pod-tab" aria-label="Test API">
      <div className="pod-tab-head">
        <div>
          <Typography.Title level={4}>Test API</Typography.Title>
          <Typography.Paragraph type="secondary">Send a request to the API with one of your keys and see what it answers.</Typography.Paragraph>
        </div>
      </div>
      <Segmented<Mode> aria-label="Test API mode" value={mode} onChange={setMode}
        options={[{ value: 'basic', label: 'Basic' }, { value: 'advanced', label: 'Advanced' }]} />
      <div className="pod-form pod-test-form">
        <KeyPicker state={keys} />
        {mode === 'basic' && (
          <CommonEndpointsPicker method={form.method} endpoint={form.endpoint}
            onPick={(e) => change({ method: e.method, endpoint: e.endpoint, body: e.body })} />
        )}
        <MethodPicker value={form.method} onChange={(method) => change({ method })} />
        <EndpointField origin={window.location.origin} endpoint={form.endpoint} useApiPrefix={form.useApiPrefix}
          onEndpoint={(endpoint) => change({ endpoint })} onPrefix={(useApiPrefix) => change({ useApiPrefix })} onEnter={submit} />
        {methodSendsBody(form.method) && (
          <div className="pod-field">
            <label htmlFor={bodyId}>Request Body (JSON)</label>
            <Input.TextArea id={bodyId} className="pod-test-body-input" rows={8} spellCheck={false} value={form.body}
              placeholder={'{\n  "name": "My project"\n}'} onChange={(e) => change({ body: e.target.value })} />
          </div>
        )}
        {mode === 'advanced' && <HeaderRowsEditor rows={headerRows} onChange={setHeaderRows} />}
        <div>
          <Button type="primary" icon={<SendOutlined />} aria-label="Send Request" loading={send.isPending} onClick={submit}>Send Request</Button>
        </div>
      </div>
      {invalid && <Alert type="error" showIcon role="alert" title={invalid} />}
      {send.isError && <Alert type="error" showIcon role="alert" title={M.transportFailed} description={send.error.message || undefined} />}
      {send.data && !invalid && <ResponsePanel result={send.data} />}
    </section>
  );
}
