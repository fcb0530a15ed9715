import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { autoMap, type TAddressCheck, type TAddressFixResult } from '@mailcraft/shared';
import { createMailingList, saveColumnMappings } from '../../test/factories.js';
import { createTestApp, signUpUser } from '../../test/harness.js';
import type { AddressIssue, AddressRecord } from './address-verifier.js';
import { chooseAddressVerifier } from './address-verifiers.js';
import { lobAddressVerifier, type LobVerifierOptions } from './lob-verifier.js';

const KEY = 'test_0123456789abcdef';

/**
 * A stand-in for Lob's bulk US verification (docs.lob.com, POST /v1/bulk/us_verifications): checks
 * HTTP Basic auth with KEY, takes 1–20 addresses, answers one verification per address in order.
 * A street line with NOWHERE is undeliverable (DPV N, footnote M3), with 'APT?' missing its unit,
 * with BADUNIT an unknown unit, with REFUSED an item error, with VACANT DPV vacant; otherwise deliverable, written upper
 * case with STREET as ST, the unit on the street line and ZIP+4 1234. `fail` lists statuses to
 * answer first (429 with Retry-After: 0); each request's size is logged and the peak of
 * requests answered at once measured (`delayMs` holds each answer).
 */
const lob = {
  sizes: [] as number[], fail: [] as number[], delayMs: 0, open: 0, peak: 0, itemFailures: 0,
  reset() { this.sizes = []; this.fail = []; this.delayMs = 0; this.open = 0; this.peak = 0; this.itemFailures = 0; },
};
type In = { primary_line: string; secondary_line?: string; city?: string; state?: string; zip_code?: string };

function verification(a: In) {
  const up = (v = '') => v.toUpperCase().replace(/\bSTREET\b/g, 'ST').replace(/\s+/g, ' ').trim();
  const primary = [up(a.primary_line), up(a.secondary_line)].filter(Boolean).join(' ');
  const lines = `${a.primary_line} ${a.secondary_line ?? ''}`;
  const zip5 = (a.zip_code ?? '').slice(0, 5) || '62701';
  const of = (deliverability: string, dpv: string, footnotes: string[]) => ({
    id: 'us_ver_x', recipient: null, primary_line: primary, secondary_line: '', urbanization: '',
    last_line: `${up(a.city || 'Springfield')} ${up(a.state || 'IL')} ${zip5}-1234`, deliverability,
    components: { primary_number: primary.split(' ')[0], street_name: 'MAIN', city: up(a.city || 'Springfield'), state: up(a.state || 'IL'), zip_code: zip5, zip_code_plus_4: '1234' },
    deliverability_analysis: { dpv_confirmation: dpv, dpv_cmra: 'N', dpv_vacant: /VACANT/i.test(lines) ? 'Y' : 'N', dpv_active: 'Y', dpv_footnotes: footnotes, ews_match: false, lacs_indicator: '', lacs_return_code: '', suite_return_code: '' },
    lob_confidence_score: { score: 90, level: 'high' }, object: 'us_verification',
  });
  if (/NOWHERE/i.test(lines)) return of('undeliverable', 'N', ['AA', 'M3']);
  if (/APT\?/i.test(lines)) return of('deliverable_missing_unit', 'D', ['AA', 'N1']);
  if (/BADUNIT/i.test(lines)) return of('deliverable_incorrect_unit', 'S', ['AA', 'CC']);
  if (/REFUSED/i.test(lines)) return { error: { message: 'primary_line is not a street address', status_code: 422 } };
  if (/FLAKY/i.test(lines) && lob.itemFailures-- > 0) return { error: { message: 'internal error', status_code: 500 } };
  return of('deliverable', 'Y', ['AA', 'BB']);
}

const server = http.createServer((req, res) => {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  let raw = '';
  req.on('data', (c) => { raw += c; });
  req.on('end', async () => {
    if (req.method !== 'POST' || req.url !== '/v1/bulk/us_verifications') return json(404, { error: { message: 'Not found', status_code: 404 } });
    if (req.headers.authorization !== `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`) {
      return json(401, { error: { message: 'Your API key is not valid.', status_code: 401, code: 'unauthorized' } });
    }
    const addresses = (JSON.parse(raw) as { addresses: In[] }).addresses;
    if (!Array.isArray(addresses) || addresses.length < 1 || addresses.length > 20) return json(422, { error: { message: 'addresses must hold 1 to 20 items', status_code: 422 } });
    lob.sizes.push(addresses.length);
    const status = lob.fail.shift();
    if (status) return json(status, { error: { message: 'Rate limit exceeded', status_code: status } }, status === 429 ? { 'retry-after': '0' } : {});
    lob.open += 1;
    lob.peak = Math.max(lob.peak, lob.open);
    if (lob.delayMs) await new Promise((r) => setTimeout(r, lob.delayMs));
    lob.open -= 1;
    json(200, { addresses: addresses.map(verification), errors: false });
  });
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => { await new Promise((r) => server.close(r)); });
beforeEach(() => lob.reset());

const verifier = (over: Partial<LobVerifierOptions> = {}) => lobAddressVerifier({ apiKey: KEY, apiUrl: base, retryBaseMs: 1, ...over });
const rec = (id: string, address: string, over: Partial<AddressRecord> = {}): AddressRecord =>
  ({ id, address, address2: '', city: 'Springfield', state: 'IL', zip: '62701', ...over });
const byRecord = (issues: AddressIssue[]) => {
  const out: Record<string, Array<Omit<AddressIssue, 'recordId'>>> = {};
  for (const { recordId, ...rest } of issues) (out[recordId] ??= []).push(rest);
  return out;
};

describe('the Lob address verifier', () => {
  it('reports undeliverable addresses, unit problems and standardized forms with their fixes', async () => {
    const issues = byRecord(await verifier().verify([
      rec('std', '123 main street', { city: 'springfield', state: 'il' }),
      rec('ok', '9 OAK AVE', { zip: '62701-1234' }),
      rec('lower', '9 oak ave.', { city: 'springfield', zip: '627011234' }),
      rec('nowhere', '1 Nowhere Rd'),
      rec('unit', '5 Tower Pl APT?', { zip: '62701-1234' }),
      rec('badunit', '7 Elm St', { address2: 'BADUNIT 9', zip: '62701-1234' }),
      rec('split', '40 Pine Street', { address2: 'Apt 4', zip: '62701-1234' }),
      rec('refused', 'REFUSED'),
      rec('lostzero', '8 W CERRITOS AVE', { city: 'BRIDGEPORT', state: 'NJ', zip: '8014' }),
      rec('nostreet', ''),
      rec('vacant', '12 VACANT LN', { zip: '62701-1234' }),
    ]));
    expect(issues.vacant).toEqual([{ field: 'address', code: 'vacant', message: 'USPS marks this address as vacant: nobody has collected mail there for 90 days or more' }]);
    expect(issues.std).toEqual([{
      field: 'address', code: 'address_standardized', message: 'USPS writes the street and ZIP+4 differently',
      suggestion: '123 MAIN ST, SPRINGFIELD IL 62701-1234', fixes: { address: '123 MAIN ST', zip: '62701-1234' },
    }]);
    // Case, '.', and a ZIP+4 without its hyphen are not differences.
    expect(issues.ok).toBeUndefined();
    expect(issues.lower).toBeUndefined();
    expect(issues.nowhere).toEqual([{ field: 'address', code: 'undeliverable', message: 'USPS does not deliver to this address as written: the house or building number is not on this street' }]);
    expect(issues.unit).toEqual([{ field: 'address_2', code: 'unit_problem', message: expect.stringMatching(/^The apartment or suite number is missing/) }]);
    expect(issues.badunit).toEqual([{ field: 'address_2', code: 'unit_problem', message: expect.stringMatching(/^USPS does not know this apartment or suite number/) }]);
    // Lob puts the unit on the street line: the fix moves it there and empties the unit line, so it is neither lost nor doubled.
    expect(issues.split).toEqual([expect.objectContaining({ code: 'address_standardized', fixes: { address: '40 PINE ST APT 4', address_2: '' }, suggestion: '40 PINE ST APT 4, SPRINGFIELD IL 62701-1234' })]);
    expect(issues.refused).toEqual([{ field: 'address', code: 'undeliverable', message: 'The address service could not check this address: primary_line is not a street address' }]);
    expect(issues.lostzero).toEqual([expect.objectContaining({ field: 'zip', code: 'address_standardized', fixes: { zip: '08014-1234' }, message: 'USPS writes the ZIP code differently' })]);
    // Not sent (no street line): the offline checker says what is missing.
    expect(issues.nostreet).toEqual([{ field: 'address', code: 'missing_part', message: 'The street address is missing' }]);
    // One request: 'ok' and 'lower' are the same address, 'nostreet' is not sent.
    expect(lob.sizes).toEqual([9]);
  });

  it('sends batches of at most 20, at most 4 at once, each distinct address once', async () => {
    const v = verifier();
    const records = Array.from({ length: 45 }, (_, i) => rec(`r${i}`, `${i + 1} Main St`));
    await v.verify([...records, rec('again', '1 MAIN ST.')]);
    expect(lob.sizes.sort((a, b) => b - a)).toEqual([20, 20, 5]);

    lob.reset();
    lob.delayMs = 30;
    await v.verify(Array.from({ length: 200 }, (_, i) => rec(`s${i}`, `${i + 1} Side St`)));
    expect(lob.sizes).toHaveLength(10);
    expect(lob.peak).toBeLessThanOrEqual(4);
    expect(lob.peak).toBeGreaterThan(1);
  });

  it('retries after a 429 (Retry-After) and after a 5xx, and fails after 4 tries', async () => {
    lob.fail = [429];
    const issues = await verifier().verify([rec('a', '1 Nowhere Rd')]);
    expect(issues.map((i) => i.code)).toEqual(['undeliverable']);
    expect(lob.sizes).toEqual([1, 1]);

    lob.reset();
    lob.fail = [503, 502];
    lob.itemFailures = 1;
    expect(await verifier().verify([rec('b', '2 Flaky St', { zip: '62701-1234' })])).toEqual([]);
    expect(lob.sizes).toEqual([1, 1, 1, 1]);

    lob.reset();
    lob.fail = [500, 500, 500, 500];
    await expect(verifier().verify([rec('c', '3 Main St')])).rejects.toThrow('The address service failed: Lob answered HTTP 500 (4 tries)');
    expect(lob.sizes).toHaveLength(4);
  });

  it('rejects with a clear message when Lob refuses the key, without the key', async () => {
    const wrong = lobAddressVerifier({ apiKey: 'test_wrong_key_123', apiUrl: base });
    const err = await wrong.verify([rec('a', '1 Main St')]).then(() => null, (e: Error) => e);
    expect(err?.message).toBe('Lob refused the API key (HTTP 401): set LOB_API_KEY to a valid Lob secret key');
    expect(err?.message).not.toContain('test_wrong');
    expect(lob.sizes).toEqual([]);
  });

  it('keeps answers: the same records again, or with their fixes accepted, ask Lob nothing', async () => {
    const v = verifier();
    const records = [rec('a', '123 main street'), rec('b', '1 Nowhere Rd'), rec('c', '5 Tower Pl APT?')];
    const first = await v.verify(records);
    expect(lob.sizes).toEqual([3]);
    expect(await v.verify(records)).toEqual(first);
    const fixes = first.find((i) => i.recordId === 'a')!.fixes!;
    expect(await v.verify([{ ...records[0], ...fixes }])).toEqual([]);
    expect(lob.sizes).toEqual([3]);

    // Bounded: past `cacheSize` addresses the least recently used ones are asked again.
    const small = verifier({ cacheSize: 2 });
    await small.verify([rec('x', '1 A St'), rec('y', '2 B St'), rec('z', '3 C St')]);
    await small.verify([rec('x', '1 A St')]);
    expect(lob.sizes).toEqual([3, 3, 1]);
  });

  it('is chosen by ADDRESS_VERIFIER=lob, and refuses to start without LOB_API_KEY', () => {
    expect(() => chooseAddressVerifier('lob', {})).toThrow('ADDRESS_VERIFIER=lob needs LOB_API_KEY');
    expect(() => chooseAddressVerifier('lob', { LOB_API_KEY: KEY, LOB_API_URL: 'ftp://x' })).toThrow('LOB_API_URL must be an absolute http(s) URL');
    expect(chooseAddressVerifier('lob', { LOB_API_KEY: KEY }).name).toBe('Lob US verification (api.lob.com)');
    expect(chooseAddressVerifier('lob', { LOB_API_KEY: KEY, LOB_API_URL: base }).name).toBe(`Lob US verification (${new URL(base).host})`);
    expect(chooseAddressVerifier(undefined, { LOB_API_KEY: KEY }).name).toMatch(/offline/);
    expect(() => chooseAddressVerifier('toString', {})).toThrow('ADDRESS_VERIFIER must be one of offline, lob');
  });

  it('checks a list through the address-check route with ADDRESS_VERIFIER=lob, and accepting its fixes asks Lob nothing more', async () => {
    const saved = { ADDRESS_VERIFIER: process.env.ADDRESS_VERIFIER, LOB_API_KEY: process.env.LOB_API_KEY, LOB_API_URL: process.env.LOB_API_URL };
    Object.assign(process.env, { ADDRESS_VERIFIER: 'lob', LOB_API_KEY: KEY, LOB_API_URL: base });
    // The routes choose the verifier from process.env when the app is built.
    const t = await (async () => {
      try {
        return await createTestApp({ workers: false });
      } finally {
        for (const [k, v] of Object.entries(saved)) {
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
      }
    })();
    try {
      const u = await signUpUser(t.app);
      const headers = ['first_name', 'last_name', 'address', 'city', 'state', 'zip'];
      const list = await createMailingList(t.ctx.db, u.id, {
        headers,
        rows: [['Ann', 'Lee', '123 Main Street', 'Springfield', 'IL', '62701'], ['Bo', 'Chen', '1 Nowhere Rd', 'Springfield', 'IL', '62701'], ['Cy', 'Diaz', '9 OAK AVE', 'SPRINGFIELD', 'IL', '62701-1234']],
      });
      await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
      const res = await u.req({ method: 'GET', url: `/api/lists/${list.id}/address-check` });
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json() as TAddressCheck;
      expect(report.verifier).toBe(`Lob US verification (${new URL(base).host})`);
      expect(report.issues.map((i) => [i.record, i.name, i.code, i.severity, i.suggestion, i.fixes])).toEqual([
        [1, 'Ann Lee', 'address_standardized', 'info', '123 MAIN ST, SPRINGFIELD IL 62701-1234', { address: '123 MAIN ST', zip: '62701-1234' }],
        [2, 'Bo Chen', 'undeliverable', 'error', undefined, undefined],
      ]);
      expect(report.counts).toMatchObject({ records: 3, withIssues: 1, byCode: { address_standardized: 1, undeliverable: 1 } });
      expect(lob.sizes).toEqual([3]);

      const accepted = await u.req({ method: 'POST', url: `/api/lists/${list.id}/address-check/fixes`, payload: { recordIds: [report.issues[0].recordId], action: 'accept' } });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const after = accepted.json() as TAddressFixResult;
      expect(after.changed).toBe(1);
      expect(after.report.issues.map((i) => [i.record, i.code])).toEqual([[2, 'undeliverable']]);
      expect(lob.sizes).toEqual([3]);

      // Lob refusing the key is a 502 with a message, not a crash.
      const other = await createMailingList(t.ctx.db, u.id, { headers, rows: [['Di', 'Evans', '2 Elm St', 'Springfield', 'IL', '62701']] });
      await saveColumnMappings(t.ctx.db, other.id, autoMap(headers));
      lob.fail = [401];
      const refused = await u.req({ method: 'GET', url: `/api/lists/${other.id}/address-check` });
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error.message).toMatch(/^Lob refused the API key/);
    } finally {
      await t.close();
    }
  });
});
