import { Tag, Typography } from 'antd';
import { bodyFields } from './body-fields';
import { codeSamples, sampleRequest } from './code-samples';
import { CodeSamplesView } from './code-samples-view';
import { responseText } from './http-statuses';
import type { OpenApiDocument } from './openapi';
import { BodyFieldTable, ParameterTable } from './operation-tables';
import { operationLabel, type ApiOperation } from './operations';

/** The document and the base URL the samples call: what every generated part of the tab reads. */
export type DocsSource = { doc: OpenApiDocument; baseUrl: string };

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', PATCH: 'gold', DELETE: 'red' };
const statusColor = (status: string) => (status.startsWith('2') ? 'success' : status.startsWith('5') ? 'error' : 'warning');
/** The element id of a call's entry: 'call-post-api-orders-mailing'. */
export const operationAnchor = (op: ApiOperation) => `call-${op.method}-${op.path}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-$/, '');

/**
 * One documented call (docs/requirements/print-on-demand-api.md#documentation-tab tab, §7), generated from the OpenAPI document:
 * method badge and path as its heading, summary, parameters (name, in, required, description),
 * request body fields (name, type, required, description), answers by status, and the curl,
 * JavaScript and Python samples with copy buttons.
 */
export function OperationView({ op, source }: { op: ApiOperation; source: DocsSource }) {
  const label = operationLabel(op);
  const id = operationAnchor(op);
  return (
    <article className="pod-docs-op" aria-labelledby={id}>
      <h5 id={id} className="pod-docs-op-title">
        <Tag color={METHOD_COLORS[op.method]} className="pod-docs-method">{op.method}</Tag>{' '}
        <code>{op.path}</code>
        {op.deprecated && <>{' '}<Tag>Deprecated</Tag></>}
      </h5>
      {op.summary && <Typography.Paragraph className="pod-docs-summary">{op.summary}</Typography.Paragraph>}
      {op.description && <Typography.Paragraph type="secondary">{op.description}</Typography.Paragraph>}

      {op.parameters.length > 0 && (
        <>
          <h6 className="pod-docs-subhead">Parameters</h6>
          <ParameterTable doc={source.doc} parameters={op.parameters} label={`Parameters of ${label}`} />
        </>
      )}

      {op.body && (
        <>
          <h6 className="pod-docs-subhead">Request body <span className="pod-hint">({op.body.contentType})</span></h6>
          {op.body.description && <Typography.Paragraph type="secondary">{op.body.description}</Typography.Paragraph>}
          <BodyFieldTable fields={bodyFields(source.doc, op.body.schema)} label={`Request body of ${label}`} />
        </>
      )}

      {op.responses.length > 0 && (
        <>
          <h6 className="pod-docs-subhead">Responses</h6>
          <ul className="pod-docs-responses" aria-label={`Responses of ${label}`}>
            {op.responses.map((r) => (
              <li key={r.status}><Tag color={statusColor(r.status)}>{r.status}</Tag>{responseText(r.status, r.description)}</li>
            ))}
          </ul>
        </>
      )}

      <h6 className="pod-docs-subhead">Example request</h6>
      <CodeSamplesView samples={codeSamples(sampleRequest(source.doc, op, source.baseUrl))} subject={label} />
    </article>
  );
}
