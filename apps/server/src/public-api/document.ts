import type { OpenAPIV3_1 } from 'openapi-types';
import type { OpenApiDocument, SecuritySchemes } from '../platform/openapi.js';
import { VERSION_DOC, VERSION_HEADER, API_VERSIONS, CURRENT_API_VERSION } from './version.js';

type Operation = OpenAPIV3_1.OperationObject;
type Response = OpenAPIV3_1.ResponseObject;

/** How a key authenticates a call: the X-API-Key header, or the api_key query parameter. */
export const API_KEY_SCHEMES: SecuritySchemes = {
  ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key (live_… or test_…) from the Print on Demand page, API Keys tab' },
  ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key', description: 'The same key as a query parameter, where a header cannot be set' },
};
/** The `security` of every keyed operation: either scheme will do. */
export const API_KEY_SECURITY: Array<Record<string, string[]>> = [{ ApiKey: [] }, { ApiKeyQuery: [] }];

const ref = (kind: 'headers' | 'parameters' | 'schemas', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const integer = (description: string) => ({ description, schema: { type: 'integer' as const } });

/** Headers of the public API's answers (components.headers). */
const HEADERS: Record<string, OpenAPIV3_1.HeaderObject> = {
  RequestId: { description: 'The id of this request; also error.request_id. Quote it when you ask for support', schema: { type: 'string' } },
  RateLimitLimit: integer('Requests this key may send per minute'),
  RateLimitRemaining: integer('Requests left in this minute'),
  RateLimitReset: integer('When this minute\'s window ends, Unix seconds'),
  RetryAfter: integer('Seconds to wait before trying again'),
  IdempotentReplayed: { description: '"true" when this is the stored answer to an earlier request with the same Idempotency-Key: nothing was created again', schema: { type: 'string', enum: ['true'] } },
  ApiVersion: { description: 'The API version that answered', schema: { type: 'string', enum: [...API_VERSIONS] } },
};

/** Request parameters every keyed operation, or every keyed POST, takes (components.parameters). */
const PARAMETERS: Record<string, OpenAPIV3_1.ParameterObject> = {
  IdempotencyKey: {
    name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 },
    description: 'Retry safely: the first answer to a key is stored for 24 h and sent again, with Idempotent-Replayed: true, for the same request; the key with another request is 422',
  },
  ApiVersion: { name: VERSION_HEADER, in: 'header', required: false, schema: { type: 'string', enum: [...API_VERSIONS] }, description: VERSION_DOC },
};

/** What each status means on this API, for answers whose route gave no description. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  400: 'The request is not valid: error.message names the field, error.details lists every problem',
  401: 'The API key is missing, unknown, inactive or expired',
  402: 'The plan\'s limit is reached: upgrade on the Billing page',
  403: 'The key\'s scopes or mode, or the plan, do not allow this',
  404: 'No such resource among yours',
  409: 'The resource\'s state does not allow this now, or a request with this Idempotency-Key is still running',
  413: 'The request body is too large',
  422: 'Valid, but it cannot be done (error.message says why), or an Idempotency-Key reused with another request',
  429: 'Too many requests: the key\'s per-minute limit, or too many wrong keys from this address. Retry after Retry-After seconds',
  500: 'Something went wrong on our side: retry later (a POST with the same Idempotency-Key)',
};
const SUCCESS_WORDS: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'Done, no content' };

/** The sentence for an answer @fastify/swagger left as 'Default Response'. */
function describe(status: string, op: Operation): string {
  if (STATUS_DESCRIPTIONS[status]) return STATUS_DESCRIPTIONS[status];
  return `${SUCCESS_WORDS[status] ?? status}: ${op.summary ?? 'success'}`;
}

/** The headers an answer of `op` carries: always the request id; on keyed calls the rate limit and version; Retry-After on 429; Idempotent-Replayed on a POST's success. */
function answerHeaders(status: string, method: string, keyed: boolean): Record<string, { $ref: string }> {
  const headers: Record<string, { $ref: string }> = { 'X-Request-Id': ref('headers', 'RequestId') };
  if (!keyed) return headers;
  Object.assign(headers, {
    'X-RateLimit-Limit': ref('headers', 'RateLimitLimit'), 'X-RateLimit-Remaining': ref('headers', 'RateLimitRemaining'),
    'X-RateLimit-Reset': ref('headers', 'RateLimitReset'), [VERSION_HEADER]: ref('headers', 'ApiVersion'),
  });
  if (status === '429') headers['Retry-After'] = ref('headers', 'RetryAfter');
  if (method === 'post' && status.startsWith('2')) headers['Idempotent-Replayed'] = ref('headers', 'IdempotentReplayed');
  return headers;
}

/** One operation finished: answers described and their headers, the version and Idempotency-Key parameters, 401 and 429 on keyed calls. */
function finishOperation(method: string, op: Operation): void {
  const keyed = (op.security?.length ?? 0) > 0;
  const error = { 'application/json': { schema: ref('schemas', 'ApiError') } };
  const responses = (op.responses ?? {}) as Record<string, Response>;
  if (keyed) for (const status of ['401', '429']) responses[status] ??= { description: '', content: error };
  for (const [status, response] of Object.entries(responses)) {
    if (!response.description || response.description === 'Default Response') response.description = describe(status, op);
    response.headers = { ...response.headers, ...answerHeaders(status, method, keyed) };
  }
  op.responses = responses;
  if (!keyed) return;
  // A route's own idempotency-key header gives way to the shared parameter.
  const own = (op.parameters ?? []).filter((p) => !('name' in p && p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'));
  op.parameters = [...own, ref('parameters', 'ApiVersion'), ...(method === 'post' ? [ref('parameters', 'IdempotencyKey')] : [])];
  op.description = [op.description, VERSION_DOC].filter(Boolean).join(' ');
}

/**
 * Finishes the public API's OpenAPI document (docs/requirements/print-on-demand-api.md#api): every
 * answer described (no 'Default Response') with its headers (X-Request-Id; on keyed calls
 * X-RateLimit-*, Mailcraft-Version, Retry-After on 429, Idempotent-Replayed on a POST's success),
 * the Mailcraft-Version and Idempotency-Key request headers, and the versions in `info`. Keyed
 * operations are those whose route declared `security` (API_KEY_SECURITY).
 */
export function finishPublicDocument(doc: OpenApiDocument): OpenApiDocument {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      if (op && typeof op === 'object' && 'responses' in op) finishOperation(method, op as Operation);
    }
  }
  return {
    ...doc,
    info: { ...doc.info, version: CURRENT_API_VERSION },
    components: {
      ...doc.components,
      headers: { ...doc.components?.headers, ...HEADERS },
      parameters: { ...doc.components?.parameters, ...PARAMETERS },
    },
  };
}
