import { describe, expect, it } from 'vitest';
import { EXAMPLE_UUID, exampleFor } from './example-body';
import type { JsonSchema, OpenApiDocument } from './openapi';
import { FIXTURE_DOC } from './test-fixture';

const doc = (schemas: Record<string, JsonSchema> = {}): OpenApiDocument => ({ openapi: '3.1.0', paths: {}, components: { schemas } });
const bodyOf = (path: string, method = 'post') =>
  (FIXTURE_DOC.paths?.[path]?.[method] as { requestBody: { content: Record<string, { schema: JsonSchema }> } }).requestBody.content['application/json'].schema;

describe('exampleFor: the JSON body of a code sample', () => {
  it('prefers the schema\'s own example, then examples, const, default and enum', () => {
    const d = doc();
    expect(exampleFor(d, { type: 'string', example: 'Spring mailer', examples: ['other'], enum: ['a'] })).toBe('Spring mailer');
    expect(exampleFor(d, { type: 'string', examples: ['first', 'second'] })).toBe('first');
    expect(exampleFor(d, { type: 'string', const: 'USD' })).toBe('USD');
    expect(exampleFor(d, { type: 'integer', default: 25, minimum: 1 })).toBe(25);
    expect(exampleFor(d, { type: 'string', enum: ['postcard', 'mailer-letter'] })).toBe('postcard');
    // An empty default says nothing: the placeholder is more useful.
    expect(exampleFor(d, { type: 'string', default: '' })).toBe('string');
  });

  it('falls back to a placeholder by type and format that fits the limits', () => {
    const d = doc();
    expect(exampleFor(d, { type: 'string', format: 'uuid' })).toBe(EXAMPLE_UUID);
    expect(exampleFor(d, { type: 'string', format: 'date-time' })).toBe('2026-01-15T09:30:00.000Z');
    expect(exampleFor(d, { type: 'string', format: 'email' })).toBe('jane@example.com');
    expect(exampleFor(d, { type: 'string', minLength: 2, maxLength: 2 })).toBe('st');
    expect(exampleFor(d, { type: 'string', minLength: 8 })).toBe('stringxx');
    expect(exampleFor(d, { type: 'integer', minimum: 1, maximum: 1000 })).toBe(1);
    expect(exampleFor(d, { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 })).toBe(0);
    expect(exampleFor(d, { type: 'boolean' })).toBe(true);
    expect(exampleFor(d, { type: ['string', 'null'] })).toBe('string');
    expect(exampleFor(d, { type: 'null' })).toBeNull();
    expect(exampleFor(d, { type: 'array', items: { type: 'string', format: 'uuid' } })).toEqual([EXAMPLE_UUID]);
    expect(exampleFor(d, { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 5 }] })).toBe(5);
    expect(exampleFor(d, { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], items: false })).toEqual([0, 'string']);
  });

  it('builds a mailing order from the real schema: required fields and plain optional ones, not the recipientData alternative', () => {
    expect(exampleFor(FIXTURE_DOC, bodyOf('/api/orders/mailing'))).toEqual({
      templateId: 'string',
      mailingListId: EXAMPLE_UUID,
      recipientId: EXAMPLE_UUID,
      deliveryType: 'print-mail',
      format: 'postcard',
    });
  });

  it('merges allOf parts (an address: the recipient fields and its list)', () => {
    const address = exampleFor(FIXTURE_DOC, bodyOf('/api/addresses')) as Record<string, unknown>;
    expect(address).toMatchObject({ mailing_list_id: EXAMPLE_UUID, first_name: 'string', state: 'st', zip: 'string' });
    expect(Object.keys(address)).toContain('city_state_zip');
  });

  it('follows $refs and keeps a required nested object, and stops a schema that refers to itself', () => {
    const d = doc({
      Recipient: { type: 'object', properties: { zip: { type: 'string', example: '78701' } }, required: ['zip'] },
      Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } }, required: ['child'] },
    });
    expect(exampleFor(d, { type: 'object', properties: { to: { $ref: '#/components/schemas/Recipient' } }, required: ['to'] })).toEqual({ to: { zip: '78701' } });
    expect(JSON.stringify(exampleFor(d, { $ref: '#/components/schemas/Node' }))).toBe('{"child":{"child":{"child":{"child":{"child":{"child":{"child":null}}}}}}}');
    expect(exampleFor(d, { $ref: '#/components/schemas/Missing' })).toEqual({});
  });
});
