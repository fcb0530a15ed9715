import { flattenSchema, schemaTypes, type JsonSchema, type OpenApiDocument } from './openapi';

/** One field of a request body as the tab lists it: dotted name ('recipientData.first_name', '[].zip' in a list). */
export type BodyField = { name: string; type: string; required: boolean; description: string; defaultValue?: string };

const MAX_DEPTH = 2;

/**
 * A schema's type in words: 'string (uuid)', '"print-mail" | "print-only" | "digital"',
 * 'string | null', 'array of string', '[number, number]' (a tuple), 'object', 'integer (1–100000)', 'string (2 characters)',
 * 'string (up to 200 characters)'.
 */
export function typeLabel(doc: OpenApiDocument, schema: JsonSchema | undefined): string {
  const s = flattenSchema(doc, schema);
  const { types, nullable } = schemaTypes(s);
  const orNull = nullable ? ' | null' : '';
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum?.length) return s.enum.map((v) => JSON.stringify(v)).join(' | ') + orNull;
  const type = types[0] ?? (s.properties ? 'object' : s.items || s.prefixItems ? 'array' : 'any');
  if (type === 'array' && s.prefixItems) return `[${s.prefixItems.map((item) => typeLabel(doc, item)).join(', ')}]${orNull}`;
  if (type === 'array') return `array of ${s.items ? typeLabel(doc, s.items) : 'any'}${orNull}`;
  if (type === 'object') return `object${orNull}`;
  const safe = (n: number | undefined) => n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER;
  const range = safe(s.minimum) || safe(s.maximum) ? ` (${safe(s.minimum) ? s.minimum : ''}–${safe(s.maximum) ? s.maximum : ''})` : '';
  const length = s.minLength !== undefined && s.minLength === s.maxLength ? ` (${s.minLength} characters)`
    : s.maxLength !== undefined ? ` (up to ${s.maxLength} characters)` : '';
  return `${types.join(' | ') || type}${s.format ? ` (${s.format})` : range || length}${orNull}`;
}

/**
 * The fields of a request body (docs/requirements/print-on-demand-api.md#screens): each property with its type (`typeLabel`),
 * whether it is required, its description and default; nested objects and lists of objects are
 * expanded below their parent ('recipientData.first_name'), two levels deep. A body that is a list
 * of objects lists its items' fields as '[].name'. A body that is not an object gives one row named
 * '(body)'. `$ref`s are resolved into `components.schemas`, `allOf` merged.
 */
export function bodyFields(doc: OpenApiDocument, schema: JsonSchema | undefined): BodyField[] {
  const s = flattenSchema(doc, schema);
  if (s.properties) return objectFields(doc, s, '', 0);
  const item = s.items ? flattenSchema(doc, s.items) : undefined;
  if (item?.properties) return objectFields(doc, item, '[].', 0);
  return [{ name: '(body)', type: typeLabel(doc, schema), required: true, description: s.description ?? '' }];
}

function objectFields(doc: OpenApiDocument, s: JsonSchema, prefix: string, depth: number): BodyField[] {
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).flatMap(([name, prop]) => {
    const flat = flattenSchema(doc, prop);
    const field: BodyField = {
      name: `${prefix}${name}`,
      type: typeLabel(doc, prop),
      required: required.has(name),
      description: flat.description ?? '',
      ...(flat.default !== undefined && flat.default !== '' ? { defaultValue: JSON.stringify(flat.default) } : {}),
    };
    if (depth >= MAX_DEPTH - 1) return [field];
    const item = flat.items ? flattenSchema(doc, flat.items) : undefined;
    if (flat.properties) return [field, ...objectFields(doc, flat, `${prefix}${name}.`, depth + 1)];
    if (item?.properties) return [field, ...objectFields(doc, item, `${prefix}${name}[].`, depth + 1)];
    return [field];
  });
}
