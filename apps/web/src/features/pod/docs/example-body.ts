import { flattenSchema, schemaTypes, type JsonSchema, type OpenApiDocument } from './openapi';

/** The id every generated sample uses where a UUID goes (path parameters, `format: uuid` fields). */
export const EXAMPLE_UUID = '3f6c2a9e-8b1d-4e7a-9c5f-2d4b6a8e0c1f';

const FORMAT_EXAMPLES: Record<string, unknown> = {
  uuid: EXAMPLE_UUID,
  'date-time': '2026-01-15T09:30:00.000Z',
  date: '2026-01-15',
  email: 'jane@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
};
const MAX_DEPTH = 6;

/** 'string' fitted to the schema's length limits ('st' for a 2-letter state). */
function placeholderString(s: JsonSchema): string {
  const text = 'string'.padEnd(s.minLength ?? 0, 'x');
  return s.maxLength !== undefined ? text.slice(0, Math.max(s.maxLength, 0)) : text;
}

/** 0 moved into [minimum, maximum]. */
const placeholderNumber = (s: JsonSchema) => Math.min(Math.max(0, s.minimum ?? 0), s.maximum ?? Number.POSITIVE_INFINITY);

/** Whether an optional property is left out of a sample: objects and lists are, plain values are not. */
function isStructured(doc: OpenApiDocument, s: JsonSchema): boolean {
  const { types } = schemaTypes(flattenSchema(doc, s));
  return types.includes('object') || types.includes('array') || !!flattenSchema(doc, s).properties;
}

/**
 * A JSON value matching `schema`, for the Documentation tab's code samples (docs/requirements/print-on-demand-api.md#screens "Every code
 * block has a copy button"; §7). In order of preference: the schema's `example`, its first
 * `examples` entry, its `const`, its `default` (unless an empty string), its first `enum` value;
 * else a placeholder by type and format — 'string' (fitted to min/maxLength), EXAMPLE_UUID for
 * `uuid`, an ISO time for `date-time`, 0 moved into the number's range, true, null, `[item]`. An
 * object gets every required property and every optional plain value (optional objects and lists
 * are left out: they are alternatives or extras, e.g. a mailing order's `recipientData` beside
 * `recipientId`). `$ref`s are followed into `components.schemas`, `allOf` merged, `anyOf`/`oneOf`
 * take the first non-null choice, a tuple (`prefixItems`) gets one value per place; nesting deeper than 6 levels (a recursive schema) gives null.
 * Pure; never throws.
 */
export function exampleFor(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): unknown {
  if (depth > MAX_DEPTH) return null;
  const s = flattenSchema(doc, schema);
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined && s.default !== '') return s.default;
  if (s.enum?.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  const { types, nullable } = schemaTypes(s);
  const type = types[0] ?? (s.properties ? 'object' : s.items || s.prefixItems ? 'array' : undefined);
  switch (type) {
    case 'object': {
      const required = new Set(s.required ?? []);
      const entries = Object.entries(s.properties ?? {})
        .filter(([name, prop]) => required.has(name) || !isStructured(doc, prop))
        .map(([name, prop]) => [name, exampleFor(doc, prop, depth + 1)]);
      return Object.fromEntries(entries);
    }
    case 'array':
      if (s.prefixItems) return s.prefixItems.map((item) => exampleFor(doc, item, depth + 1));
      return s.items ? [exampleFor(doc, s.items, depth + 1)] : [];
    case 'string':
      return (s.format && FORMAT_EXAMPLES[s.format]) ?? placeholderString(s);
    case 'integer':
      return Math.ceil(placeholderNumber(s));
    case 'number':
      return placeholderNumber(s);
    case 'boolean':
      return true;
    default:
      return nullable ? null : {};
  }
}
