import { describe, expect, it } from 'vitest';
import { derivedDefault, missingRequired, newRecipientFields, recipientData, searchFields } from './recipient-fields';

describe('new recipient fields', () => {
  it('offers the required fields, the mapped standard fields and only the mapped custom fields', () => {
    const fields = newRecipientFields({ first_name: 'First', email: 'E-mail', custom_2: 'Tier', zip: 'Zip', sequence: 'Seq', full_name_mail: 'To' });
    expect(fields).toEqual(['first_name', 'last_name', 'email', 'address', 'city', 'state', 'zip', 'custom_2']);
    expect(newRecipientFields(undefined)).toEqual(['first_name', 'last_name', 'address', 'city', 'state', 'zip']);
  });

  it('names the empty required fields, spaces counting as empty', () => {
    expect(missingRequired({ first_name: 'Ada', last_name: ' ', address: '1 Main', city: 'X', state: 'IL' })).toEqual(['last_name', 'zip']);
    expect(missingRequired({ first_name: 'A', last_name: 'B', address: 'C', city: 'D', state: 'IL', zip: '62701' })).toEqual([]);
  });

  it("defaults full name to 'first last' and city_state_zip to 'city, state zip'", () => {
    const draft = { first_name: 'Ada ', middle_name: 'K', last_name: 'Lovelace', city: 'Springfield', state: 'IL', zip: '62701' };
    expect(derivedDefault('full_name', draft)).toBe('Ada Lovelace');
    expect(derivedDefault('city_state_zip', draft)).toBe('Springfield, IL 62701');
    expect(derivedDefault('city_state_zip', {})).toBe('');
    expect(derivedDefault('email', draft)).toBeUndefined();
  });

  it('sends trimmed values, leaves empty ones out and fills the defaults unless typed', () => {
    const fields = ['first_name', 'last_name', 'full_name', 'email', 'address', 'city', 'state', 'zip', 'city_state_zip'];
    const draft = { first_name: ' Ada', last_name: 'Lovelace', email: '  ', address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' };
    expect(recipientData(draft, fields)).toEqual({
      first_name: 'Ada', last_name: 'Lovelace', address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701',
      full_name: 'Ada Lovelace', city_state_zip: 'Springfield, IL 62701',
    });
    expect(recipientData({ ...draft, full_name: 'Countess Lovelace' }, fields).full_name).toBe('Countess Lovelace');
  });

  it('searches only in the standard fields the list maps', () => {
    expect(searchFields({ last_name: 'Last', custom_1: 'X', city: 'City' })).toEqual(['last_name', 'city']);
    expect(searchFields(undefined)).toEqual([]);
  });
});
