import { describe, expect, it } from 'vitest';
import { checkAddress } from './offline-checker.js';
import { overridesOf, recordReader, type MappedList } from './record-reader.js';

const at = (city: string, state: string, zip: string, address = '1 Main St') =>
  checkAddress({ id: 'r', address, address2: '', city, state, zip }).map((i) => [i.code, i.suggestion ?? null]);

describe('the offline address checker', () => {
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
    expect(at('Chicago', 'IL', '6060')).toEqual([['zip_leading_zero', '06060'], ['zip_likely_wrong', null]]);
    expect(at('Chicago', 'IL', '606011')).toEqual([['zip_format', null]]);
    expect(at('Nowhere', 'IL', '00000')).toEqual([['zip_unknown', null]]);
    expect(at('', '', '', '')).toEqual([['missing_part', null], ['missing_part', null], ['missing_part', null], ['missing_part', null]]);
  });

  it('says the ZIP is likely wrong when the city is one of the state\'s but not the ZIP\'s, instead of moving the address to the ZIP\'s city', () => {
    const issue = (city: string, state: string, zip: string) => checkAddress({ id: 'r', address: '1 Main St', address2: '', city, state, zip });
    // San Francisco is a Californian city; 10001 is New York's: the ZIP is wrong, not the city and state.
    expect(issue('San Francisco', 'CA', '10001')).toEqual([{
      recordId: 'r', field: 'zip', code: 'zip_likely_wrong',
      message: 'ZIP code 10001 is in New York, NY, not in San Francisco, CA: the ZIP code is likely wrong',
    }]);
    expect(at('Buffalo', 'NY', '10001')).toEqual([['zip_likely_wrong', null]]);
    expect(at('Oakland', 'CA', '94105')).toEqual([['zip_likely_wrong', null]]);
    // A city with a few ZIP codes names them; with one, that ZIP is the fix.
    expect(issue('Bangor', 'ME', '10001')[0]).toMatchObject({ code: 'zip_likely_wrong', suggestion: 'Bangor, ME ZIP codes: 04401, 04402' });
    expect(issue('Bangor', 'ME', '10001')[0].fixes).toBeUndefined();
    expect(issue('Barnard', 'VT', '10001')[0]).toMatchObject({ code: 'zip_likely_wrong', suggestion: '05031', fixes: { zip: '05031' } });
    // A city the state does not have still gets the ZIP's city and state.
    expect(issue('Frisco', 'CA', '94105')[0]).toMatchObject({ code: 'zip_city_mismatch', suggestion: 'San Francisco', fixes: { city: 'San Francisco' } });
    expect(issue('Boston', 'NJ', '10001')[0]).toMatchObject({ code: 'zip_state_mismatch', suggestion: 'New York, NY', fixes: { city: 'New York', state: 'NY' } });
    expect(at('New York', 'MA', '10001')).toEqual([['zip_state_mismatch', 'NY']]);
  });

  it('recognises military addresses and wants AA, AE or AP with them', () => {
    expect(at('FPO', 'AP', '96278')).toEqual([['military', null]]);
    expect(at('APO', 'NY', '09021')).toEqual([['military_state', 'AE']]);
  });

  it('turns fixes into a recomposed last line when the list maps City, State ZIP as one column', () => {
    const src = { list: { headers: ['Name', 'Street', 'Last line'] }, mappings: { Name: 'full_name', Street: 'address', 'Last line': 'city_state_zip' }, fieldSettings: {} } as unknown as MappedList;
    const reader = recordReader(src);
    const read = reader.read({ id: 'r', rowIndex: 0, values: ['Ann Lee', '350 5th Ave', 'Boston, NJ 10001'], overrides: {}, excluded: false, ignoredIssues: [] });
    expect(read.address).toMatchObject({ city: 'Boston', state: 'NJ', zip: '10001' });
    const [issue] = checkAddress(read.address);
    expect(issue.code).toBe('zip_state_mismatch');
    expect(overridesOf(issue, read, reader.combined)).toEqual({ city_state_zip: 'New York, NY 10001' });
  });
});
