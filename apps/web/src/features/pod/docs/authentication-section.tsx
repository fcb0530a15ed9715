import { Typography } from 'antd';
import { API_KEY_RATE_LIMIT } from '@mailcraft/shared';
import { CodeBlock } from './code-block';
import { codeSamples, sampleRequest } from './code-samples';
import { CodeSamplesView } from './code-samples-view';
import { INTERACTIVE_REFERENCE_PATH } from './docs-constants';
import { OperationList } from './operation-list';
import { OperationView, type DocsSource } from './operation-view';
import type { ApiOperation } from './operations';

const VERIFY_PATH = '/api/auth/verify';
/** GET /api/auth/verify as docs/requirements/print-on-demand-api.md#api documents it, for a document that lacks it. */
const VERIFY_FALLBACK: ApiOperation = {
  id: 'get-/api/auth/verify', method: 'GET', path: VERIFY_PATH, summary: 'Check an API key', description: '', tags: ['auth'],
  deprecated: false, parameters: [], responses: [{ status: '200', description: '', contentType: 'application/json' }],
};
const isVerify = (op: ApiOperation) => op.method === 'GET' && (op.path === VERIFY_PATH || op.path === '/auth/verify');
const { Paragraph, Text, Link } = Typography;

/**
 * The Authentication section (docs/requirements/print-on-demand-api.md#screens): the key in the X-API-Key header or the
 * api_key query parameter, the base URL (`source.baseUrl`, with and without /api), test and live
 * keys, permissions, rate limit headers and 429 with Retry-After, Idempotency-Key on POSTs, the
 * interactive reference, and 'Check your key' (GET /api/auth/verify, from the document when it has
 * it) followed by the section's other calls (`calls`).
 */
export function AuthenticationSection({ source, calls }: { source: DocsSource; calls: ApiOperation[] }) {
  const verify = calls.find(isVerify);
  const others = calls.filter((op) => op !== verify);
  const { baseUrl } = source;
  return (
    <div className="pod-docs-section">
      <Paragraph>
        Every call except <Text code>GET /api/health</Text> needs an API key from the API Keys tab. Send it in the{' '}
        <Text code>X-API-Key</Text> header, or as the <Text code>api_key</Text> query parameter where a header cannot be set
        (query strings end up in logs: prefer the header). A missing, unknown, inactive or expired key answers 401.
      </Paragraph>
      <Paragraph>
        <Link href={INTERACTIVE_REFERENCE_PATH} target="_blank" rel="noopener noreferrer">Open the interactive reference</Link>{' '}
        <Text type="secondary">(the same OpenAPI document, with a form to try each call)</Text>
      </Paragraph>

      <h5>Base URL</h5>
      <CodeBlock code={baseUrl} copyLabel="Copy base URL" />
      <Paragraph>
        Calls go to this site&apos;s address: every request that carries <Text code>X-API-Key</Text> is handed to the API, at{' '}
        <Text code>{`${baseUrl}/api/projects`}</Text> and at the bare path <Text code>{`${baseUrl}/projects`}</Text> alike.
        The API also has a dedicated port for server-to-server integrations; ask support for its address.
      </Paragraph>

      <h5>Test and live keys</h5>
      <Paragraph>
        Keys starting <Text code>test_</Text> are for building an integration, in a world of their own: the orders they place are
        validated, stored and rendered, but never printed, mailed or charged, and a test key sees and cancels only such test
        orders — every live order answers 404 to it. It reads your projects, lists, addresses, templates and permits to render
        with, but may not change or delete them (403). Keys starting <Text code>live_</Text> act for real, and list test orders
        only when asked (<Text code>GET /api/orders?test=true</Text>). Order webhooks (<Text code>POST /api/webhooks</Text>)
        belong to the mode of the key that registered them. A key&apos;s permissions (scopes such as <Text code>orders:post</Text> or <Text code>*:get</Text>) decide which calls it may
        make; any other call answers 403.
      </Paragraph>

      <h5>Rate limits</h5>
      <Paragraph>
        Each key may make a set number of requests per minute (default {API_KEY_RATE_LIMIT.default}, chosen when the key is
        created: {API_KEY_RATE_LIMIT.min}–{API_KEY_RATE_LIMIT.max}). Every answer says where you stand:{' '}
        <Text code>X-RateLimit-Limit</Text> (the limit), <Text code>X-RateLimit-Remaining</Text> (requests left this minute) and{' '}
        <Text code>X-RateLimit-Reset</Text> (when the minute ends, in Unix seconds). Over the limit the API answers{' '}
        <Text code>429</Text> with <Text code>Retry-After</Text>: the seconds to wait before trying again.
      </Paragraph>

      <h5>Safe retries</h5>
      <Paragraph>
        POST requests accept an <Text code>Idempotency-Key</Text> header (any unique string up to 255 characters, e.g. a UUID).
        Sending the same key with the same body within 24 hours returns the first answer again instead of creating a second
        order or address; the same key with a different body is refused with <Text code>422</Text>.
      </Paragraph>

      <h5>Check your key</h5>
      {verify ? <OperationView op={verify} source={source} /> : (
        <CodeSamplesView samples={codeSamples(sampleRequest(source.doc, VERIFY_FALLBACK, baseUrl))} subject={`GET ${VERIFY_PATH}`} />
      )}
      {others.length > 0 && (
        <>
          <h5>Connection checks</h5>
          <OperationList operations={others} source={source} />
        </>
      )}
    </div>
  );
}
