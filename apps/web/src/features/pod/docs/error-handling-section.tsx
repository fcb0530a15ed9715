import { Tag, Typography } from 'antd';
import { CodeBlock } from './code-block';
import { DOCUMENTED_ERROR_CODES, ERROR_CODE_DOCS, errorAnchor } from './error-codes';
import { HTTP_STATUSES } from './http-statuses';

const { Paragraph, Text } = Typography;

/** An error answer as the API sends it, with `doc_url` pointing at this page on `baseUrl`. */
const envelopeExample = (baseUrl: string) => JSON.stringify({
  error: { code: 'UNAUTHORIZED', message: 'Invalid API key', doc_url: `${baseUrl}/pod/documentation#${errorAnchor('UNAUTHORIZED')}` },
}, null, 2);

/**
 * The Error Handling section (docs/requirements/print-on-demand-api.md#messages): the envelope `{ "error": { "code", "message",
 * "doc_url" } }`, the documented HTTP statuses (200, 201, 400, 401, 403, 404, 429, 500), and every
 * error code with its status and what to do, each in an element whose id is the `doc_url` anchor
 * ('errors-rate_limited'). `target`: the anchor the address points at, highlighted.
 */
export function ErrorHandlingSection({ baseUrl, target }: { baseUrl: string; target?: string }) {
  const statuses = Object.entries(HTTP_STATUSES).filter(([, s]) => s.documented);
  return (
    <div className="pod-docs-section">
      <Paragraph>
        A call that fails answers with a 4xx or 5xx status and this body: <Text code>code</Text> is stable (write your error
        handling against it), <Text code>message</Text> is for people, <Text code>doc_url</Text> links to the code&apos;s entry
        below. A validation failure adds <Text code>details</Text>, the list of invalid fields.
      </Paragraph>
      <CodeBlock code={envelopeExample(baseUrl)} copyLabel="Copy error response example" />

      <h5>HTTP status codes</h5>
      <dl className="pod-docs-statuses-list">
        {statuses.map(([status, s]) => (
          <div key={status}><dt><Tag>{status}</Tag></dt><dd>{s.text}</dd></div>
        ))}
      </dl>

      <h5>Error codes</h5>
      <div className="pod-docs-errors">
        {DOCUMENTED_ERROR_CODES.map((code) => {
          const entry = ERROR_CODE_DOCS[code];
          const id = errorAnchor(code);
          return (
            <div key={code} id={id} tabIndex={-1} className={id === target ? 'pod-docs-error pod-docs-error-target' : 'pod-docs-error'}>
              <h6><Text code>{code}</Text> <Tag>{entry.status}</Tag> {entry.title}</h6>
              <Paragraph>{entry.fix}</Paragraph>
            </div>
          );
        })}
      </div>
    </div>
  );
}
