import { describe, expect, it } from 'vitest';
import { assign, columnsOf, draftFrom, setCapitalization, toPayload } from './mapping-draft';

const headers = ['First', 'Last', 'Town', 'Note 1', 'Note 2', 'IMB'];

describe('mapping draft', () => {
  it('starts from the server answer, keeping only columns the file has', () => {
    const draft = draftFrom(headers, { First: 'first_name', Gone: 'last_name', Town: '' }, { capitalization: { first_name: 'upper' } });
    expect(draft.mappings).toEqual({ First: 'first_name' });
    expect(draft.capitalization).toEqual({ first_name: 'upper' });
  });

  it('starts with no capitalization when the server sends none', () => {
    expect(draftFrom(headers, {}, {}).capitalization).toEqual({});
  });

  it('lists the columns of a field in file order', () => {
    const draft = draftFrom(headers, { 'Note 2': 'custom_1', 'Note 1': 'custom_1', First: 'first_name' }, {});
    expect(columnsOf(draft, headers, 'custom_1')).toEqual(['Note 1', 'Note 2']);
    expect(columnsOf(draft, headers, 'city')).toEqual([]);
  });

  it('replaces what a field had when a column is chosen for it', () => {
    const draft = assign(draftFrom(headers, { First: 'first_name' }, {}), 'first_name', ['Last']);
    expect(draft.mappings).toEqual({ Last: 'first_name' });
  });

  it('takes a column away from the field that used it', () => {
    const draft = assign(draftFrom(headers, { Last: 'first_name' }, {}), 'last_name', ['Last']);
    expect(columnsOf(draft, headers, 'first_name')).toEqual([]);
    expect(columnsOf(draft, headers, 'last_name')).toEqual(['Last']);
  });

  it('clears a field given no columns', () => {
    const draft = assign(draftFrom(headers, { First: 'first_name', Town: 'city' }, {}), 'city', []);
    expect(draft.mappings).toEqual({ First: 'first_name' });
  });

  it('does not change the draft it was given', () => {
    const before = draftFrom(headers, { First: 'first_name' }, { capitalization: {} });
    assign(before, 'city', ['Town']);
    setCapitalization(before, 'first_name', 'upper');
    expect(before).toEqual({ mappings: { First: 'first_name' }, capitalization: {} });
  });

  it('sends capitalization only for mapped fields that are not USPS fields', () => {
    let draft = draftFrom(headers, { First: 'first_name', IMB: 'imbno' }, {});
    draft = setCapitalization(draft, 'first_name', 'title');
    draft = setCapitalization(draft, 'city', 'upper');
    draft = setCapitalization(draft, 'imbno', 'lower');
    expect(toPayload('list-1', draft)).toEqual({
      fileId: 'list-1',
      mappings: { First: 'first_name', IMB: 'imbno' },
      fieldSettings: { capitalization: { first_name: 'title' } },
    });
  });
});
