import type { JsonSchema, OpenApiDocument, OpenApiOperation, OpenApiParameter } from './openapi';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** An HTTP method the documentation shows, upper-case. */
export type HttpMethod = Uppercase<(typeof METHODS)[number]>;

/** One parameter of a call: where it goes (path, query, header) and whether it must be sent. */
export type ApiParameter = { name: string; in: OpenApiParameter['in']; required: boolean; description: string; schema: JsonSchema; example?: unknown };

/** One documented answer of a call: status ('201'), the document's description, its media type if it has a body. */
export type ApiResponse = { status: string; description: string; contentType?: string; schema?: JsonSchema };

/**
 * One call of the public API, read from the OpenAPI document (docs/requirements/print-on-demand-api.md#api): method, path as
 * documented ('/api/orders/{id}'), summary, parameters, the JSON request body's schema, the answers
 * by status (ascending).
 */
export type ApiOperation = {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description: string;
  tags: string[];
  deprecated: boolean;
  parameters: ApiParameter[];
  body?: { schema: JsonSchema; required: boolean; description: string; contentType: string };
  responses: ApiResponse[];
};

const isOperation = (value: unknown): value is OpenApiOperation => !!value && typeof value === 'object' && !Array.isArray(value);

/** A parameter with its `$ref` (`#/components/parameters/Name`) followed. */
function resolveParameter(doc: OpenApiDocument, p: OpenApiParameter): OpenApiParameter | undefined {
  if (!p.$ref) return p;
  return doc.components?.parameters?.[p.$ref.split('/').pop() ?? ''];
}

/** The JSON media type of a content map, else its first. */
const pickContent = (content: Record<string, { schema?: JsonSchema }> | undefined) => {
  const types = Object.keys(content ?? {});
  const type = types.find((t) => t.includes('json')) ?? types[0];
  return type ? { type, schema: content?.[type]?.schema } : undefined;
};

/**
 * Every operation of `doc`, in the document's order (paths, then get, post, put, patch, delete):
 * path-level parameters merged into each operation's (the operation's win on name and place).
 * Nothing is thrown for a document with missing parts: a path without operations adds none.
 */
export function listOperations(doc: OpenApiDocument): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared = Array.isArray(item.parameters) ? (item.parameters as OpenApiParameter[]) : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isOperation(op)) continue;
      const own = op.parameters ?? [];
      const params = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own]
        .map((p) => resolveParameter(doc, p))
        .filter((p): p is OpenApiParameter => !!p)
        .map((p): ApiParameter => ({
          name: p.name, in: p.in, required: p.in === 'path' || !!p.required, description: p.description ?? p.schema?.description ?? '',
          schema: p.schema ?? {}, example: p.example,
        }));
      const body = pickContent(op.requestBody?.content);
      operations.push({
        id: `${method}-${path}`,
        method: method.toUpperCase() as HttpMethod,
        path,
        summary: op.summary ?? '',
        description: op.description ?? '',
        tags: op.tags ?? [],
        deprecated: !!op.deprecated,
        parameters: params,
        body: body?.schema ? {
          schema: body.schema, required: !!op.requestBody?.required, contentType: body.type,
          description: op.requestBody?.description ?? '',
        } : undefined,
        responses: Object.entries(op.responses ?? {})
          .map(([status, r]) => {
            const content = pickContent(r.content);
            return { status, description: r.description ?? '', contentType: content?.type, schema: content?.schema };
          })
          .sort((a, b) => a.status.localeCompare(b.status)),
      });
    }
  }
  return operations;
}

/** The first 2xx answer of `op` (what a successful call gets), or undefined. */
export const successResponse = (op: ApiOperation): ApiResponse | undefined => op.responses.find((r) => r.status.startsWith('2'));

/** 'POST /api/orders/mailing': how the tab names a call (headings, button labels). */
export const operationLabel = (op: Pick<ApiOperation, 'method' | 'path'>): string => `${op.method} ${op.path}`;
