import { z } from 'zod';

/** A validation issue as zod reports it (or fastify-type-provider-zod passes it on: code, path and the issue's own fields). */
export type Issue = { code?: string; path?: ReadonlyArray<PropertyKey>; message: string } & Record<string, unknown>;

/** Where a request's invalid part was: Fastify's `validationContext`. */
export type ValidationContext = 'body' | 'querystring' | 'params' | 'headers' | string | undefined;

const WHOLE: Record<string, string> = { body: 'The request body', querystring: 'The query', params: 'The path', headers: 'The headers' };
const english = z.locales.en();

/** How a field is named in a sentence: its path joined with dots, array positions in brackets ('recipientData.first_name', '[2].zip'). */
function fieldName(path: ReadonlyArray<PropertyKey>, context: ValidationContext): string {
  if (path.length === 0) return WHOLE[context ?? 'body'] ?? 'The request';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`)).join('');
}

/**
 * Whether `issue.message` is zod's own wording (which names no field: 'Invalid input: expected
 * string, received undefined') rather than one a schema chose ('State must be a 2-letter code').
 * invalid_type is compared by its shape, its wording depends on the input zod no longer reports.
 */
function isZodWording(issue: Issue): boolean {
  if (issue.code === 'invalid_type') return /^Invalid input: expected \S+, received \S+$/.test(issue.message);
  return zodWording(issue) === issue.message;
}

/** zod's English message for `issue`, or '' when it has none. */
function zodWording(issue: Issue): string {
  const own = english.localeError(issue as never);
  return (typeof own === 'string' ? own : own?.message) ?? '';
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number', int: 'a whole number', string: 'text', boolean: 'true or false', array: 'a list', object: 'an object', date: 'a date',
};
const UNITS: Record<string, string> = { string: ' characters', array: ' items', set: ' items', file: ' bytes' };
const list = (values: unknown): string => (Array.isArray(values) ? values.map((v) => String(v)).join(', ') : '');

/** What is wrong, after the field's name: 'is required', 'must be a number', 'must be at most 100'. */
function predicate(issue: Issue): string | null {
  const unit = UNITS[String(issue.origin)] ?? '';
  switch (issue.code) {
    case 'invalid_type': {
      // A whole body that is absent reaches the schema as null.
      const absent = /received undefined$/.test(issue.message) || (!issue.path?.length && /received null$/.test(issue.message));
      return absent ? 'is required' : `must be ${TYPE_WORDS[String(issue.expected)] ?? String(issue.expected)}`;
    }
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return 'must not be empty';
      return issue.inclusive === false ? `must be more than ${String(issue.minimum)}${unit}` : `must be at least ${String(issue.minimum)}${unit}`;
    case 'too_big':
      return issue.inclusive === false ? `must be less than ${String(issue.maximum)}${unit}` : `must be at most ${String(issue.maximum)}${unit}`;
    case 'invalid_value':
      return Array.isArray(issue.values) && issue.values.length === 1 ? `must be ${list(issue.values)}` : `must be one of: ${list(issue.values)}`;
    case 'invalid_format': {
      const own = zodWording(issue);
      // 'Invalid string: must start with "x"' → 'must start with "x"'; 'Invalid UUID' → 'must be a valid UUID'.
      return /^Invalid string: /.test(own) ? own.slice('Invalid string: '.length) : `must be a valid ${own.replace(/^Invalid /, '') || String(issue.format)}`;
    }
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `has fields this API does not take: ${list(issue.keys)}`;
    default:
      return null;
  }
}

/**
 * One validation issue as a sentence naming the field (docs/requirements/print-on-demand-api.md#errors):
 * zod's default wording becomes e.g. 'first_name is required', 'limit must be a number', 'limit
 * must be at most 100', 'format must be one of: postcard, mailer-letter, mailer-tabloid', 'The
 * request body is required'; a message a schema chose itself is kept as it is.
 */
export function issueSentence(issue: Issue, context?: ValidationContext): string {
  if (!isZodWording(issue)) return issue.message;
  const what = predicate(issue) ?? 'is not valid';
  return `${fieldName(issue.path ?? [], context)} ${what}`;
}
