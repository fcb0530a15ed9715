import { describe, expect, it } from 'vitest';
import {
  barcodeIdProblem, composeImb, IMB_MESSAGES, IMB_SERVICE_TYPES, imbServiceType, isMailerId, mailerIdProblem, parseImb, routingCodeOf, serialDigits,
} from './imb-assignment.js';
import { IMB_SAMPLE, imbDigitsProblem } from './designs/imb.js';

describe('IMb assignment rules (docs/requirements/mail-tracking.md#imb-assignment)', () => {
  it('takes 6-digit Mailer IDs starting 0–8 and 9-digit ones starting with 9, and nothing else', () => {
    for (const mid of ['123456', '012345', '899999', '900000001', '987654321']) expect(mailerIdProblem(mid), mid).toBeNull();
    for (const mid of ['923456', '812345678', '12345', '1234567', '12345678', '9876543210', '12345a', ' 123456', '']) {
      expect(mailerIdProblem(mid), mid).toBe(IMB_MESSAGES.mailerIdFormat);
    }
  });

  it('takes Barcode IDs of 2 digits whose second is 0–4', () => {
    for (const id of ['00', '04', '10', '94']) expect(barcodeIdProblem(id), id).toBeNull();
    for (const id of ['05', '09', '0', '000', 'a0']) expect(barcodeIdProblem(id), id).toBe(IMB_MESSAGES.barcodeIdFormat);
  });

  it('lists Service Type IDs once each, 3 digits, labelled with their class and options', () => {
    const ids = IMB_SERVICE_TYPES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of IMB_SERVICE_TYPES) {
      expect(s.id).toMatch(/^\d{3}$/);
      expect(s.label).toContain(s.mailClass);
      expect(s.label).toContain(s.service === 'full' ? 'Full-Service' : 'Basic');
    }
    expect(imbServiceType('270')).toMatchObject({ mailClass: 'First-Class Mail', service: 'full', ivMtr: true, acs: false });
    expect(imbServiceType('300')).toMatchObject({ mailClass: 'First-Class Mail', service: 'basic', ivMtr: false, acs: false });
    expect(imbServiceType('271')).toMatchObject({ mailClass: 'USPS Marketing Mail', service: 'full', ivMtr: true, acs: false });
    expect(imbServiceType('314')).toMatchObject({ service: 'full', ivMtr: true, acs: true });
    expect(imbServiceType('040')).toMatchObject({ service: 'basic', ivMtr: true, acs: false });
    expect(imbServiceType('999')).toBeUndefined();
  });

  it('gives a 6-digit MID a 9-digit serial and a 9-digit MID a 6-digit serial', () => {
    expect(serialDigits('123456')).toBe(9);
    expect(serialDigits('912345678')).toBe(6);
    expect(() => serialDigits('12345')).toThrow(IMB_MESSAGES.mailerIdFormat);
    expect(isMailerId('912345678')).toBe(true);
  });

  it('composes an IMb from its parts and reads the same parts back, with either MID length and every routing length', () => {
    for (const mailerId of ['123456', '912345678']) {
      for (const routing of ['', '70116', '701162315', '70116231549']) {
        const imb = composeImb({ barcodeId: '00', stid: '270', mailerId, serial: 42, routing });
        expect(imb).toHaveLength(20 + routing.length);
        expect(imbDigitsProblem(imb)).toBeNull();
        expect(parseImb(imb)).toEqual({ barcodeId: '00', stid: '270', mailerId, serial: '42'.padStart(serialDigits(mailerId), '0'), routing });
      }
    }
    // The USPS-B-3200 sample: Barcode ID 01, STID 234, 6-digit MID 567094, serial 987654321, routing 01234567891.
    expect(parseImb(IMB_SAMPLE.digits)).toEqual({ barcodeId: '01', stid: '234', mailerId: '567094', serial: '987654321', routing: '01234567891' });
    expect(parseImb('01 234 567094 987654321-01234567891')?.mailerId).toBe('567094');
  });

  it('refuses parts that do not fit and values that are not an IMb', () => {
    expect(() => composeImb({ barcodeId: '05', stid: '270', mailerId: '123456', serial: 1, routing: '' })).toThrow(IMB_MESSAGES.barcodeIdFormat);
    expect(() => composeImb({ barcodeId: '00', stid: '27', mailerId: '123456', serial: 1, routing: '' })).toThrow('The Service Type ID is 3 digits');
    expect(() => composeImb({ barcodeId: '00', stid: '270', mailerId: '912345678', serial: 1_000_000, routing: '' }))
      .toThrow('The serial number of Mailer ID 912345678 has 6 digits');
    expect(() => composeImb({ barcodeId: '00', stid: '270', mailerId: '123456', serial: 1, routing: '7011' })).toThrow('The routing code is 0, 5, 9 or 11 digits');
    expect(parseImb('0123456709498765432')).toBeNull(); // 19 digits
    expect(parseImb('012345670949876543210123')).toBeNull(); // routing of 4
    expect(parseImb('09234567094987654321')).toBeNull(); // Barcode ID's second digit 9
    expect(parseImb('0123456709498765432x')).toBeNull();
  });

  it('routes by ZIP+4 and delivery point when the address check verified them, else ZIP+4, else the ZIP, else none', () => {
    expect(routingCodeOf('70116', { zip: '70116-2315', deliveryPoint: '49' })).toBe('70116231549');
    expect(routingCodeOf('70116-2315', { zip: '70116-2315' })).toBe('701162315');
    expect(routingCodeOf('70116-2315')).toBe('701162315');
    expect(routingCodeOf('701162315')).toBe('701162315');
    expect(routingCodeOf(' 70116 ')).toBe('70116');
    expect(routingCodeOf('8014')).toBe('');
    expect(routingCodeOf('')).toBe('');
    expect(routingCodeOf('70116', { zip: '70116', deliveryPoint: '49' })).toBe('70116');
  });
});
