import { describe, expect, it } from 'vitest';
import { bodyFields, typeLabel } from './body-fields';
import type { JsonSchema } from './openapi';
import { listOperations } from './operations';
import { FIXTURE_DOC } from './test-fixture';

const body = (method: string, path: string) => listOperations(FIXTURE_DOC).find((op) => op.method === method && op.path === path)!.body!.schema;

describe('request body fields', () => {
  it('lists a mailing order\'s fields with type, required and default, and the nested recipient', () => {
    const fields = bodyFields(FIXTURE_DOC, body('POST', '/api/orders/mailing'));
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(byName.mailingListId).toMatchObject({ type: 'string (uuid)', required: true, description: 'The list the recipient belongs to' });
    expect(byName.recipientId).toMatchObject({ required: false });
    expect(byName.deliveryType).toMatchObject({ type: '"print-mail" | "print-only" | "digital"', required: false, defaultValue: '"print-mail"' });
    expect(byName.recipientData).toMatchObject({ type: 'object', required: false });
    expect(byName['recipientData.state']).toMatchObject({ type: 'string (2 characters)', required: true, description: '2-letter state code' });
  });

  it('lists the fields of both allOf parts of an address', () => {
    const names = bodyFields(FIXTURE_DOC, body('POST', '/api/addresses')).map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['mailing_list_id', 'first_name', 'zip', 'city_state_zip']));
  });

  it('lists the items of a list body as [].field, and names a body that is not an object', () => {
    const list: JsonSchema = { type: 'array', items: { type: 'object', properties: { zip: { type: 'string' } }, required: ['zip'] } };
    expect(bodyFields(FIXTURE_DOC, list)).toEqual([{ name: '[].zip', type: 'string', required: true, description: '' }]);
    expect(bodyFields(FIXTURE_DOC, { type: 'array', items: { type: 'string' } })).toEqual([{ name: '(body)', type: 'array of string', required: true, description: '' }]);
  });

  it('describes types in words', () => {
    expect(typeLabel(FIXTURE_DOC, { type: ['string', 'null'] })).toBe('string | null');
    expect(typeLabel(FIXTURE_DOC, { type: 'integer', minimum: 1, maximum: 100000 })).toBe('integer (1–100000)');
    expect(typeLabel(FIXTURE_DOC, { anyOf: [{ type: 'integer', minimum: -9007199254740991 }, { type: 'null' }] })).toBe('integer | null');
    expect(typeLabel(FIXTURE_DOC, { type: 'string', const: 'USD' })).toBe('"USD"');
    expect(typeLabel(FIXTURE_DOC, { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false })).toBe('[number, number]');
  });
});
