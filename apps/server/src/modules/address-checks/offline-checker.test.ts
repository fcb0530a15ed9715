import { describe, expect, it } from 'vitest';
import { checkAddress } from './offline-checker.js';
import { overridesOf, recordReader, type MappedList } from './record-reader.js';

const at = (city: string, state: string, zip: string, address = '1 Main St') =>
  checkAddress({ id: 'r', address, address2: '', city, state, zip }).map((i) => [i.code, i.suggestion ?? null]);

describe('the offline address checker (issue 12)', () => {
  it('accepts correct addresses, ZIP+4, any case, Saint/St, and a city of the ZIP\'s sectional center', () => {
    expect(at('New York', 'NY', '10001-1234')).toEqual([]);
    expect(at('new york', 'ny', '100011234')).toEqual([]);
    expect(at('Saint Louis', 'MO', '63101')).toEqual([]);
    expect(at('Bridgeport', 'NJ', '08014')).toEqual([]);
  });

  it('suggests the state code of a spelled-out state, and the ZIP\'s state for an unknown code', () => {
    expect(at('Chicago', 'Illinois', '60601')).toEqual([['state_unknown', 'IL']]);
    expect(at('Chicago', 'ZZ', '60601')).toEqual([['state_unknown', 'IL']]);
  });

  it('reports ZIPs that are malformed or unknown, and missing parts', () => {
    expect(at('Chicago', 'IL', '6060')).toEqual([['zip_leading_zero', '06060'], ['zip_state_mismatch', 'North Granby, CT']]);
    expect(at('Chicago', 'IL', '606011')).toEqual([['zip_format', null]]);
    expect(at('Nowhere', 'IL', '00000')).toEqual([['zip_unknown', null]]);
    expect(at('', '', '', '')).toEqual([['missing_part', null], ['missing_part', null], ['missing_part', null], ['missing_part', null]]);
  });

  it('recognises military addresses and wants AA, AE or AP with them', () => {
    expect(at('FPO', 'AP', '96278')).toEqual([['military', null]]);
    expect(at('APO', 'NY', '09021')).toEqual([['military_state', 'AE']]);
  });

  it('turns fixes into a recomposed last line when the list maps City, State ZIP as one column', () => {
    const src = { list: { headers: ['Name', 'Street', 'Last line'] }, mappings: { Name: 'full_name', Street: 'address', 'Last line': 'city_state_zip' }, fieldSettings: {} } as unknown as MappedList;
    const reader = recordReader(src);
    const read = reader.read({ id: 'r', rowIndex: 0, values: ['Ann Lee', '350 5th Ave', 'Boston, MA 10001'], overrides: {}, excluded: false });
    expect(read.address).toMatchObject({ city: 'Boston', state: 'MA', zip: '10001' });
    const [issue] = checkAddress(read.address);
    expect(issue.code).toBe('zip_state_mismatch');
    expect(overridesOf(issue, read, reader.combined)).toEqual({ city_state_zip: 'New York, NY 10001' });
  });
});
