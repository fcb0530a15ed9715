/**
 * The part of an OpenAPI 3.1 document the Documentation tab reads (docs/requirements/print-on-demand-api.md#screens): the server
 * generates it from its zod schemas (`GET /api/docs/json`), so these types are loose — every field
 * the tab uses is optional and checked where it is read.
 */

/** A JSON Schema (OpenAPI 3.1 dialect) as the server's generator writes it. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  /** `false` with `prefixItems`: a tuple of exactly those. */
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
};

/** A parameter of an operation (path, query or header). */
export type OpenApiParameter = {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
};

/** A media-type map: `{ 'application/json': { schema } }`. */
export type OpenApiContent = Record<string, { schema?: JsonSchema; example?: unknown }>;

/** One operation (method) of a path. */
export type OpenApiOperation = {
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; description?: string; content?: OpenApiContent };
  responses?: Record<string, { description?: string; content?: OpenApiContent }>;
};

/** The whole document. */
export type OpenApiDocument = {
  openapi: string;
  info?: { title?: string; description?: string; version?: string };
  paths?: Record<string, Record<string, OpenApiOperation | OpenApiParameter[] | unknown>>;
  components?: { schemas?: Record<string, JsonSchema>; parameters?: Record<string, OpenApiParameter> };
};

/**
 * `schema` with its `$ref` followed into `components.schemas` (`#/components/schemas/Name`),
 * repeatedly; a reference the document lacks resolves to `{}` (anything). Other keys beside a
 * `$ref` (3.1 allows a `description`) win over the target's.
 */
export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  let current: JsonSchema = schema ?? {};
  for (let hops = 0; current.$ref && hops < 20; hops += 1) {
    const { $ref, ...rest } = current;
    const name = $ref.startsWith('#/components/schemas/') ? $ref.slice('#/components/schemas/'.length) : '';
    current = { ...(doc.components?.schemas?.[name] ?? {}), ...rest };
  }
  return current;
}

/**
 * `schema` resolved and flattened for reading its fields: `allOf` parts merged (properties and
 * required lists), `anyOf`/`oneOf` reduced to their first non-null choice, a `["string", "null"]`
 * type kept as is (see `typeLabel`).
 */
export function flattenSchema(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  const resolved = resolveSchema(doc, schema);
  if (resolved.allOf?.length) {
    const { allOf, ...own } = resolved;
    return allOf.map((part) => flattenSchema(doc, part)).reduce<JsonSchema>((merged, part) => ({
      ...part,
      ...merged,
      properties: { ...part.properties, ...merged.properties },
      required: [...(part.required ?? []), ...(merged.required ?? [])],
      type: merged.type ?? part.type,
    }), own);
  }
  const choices = resolved.anyOf ?? resolved.oneOf;
  if (choices?.length) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...own } = resolved;
    const isNull = (c: JsonSchema) => resolveSchema(doc, c).type === 'null';
    const chosen = flattenSchema(doc, choices.find((c) => !isNull(c)) ?? choices[0]);
    const { types, nullable } = schemaTypes(chosen);
    const type = choices.some(isNull) && !nullable && types.length ? [...types, 'null'] : chosen.type;
    return { ...chosen, type, ...own };
  }
  return resolved;
}

/** The schema's types without 'null' ('string' for `["string", "null"]`), and whether null is allowed. */
export function schemaTypes(schema: JsonSchema): { types: string[]; nullable: boolean } {
  const all = schema.type === undefined ? [] : [schema.type].flat();
  return { types: all.filter((t) => t !== 'null'), nullable: all.includes('null') };
}
