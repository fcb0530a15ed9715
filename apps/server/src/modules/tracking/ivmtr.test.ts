import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ivmtrStage, parseImb } from '@mailcraft/shared';
import { readIvmtrFile } from './ivmtr-file.js';
import { localTimeIn, readScan, scanTime } from './ivmtr-scan.js';
import { loadConfig } from '../../platform/config.js';
import { nextStage } from './scan-matching.js';

/** The scans of `text` read as a file arriving in chunks of `chunk` characters. */
async function scansOf(text: string, chunk = 7) {
  const parts: Buffer[] = [];
  for (let i = 0; i < text.length; i += chunk) parts.push(Buffer.from(text.slice(i, i + chunk)));
  const out = [];
  for await (const s of readIvmtrFile(Readable.from(parts))) out.push({ ...readScan(s.fields, s.where), where: s.where });
  return out;
}
const failure = (text: string) => scansOf(text).then(() => 'no error', (err: Error) => err.message);

const IMB = '0030012345600000010178701123401';

describe('IV-MTR piece scans', () => {
  it('splits an IMb by the Mailer ID rule: 6 digits when the MID starts 0–8, 9 when it starts with 9', () => {
    expect(parseImb(IMB)).toMatchObject({ mailerId: '123456', serial: '000000101', routing: '78701123401' });
    expect(parseImb('00300912345678000104')).toMatchObject({ mailerId: '912345678', serial: '000104', routing: '' });
    expect(parseImb('0030012345600000010178701')?.routing).toBe('78701');
    expect(parseImb('003001234560000001017870')).toBeNull(); // a 4-digit routing code
    expect(parseImb('0030012345600000010A')).toBeNull();
  });

  it('reads the stage from the operation code, logical delivery, mail phase and return or forward words', () => {
    expect(ivmtrStage({ scanEventCode: '919' })).toBe('out_for_delivery');
    expect(ivmtrStage({ scanEventCode: '271', mailPhase: 'Phase 3b - Destination SCF Processing' })).toBe('in_local_area');
    expect(ivmtrStage({ scanEventCode: '271', mailPhase: 'Phase 1 - Origin Processing' })).toBe('in_transit');
    expect(ivmtrStage({ scanEventCode: 'Q42' })).toBe('in_transit');
    expect(ivmtrStage({ scanEventCode: '919', ldeTriggerMethod: 'Carrier route scan' })).toBe('delivered');
    expect(ivmtrStage({ scanEventCode: '05' })).toBe('returned_to_sender');
    expect(ivmtrStage({ scanEventCode: '271', handlingEventTypeDescription: 'Forwarded (PARS)' })).toBe('forwarded');
  });

  it('reads scan times with their zone: an offset, the feed\'s zone, the facility state\'s zone, or UTC', () => {
    expect(scanTime('2025-03-05T11:30:00-06:00', undefined, null, 'Line 1')).toEqual({ at: new Date('2025-03-05T17:30:00Z'), zone: '-06:00' });
    expect(scanTime('2025-03-05 11:30:00', undefined, 'TX', 'Line 1')).toEqual({ at: new Date('2025-03-05T17:30:00Z'), zone: 'America/Chicago' });
    // Summer time in New York: UTC−4.
    expect(scanTime('07/04/2025 9:05 PM', 'America/New_York', 'TX', 'Line 1').at).toEqual(new Date('2025-07-05T01:05:00Z'));
    expect(scanTime('20250305113000', 'CST', null, 'Line 1').at).toEqual(new Date('2025-03-05T17:30:00Z'));
    expect(scanTime('2025-03-05 11:30:00', undefined, null, 'Line 1')).toEqual({ at: new Date('2025-03-05T11:30:00Z'), zone: null });
    expect(() => scanTime('2025-02-30 10:00', undefined, null, 'Line 4')).toThrow('Line 4: the scan time "2025-02-30 10:00" is not a date');
    expect(() => scanTime('soon', undefined, null, 'Line 7')).toThrow('Line 7: the scan time "soon" is not a date');
    expect(() => scanTime('2025-03-05 11:30', 'Mars/Olympus', null, 'Line 2')).toThrow('Line 2: the time zone "Mars/Olympus" is not known');
    expect(localTimeIn(new Date('2025-03-05T17:30:00Z'), 'America/Chicago')).toBe('2025-03-05T11:30:00-06:00');
    expect(localTimeIn(new Date('2025-03-05T17:30:00Z'), null)).toBeNull();
  });

  it('reads JSON as an envelope, an array, one object or one object per line, whatever the chunking', async () => {
    const scan = (n: number) => ({ imb: IMB, scanDatetime: `2025-03-0${n} 10:00:00`, scanEventCode: '271', scanFacilityState: 'TX', note: 'a "quoted" } brace' });
    const envelope = JSON.stringify({ feedId: 'F1', recordCount: 2, meta: { nested: [1, 2] }, data: [scan(1), scan(2)] }, null, 2);
    for (const chunk of [1, 3, 64, 10_000]) expect((await scansOf(envelope, chunk)).map((s) => s.occurredAt.toISOString())).toEqual(['2025-03-01T16:00:00.000Z', '2025-03-02T16:00:00.000Z']);
    expect(await scansOf(JSON.stringify([scan(1), scan(2), scan(3)]))).toHaveLength(3);
    expect(await scansOf(JSON.stringify(scan(4)))).toHaveLength(1);
    const lines = `${JSON.stringify(scan(1))}\n${JSON.stringify(scan(2))}\n`;
    expect((await scansOf(lines)).map((s) => s.where)).toEqual(['Line 1', 'Line 2']);
    // Several scans on one line are told apart by their number.
    expect((await scansOf(JSON.stringify([scan(1), scan(2)]))).map((s) => s.where)).toEqual(['Line 1', 'Line 1, scan 2']);
    // snake_case field names, as some feeds spell them.
    expect((await scansOf(JSON.stringify({ imb: IMB, scan_date_time: '2025-03-01T10:00:00Z', scan_event_code: '919', scan_facility_zip: '78710' })))[0])
      .toMatchObject({ operationCode: '919', stage: 'out_for_delivery', facilityZip: '78710' });
  });

  it('names the first bad line of a JSON file', async () => {
    const good = (n: number) => `  {"imb": "${IMB}", "scanDatetime": "2025-03-0${n} 10:00:00"},`;
    const text = ['{', '  "data": [', good(1), good(2), good(3), good(4), '  {"imb": "123", "scanDatetime": "2025-03-05 10:00:00"}', '  ]', '}'].join('\n');
    expect(await failure(text)).toBe('Line 7: the IMb "123" is not an Intelligent Mail barcode (20 digits and a 0, 5, 9 or 11-digit routing code)');
    expect(await failure('[{"imb": "x"')).toBe('Line 1: the JSON ends before its last scan is complete');
    expect(await failure('[{"imb": }]')).toMatch(/^Line 1: the JSON is not valid/);
    expect(await failure('[{"imb": 10300123456000000101, "scanDatetime": "2025-03-01"}]')).toBe('Line 1: the IMb must be written as text (a number loses its digits)');
    expect(await failure(`[{"imb": "${IMB}"}]`)).toBe('Line 1: the scan time is missing');
  });

  it('reads pipe- and comma-delimited files by their header names, quoted fields included', async () => {
    const pipe = `IMb|Scan Date Time|Scan Event Code|Scan Facility City|Scan Facility State|Scan Facility ZIP\n${IMB}|2025-03-05 04:02:51|919|AUSTIN|TX|78710\n\n${IMB}|2025-03-05 11:30:00|01|AUSTIN|TX|78701\n`;
    const read = await scansOf(pipe);
    expect(read.map((s) => [s.where, s.stage, s.facilityCity])).toEqual([['Line 2', 'out_for_delivery', 'AUSTIN'], ['Line 4', 'delivered', 'AUSTIN']]);
    const csv = `imb,scan_date_time,scan_event_code,scan_facility_city,scan_facility_state\r\n"${IMB}","2025-03-05 04:02:51",919,"AUSTIN, ""EAST""",TX\r\n`;
    expect((await scansOf(csv))[0]).toMatchObject({ facilityCity: 'AUSTIN, "EAST"', operationCode: '919' });
  });

  it('names the first bad line of a delimited file', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => `${IMB}|2025-03-0${i + 1} 10:00:00|271`);
    expect(await failure(['imb|scanDatetime|scanEventCode', ...rows, `${IMB}|tomorrow|271`, ...rows].join('\n'))).toBe('Line 7: the scan time "tomorrow" is not a date');
    expect(await failure('name|city\nAda|Austin\n')).toMatch(/^Line 1: the header names no IMb column/);
  });
});

describe('forward-only stages', () => {
  const at = (s: string) => new Date(`2025-03-0${s}T12:00:00Z`);
  const none = { stage: null, stageAt: null, inHomeAt: null };

  it('moves forward only; a late earlier scan leaves the stage as it is', () => {
    const delivered = nextStage(none, { stage: 'delivered', occurredAt: at('5') })!;
    expect(delivered).toEqual({ stage: 'delivered', stageAt: at('5'), inHomeAt: at('5') });
    expect(nextStage(delivered, { stage: 'in_transit', occurredAt: at('3') })).toBeNull();
    expect(nextStage({ stage: 'in_transit', stageAt: at('3'), inHomeAt: null }, { stage: 'out_for_delivery', occurredAt: at('2') })?.stage).toBe('out_for_delivery');
  });

  it('always shows a return or a forward; after a forward the journey goes on, after a return it does not', () => {
    const delivered = { stage: 'delivered' as const, stageAt: at('5'), inHomeAt: at('5') };
    const returned = nextStage(delivered, { stage: 'returned_to_sender', occurredAt: at('4') })!;
    expect(returned).toEqual({ stage: 'returned_to_sender', stageAt: at('4'), inHomeAt: at('5') });
    expect(nextStage(returned, { stage: 'in_transit', occurredAt: at('6') })).toBeNull();
    const forwarded = nextStage({ stage: 'in_local_area', stageAt: at('3'), inHomeAt: null }, { stage: 'forwarded', occurredAt: at('4') })!;
    expect(nextStage(forwarded, { stage: 'in_transit', occurredAt: at('5') })?.stage).toBe('in_transit');
    expect(nextStage(forwarded, { stage: 'in_transit', occurredAt: at('2') })).toBeNull();
    // An older forward does not replace a newer return.
    expect(nextStage({ stage: 'returned_to_sender', stageAt: at('6'), inHomeAt: null }, { stage: 'forwarded', occurredAt: at('5') })).toBeNull();
  });
});

describe('IV-MTR pull settings', () => {
  it('is off unless IV_MTR_URL is set, and refuses a URL without credentials', () => {
    expect(loadConfig({}, []).tracking.ivmtr).toBeNull();
    expect(() => loadConfig({ IV_MTR_URL: 'https://iv.usps.com/x' }, [])).toThrow('IV_MTR_URL needs IV_MTR_USERNAME and IV_MTR_PASSWORD');
    expect(loadConfig({ IV_MTR_URL: 'https://iv.usps.com/x', IV_MTR_USERNAME: 'u', IV_MTR_PASSWORD: 'p' }, []).tracking.ivmtr)
      .toMatchObject({ url: 'https://iv.usps.com/x', tokenUrl: 'https://services.usps.com/oauth/authenticate' });
  });
});
