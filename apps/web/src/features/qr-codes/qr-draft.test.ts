import { describe, expect, it } from 'vitest';
import { QR_MESSAGES } from '@mailcraft/shared';
import { addStatic, draftFromRecord, setStatic, setVariable, toggleField, validateDraft } from './qr-draft';

const empty = () => ({ ...draftFromRecord(undefined), baseUrl: 'https://shop.example.com/' });

describe('QR draft', () => {
  it('a field toggled on gets its default parameter and capitalization original; off removes it', () => {
    const on = toggleField(toggleField(toggleField(empty(), 'first_name', true), 'company_name', true), 'presorttrayid', true);
    expect(on.variables).toEqual({
      first_name: { param: 'fname', capitalization: 'original' },
      company_name: { param: 'company', capitalization: 'original' },
      presorttrayid: { param: 'trayid', capitalization: 'original' },
    });
    expect(Object.keys(toggleField(on, 'first_name', false).variables)).toEqual(['company_name', 'presorttrayid']);
  });

  it('gives the three parameter-name messages, and the duplicate one', () => {
    const d = toggleField(empty(), 'first_name', true);
    expect(validateDraft(setVariable(d, 'first_name', { param: '' }))['field:first_name']).toBe(QR_MESSAGES.paramRequired);
    expect(validateDraft(setVariable(d, 'first_name', { param: 'page' }))['field:first_name']).toBe(QR_MESSAGES.paramReserved);
    expect(validateDraft(setVariable(d, 'first_name', { param: 'First' }))['field:first_name']).toBe(QR_MESSAGES.paramCharacters);
    const both = setVariable(toggleField(d, 'last_name', true), 'last_name', { param: 'fname' });
    expect(validateDraft(both)['field:last_name']).toBe(QR_MESSAGES.paramDuplicate);
    expect(validateDraft(d)).toEqual({});
  });

  it('cleans typed static names and checks only rows in use', () => {
    let d = addStatic(addStatic(empty()));
    d = setStatic(d, 0, { name: 'Src Code!', value: 'mail' });
    expect(d.staticParams[0]).toEqual({ name: 'srccode', value: 'mail' });
    expect(validateDraft(d)).toEqual({});
    d = setStatic(d, 1, { name: 'utm_source', value: 'x' });
    expect(validateDraft(d)).toEqual({ 'static:1': QR_MESSAGES.paramReserved });
  });

  it('requires an http(s) destination', () => {
    expect(validateDraft({ ...empty(), baseUrl: '' }).baseUrl).toBe(QR_MESSAGES.baseUrlRequired);
    expect(validateDraft({ ...empty(), baseUrl: 'ftp://x.example' }).baseUrl).toBe(QR_MESSAGES.baseUrlInvalid);
  });
});
