import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueSentence, type Issue } from './validation-sentences.js';

/** The sentence of the first issue `schema` finds in `input`. */
const sentence = (schema: z.ZodType, input: unknown, context?: string) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return issueSentence(result.error.issues[0] as unknown as Issue, context);
};

/** Validation failures as sentences naming the field (docs/requirements/print-on-demand-api.md#errors). */
describe('issueSentence', () => {
  it('words zod\'s own messages as sentences naming the field', () => {
    expect(sentence(z.object({ first_name: z.string() }), {})).toBe('first_name is required');
    expect(sentence(z.object({ r: z.object({ first_name: z.string() }) }), { r: {} })).toBe('r.first_name is required');
    expect(sentence(z.array(z.object({ zip: z.string() })), [{ zip: '1' }, {}])).toBe('[1].zip is required');
    expect(sentence(z.object({ limit: z.coerce.number() }), { limit: 'ten' })).toBe('limit must be a number');
    expect(sentence(z.object({ limit: z.coerce.number().max(100) }), { limit: '500' })).toBe('limit must be at most 100');
    expect(sentence(z.object({ name: z.string().min(3) }), { name: 'a' })).toBe('name must be at least 3 characters');
    expect(sentence(z.object({ name: z.string().min(1) }), { name: '' })).toBe('name must not be empty');
    expect(sentence(z.object({ f: z.enum(['a', 'b']) }), { f: 'c' })).toBe('f must be one of: a, b');
    expect(sentence(z.object({ id: z.uuid() }), { id: 'x' })).toBe('id must be a valid UUID');
    expect(sentence(z.object({ ok: z.boolean() }), { ok: 'yes' })).toBe('ok must be true or false');
    expect(sentence(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe('The request body has fields this API does not take: b');
    expect(sentence(z.object({}), null, 'body')).toBe('The request body is required');
    expect(sentence(z.object({ q: z.string() }), 'x', 'querystring')).toBe('The query must be an object');
  });

  it('keeps a message the schema words itself', () => {
    expect(sentence(z.object({ state: z.string().length(2, 'State must be a 2-letter code') }), { state: 'Texas' })).toBe('State must be a 2-letter code');
    expect(sentence(z.object({ id: z.uuid({ error: 'Invalid project ID' }) }), { id: 'x' })).toBe('Invalid project ID');
  });
});
