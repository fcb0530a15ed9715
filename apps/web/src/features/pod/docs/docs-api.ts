import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { OPENAPI_DOCUMENT_PATH } from './docs-constants';
import type { OpenApiDocument } from './openapi';

/** Query keys of the Documentation tab. */
export const docsKeys = { openApi: ['pod', 'docs', 'openapi'] as const };

/**
 * GET /api/docs/json: the public API's OpenAPI 3.1 document (docs/requirements/print-on-demand-api.md#documentation-tab tab, §7),
 * which the tab's sections are generated from. Needs no key or plan (the tab is not gated).
 * Fetched once per page load (the document changes only with a deploy). Throws ApiError with the
 * server's message, or 'Not an OpenAPI document' when the answer has no `paths`.
 */
export function useOpenApiDocument() {
  return useQuery({
    queryKey: docsKeys.openApi,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const doc = await api<OpenApiDocument>(OPENAPI_DOCUMENT_PATH);
      if (!doc || typeof doc !== 'object' || typeof doc.paths !== 'object') throw new Error('Not an OpenAPI document');
      return doc;
    },
  });
}
