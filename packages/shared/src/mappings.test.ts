import { describe, expect, it } from 'vitest';
import { ZMapColumnsSchema } from './mappings.js';
import { keepCapitalization, overusedFields } from './mapping-rules.js';
import { printedCell } from './fields.js';

describe('ZMapColumnsSchema', () => {
  it('accepts several columns for a custom field and keeps capitalization of mapped non-USPS fields only', () => {
    const parsed = ZMapColumnsSchema.parse({
      fileId: 'list-1',
      mappings: { First: 'first_name', Note: 'custom_2', Extra: 'custom_2', Tray: 'presorttrayid' },
      fieldSettings: { capitalization: { first_name: 'title', presorttrayid: 'upper', city: 'lower' } },
    });
    expect(parsed.fieldSettings).toEqual({ capitalization: { first_name: 'title' } });
    expect(ZMapColumnsSchema.parse({ fileId: 'x', mappings: {} }).fieldSettings).toEqual({ capitalization: {} });
  });

  it('names the field mapped from two columns, an unknown field and an unknown mode', () => {
    const twice = ZMapColumnsSchema.safeParse({ fileId: 'x', mappings: { A: 'email', B: 'email' } });
    expect(twice.error?.issues[0].message).toBe("The field email can be mapped from one column only; it is mapped from 'A' and 'B'");
    const field = ZMapColumnsSchema.safeParse({ fileId: 'x', mappings: { A: 'nickname' } });
    expect(field.error?.issues[0].message).toBe("'nickname' is not a field that columns can be mapped to");
    const mode = ZMapColumnsSchema.safeParse({ fileId: 'x', mappings: {}, fieldSettings: { capitalization: { email: 'loud' } } });
    expect(mode.error?.issues[0].message).toContain("'loud' is not a capitalization option");
  });

  it('helpers: overused non-custom fields and kept capitalization', () => {
    expect(overusedFields({ A: 'zip', B: 'zip', C: 'custom_1', D: 'custom_1' })).toEqual([{ field: 'zip', columns: ['A', 'B'] }]);
    expect(keepCapitalization({ A: 'city' }, { city: 'upper', state: 'upper' })).toEqual({ city: 'upper' });
  });
});

describe('printedCell (docs/requirements/workflow.md#clear-states-and-fast-pages: the Data Preview shows values as they print)', () => {
  it('pads a ZIP, capitalises as set, and leaves unmapped and USPS columns alone', () => {
    expect(printedCell('8014', 'zip')).toBe('08014');
    expect(printedCell(' venere ', 'last_name', { capitalization: { last_name: 'upper' } })).toBe('VENERE');
    expect(printedCell(' as typed ', undefined)).toBe(' as typed ');
    expect(printedCell('a1b2', 'imbno', { capitalization: { imbno: 'upper' } })).toBe('a1b2');
  });
});
