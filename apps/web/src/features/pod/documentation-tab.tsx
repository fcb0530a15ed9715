import { Alert, Button, Skeleton, Typography } from 'antd';
import { errorDetail } from '../../lib/api-client';
import { ApiDocs } from './docs/api-docs';
import { useOpenApiDocument } from './docs/docs-api';

/** The failure line of the tab (its own words: docs/requirements/print-on-demand-api.md#messages has none for it). */
export const DOCS_FAILED = 'Failed to load the API documentation: ';

/**
 * The Documentation tab (docs/requirements/print-on-demand-api.md#screens "Documentation tab", §7 documented API, §8 errors): the
 * public API's documentation generated from the server's OpenAPI document (GET /api/docs/json), so
 * it cannot drift from the API — sections Authentication (open), Projects, Templates, Mailing
 * Lists, Addresses, On-Demand Orders (Mailing / Reinforcement Orders), Error Handling and Support
 * contact, every call with curl, JavaScript and Python samples to copy. A skeleton while the
 * document loads; 'Failed to load the API documentation: {message}' with Retry when it cannot.
 * Open to every signed-in user (not gated by the plan) and makes no authenticated call.
 */
export function DocumentationTab() {
  const openApi = useOpenApiDocument();
  return (
    <section className="pod-tab" aria-label="Documentation">
      <div className="pod-tab-head">
        <div>
          <Typography.Title level={4}>API Documentation</Typography.Title>
          <Typography.Paragraph type="secondary">
            Order single personalised mail pieces from your own systems. Every call and field below is read from the API itself.
          </Typography.Paragraph>
        </div>
      </div>
      {openApi.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {openApi.isError && (
        <Alert type="error" showIcon role="alert" className="pod-failure" title={`${DOCS_FAILED}${errorDetail(openApi.error)}`}
          action={<Button size="small" onClick={() => void openApi.refetch()} loading={openApi.isFetching}>Retry</Button>} />
      )}
      {openApi.data && <ApiDocs source={{ doc: openApi.data, baseUrl: window.location.origin }} />}
    </section>
  );
}
