import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { AppError } from '../../platform/errors.js';
import { RetryableError, retryAfterMs, withRetries } from '../../platform/retrying-http.js';
import type { AddressIssue, AddressRecord, AddressVerifier } from './address-verifier.js';
import { ZIP_FORMAT, ZIP_LOST_ZERO } from './address-rules.js';
import { checkAddress } from './offline-checker.js';

/** Lob's API unless LOB_API_URL says otherwise. */
export const LOB_DEFAULT_URL = 'https://api.lob.com';
/** Most addresses one bulk request takes (Lob's `addresses` maxItems). */
export const LOB_BATCH = 20;

/**
 * Settings of the Lob verifier. `apiKey` is a Lob secret key (live_… for real CASS/DPV answers;
 * test_… keys answer Lob's dummy data); the others have defaults — tests shorten the waits.
 */
export type LobVerifierOptions = {
  apiKey: string;
  /** Base URL without /v1 (default https://api.lob.com). */
  apiUrl?: string;
  /** Verified addresses kept in memory (default 50,000; least recently used go first). */
  cacheSize?: number;
  /** Requests in flight at once, over every check of the process (default 4). */
  maxInFlight?: number;
  /** Time-out of one request in ms (default 15,000). */
  timeoutMs?: number;
  /** First back-off after a 429, 5xx or network failure without Retry-After, in ms, doubled each retry (default 500). */
  retryBaseMs?: number;
  /** Longest Retry-After honoured, in ms (default 10,000). */
  maxRetryAfterMs?: number;
};

/** Retries after the first try of a batch (429, 5xx, time-out, network error). */
const RETRIES = 3;
/** Lob's longest accepted city (and, here, street line); a longer value is not an address worth a request. */
const MAX_PART = 200;
const MAX_STATE = 50;
/** Longest text taken from Lob's answer (messages, standardized parts). */
const MAX_ANSWER_TEXT = 200;
const USER_AGENT = 'Mailcraft/1.0 (address checks)';

type Deliverability = 'deliverable' | 'deliverable_unnecessary_unit' | 'deliverable_incorrect_unit' | 'deliverable_missing_unit' | 'undeliverable';
const DELIVERABILITIES = new Set<string>(['deliverable', 'deliverable_unnecessary_unit', 'deliverable_incorrect_unit', 'deliverable_missing_unit', 'undeliverable']);

/** One address as Lob's bulk request takes it (`multiple_components`). */
type LobAddress = { primary_line: string; secondary_line: string; city: string; state: string; zip_code: string };
/** The USPS form of an address: `zip` is 'NNNNN' or 'NNNNN-NNNN'. */
type Standardized = { primary: string; secondary: string; city: string; state: string; zip: string };
/**
 * What Lob answered for one address, kept in the cache: its deliverability with a reason in words
 * when it is undeliverable and the standardized address, or the message of an address Lob refused.
 */
type Verdict =
  | { error: string }
  | { deliverability: Deliverability; dpv: string; vacant: boolean; reason: string | null; std: Standardized | null };

/** DPV footnotes that say why an address is not delivered (Lob's `dpv_footnotes`, USPS DPV), most telling first. */
const FOOTNOTE_REASONS: Array<[string, string]> = [
  ['M1', 'the house or building number is missing'],
  ['M3', 'the house or building number is not on this street'],
  ['P1', 'the PO Box, rural route or highway contract box number is missing'],
  ['P3', 'that PO Box, rural route or highway contract box number does not exist'],
  ['R7', 'the address is on a route with no street delivery'],
  ['A1', 'USPS does not know this street in this city or ZIP code'],
];

/** Control characters out, runs of white space as one space, trimmed. */
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const clean = (v: string) => v.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
/** The comparison form of an address part: upper case, '.' and ',' as spaces, single spaces. */
const norm = (v: string) => clean(v).toUpperCase().replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
const digits = (v: string) => v.replace(/\D/g, '');
/** A string from Lob's answer, capped; anything else is ''. */
const text = (v: unknown) => (typeof v === 'string' ? clean(v).slice(0, MAX_ANSWER_TEXT) : '');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The record as Lob's request takes it, or null when it cannot be sent: no street line, neither a
 * ZIP code nor city and state, or a part longer than Lob accepts. A ZIP that lost its leading
 * zero is sent padded; a ZIP that is not 5 or 9 digits is left out (Lob then finds it from the city).
 */
function lobAddressOf(r: AddressRecord): LobAddress | null {
  const rawZip = clean(r.zip);
  const lost = ZIP_LOST_ZERO.exec(rawZip);
  const zip = lost ? lost[1].padStart(5, '0') + (lost[2] ?? '') : rawZip;
  const a = { primary_line: clean(r.address), secondary_line: clean(r.address2), city: clean(r.city), state: clean(r.state), zip_code: ZIP_FORMAT.test(zip) ? zip : '' };
  if (!a.primary_line || (!a.zip_code && !(a.city && a.state))) return null;
  if (a.primary_line.length > MAX_PART || a.secondary_line.length > MAX_PART || a.city.length > MAX_PART || a.state.length > MAX_STATE) return null;
  return a;
}

/** The cache key of a request: its parts in comparison form (the ZIP as digits). */
const keyOf = (a: LobAddress) => [norm(a.primary_line), norm(a.secondary_line), norm(a.city), norm(a.state), digits(a.zip_code)].join('\u0001');

/** Why an undeliverable address is not delivered, in words, or null when Lob gives no hint. */
function reasonOf(analysis: Record<string, unknown>, dpv: string): string | null {
  const footnotes = Array.isArray(analysis.dpv_footnotes) ? analysis.dpv_footnotes.filter((f): f is string => typeof f === 'string') : [];
  const known = FOOTNOTE_REASONS.find(([code]) => footnotes.includes(code));
  if (known) return known[1];
  if (analysis.ews_match === true) return 'the street is new and USPS does not deliver to it yet (it should within a few months)';
  if (dpv === '') return 'no matching street was found in this city or ZIP code';
  return null;
}

/** The USPS form from a verification's lines and components, or null when it is incomplete. */
function standardizedOf(item: Record<string, unknown>): Standardized | null {
  const c = isObject(item.components) ? item.components : {};
  const zip5 = text(c.zip_code);
  const plus4 = text(c.zip_code_plus_4);
  const std = { primary: text(item.primary_line), secondary: text(item.secondary_line), city: text(c.city), state: text(c.state).toUpperCase() };
  if (!std.primary || !std.city || !/^[A-Z]{2}$/.test(std.state) || !/^\d{5}$/.test(zip5)) return null;
  return { ...std, zip: /^\d{4}$/.test(plus4) ? `${zip5}-${plus4}` : zip5 };
}

/**
 * One item of Lob's answer as a verdict, or `retry` for an item Lob could not process for
 * reasons of its own (status 429 or 5xx). Throws BAD_GATEWAY for an answer that is not Lob's protocol.
 */
function verdictOf(item: unknown): { verdict: Verdict } | { retry: string } {
  if (!isObject(item)) throw malformed();
  if (item.error !== undefined) {
    const error = isObject(item.error) ? item.error : {};
    const message = text(error.message) || 'no reason given';
    const status = Number(error.status_code);
    return status === 429 || status >= 500 ? { retry: message } : { verdict: { error: message } };
  }
  const deliverability = item.deliverability;
  if (typeof deliverability !== 'string' || !DELIVERABILITIES.has(deliverability)) throw malformed();
  const analysis = isObject(item.deliverability_analysis) ? item.deliverability_analysis : {};
  const dpv = typeof analysis.dpv_confirmation === 'string' ? analysis.dpv_confirmation : '';
  const undeliverable = deliverability === 'undeliverable' || dpv === 'N';
  return {
    verdict: {
      deliverability: deliverability as Deliverability, dpv, vacant: analysis.dpv_vacant === 'Y',
      reason: undeliverable ? reasonOf(analysis, dpv) : null, std: undeliverable ? null : standardizedOf(item),
    },
  };
}

const malformed = () => new AppError('BAD_GATEWAY', 'The address service (Lob) gave an answer that is not a bulk US verification');

/** 'street, city and ZIP+4' */
const inWords = (parts: string[]) => (parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]);

/**
 * The `address_standardized` issue of a deliverable record whose street line, city, state or ZIP
 * (ZIP+4) differ from the USPS form (ignoring case, spaces, '.' and ','), with `fixes` holding the
 * USPS values of the parts that differ. The street line is compared with the unit line joined to
 * it (Lob puts the unit on the street line): when it differs, `address` becomes Lob's street line
 * and `address_2` its secondary line (usually empty), so the unit is neither lost nor doubled.
 * `streets: false` compares only the last line (an unknown or unneeded unit is reported on its own).
 */
function standardizedIssue(r: AddressRecord, std: Standardized, streets: boolean): AddressIssue | null {
  const fixes: Record<string, string> = {};
  const changed: string[] = [];
  if (streets && norm(`${r.address} ${r.address2}`) !== norm(`${std.primary} ${std.secondary}`)) {
    if (norm(r.address) !== norm(std.primary)) fixes.address = std.primary;
    if ((r.address2.trim() || std.secondary) && norm(r.address2) !== norm(std.secondary)) fixes.address_2 = std.secondary;
    changed.push('street');
  }
  if (norm(r.city) !== norm(std.city)) { fixes.city = std.city; changed.push('city'); }
  if (norm(r.state) !== std.state) { fixes.state = std.state; changed.push('state'); }
  const zip = digits(r.zip);
  // A ZIP+4 the record has and Lob did not give is kept.
  if (zip !== digits(std.zip) && !(std.zip.length === 5 && zip.length === 9 && zip.startsWith(std.zip))) {
    fixes.zip = std.zip;
    changed.push(zip.length === 5 && std.zip.startsWith(zip) ? 'ZIP+4' : 'ZIP code');
  }
  if (changed.length === 0) return null;
  const field = (['address', 'address_2', 'city', 'state', 'zip'] as const).find((f) => f in fixes)!;
  const street = [std.primary, std.secondary].filter(Boolean).join(' ');
  return {
    recordId: r.id, field, code: 'address_standardized', message: `USPS writes the ${inWords(changed)} differently`,
    suggestion: `${street}, ${std.city} ${std.state} ${std.zip}`, fixes,
  };
}

/**
 * The issues of one sent record from Lob's verdict (docs/requirements/print.md#print): an address Lob refused (its item
 * error, e.g. a street line it cannot read) and an undeliverable one (`undeliverable` or DPV 'N')
 * are `undeliverable` errors — the first with Lob's message, the second with the DPV footnote's
 * reason; a missing, unknown or unneeded apartment/suite is `unit_problem`; DPV vacant is
 * `vacant`; a deliverable address not written as USPS writes it is `address_standardized` with the USPS values as fixes.
 */
function issuesOf(r: AddressRecord, v: Verdict): AddressIssue[] {
  const issue = (field: AddressIssue['field'], code: AddressIssue['code'], message: string): AddressIssue => ({ recordId: r.id, field, code, message });
  if ('error' in v) return [issue('address', 'undeliverable', `The address service could not check this address: ${v.error}`)];
  if (v.deliverability === 'undeliverable' || v.dpv === 'N') {
    return [issue('address', 'undeliverable', `USPS does not deliver to this address as written${v.reason ? `: ${v.reason}` : ''}`)];
  }
  const issues: AddressIssue[] = [];
  if (v.deliverability === 'deliverable_missing_unit') {
    issues.push(issue('address_2', 'unit_problem', 'The apartment or suite number is missing: USPS delivers to the building, but the mail may not reach the recipient'));
  } else if (v.deliverability === 'deliverable_incorrect_unit') {
    issues.push(issue('address_2', 'unit_problem', 'USPS does not know this apartment or suite number at the address: the mail may not reach the recipient'));
  } else if (v.deliverability === 'deliverable_unnecessary_unit') {
    issues.push(issue('address_2', 'unit_problem', 'This address has no apartments or suites: USPS delivers it without the unit number'));
  }
  // USPS has seen nobody collect mail here for 90 days or more (DPV vacant): mail there is wasted.
  if (v.vacant) issues.push(issue('address', 'vacant', 'USPS marks this address as vacant: nobody has collected mail there for 90 days or more'));
  const streets = v.deliverability === 'deliverable' || v.deliverability === 'deliverable_missing_unit';
  const std = v.std && standardizedIssue(r, v.std, streets);
  if (std) issues.push(std);
  return issues;
}

/**
 * A CASS/DPV verifier on Lob's bulk US verification (docs/requirements/address-checks.md#address-checks;
 * docs.lob.com, `POST {apiUrl}/v1/bulk/us_verifications`, HTTP Basic with the key as user name).
 * Records are sent in batches of 20 (each distinct address once), at most `maxInFlight` requests
 * at once over every check of the process, each timed out after `timeoutMs`; a 429, 5xx, time-out
 * or network failure is retried 3 times after its Retry-After (at most `maxRetryAfterMs`) or
 * 0.5 s, 1 s, 2 s. Lob's answer of each address is kept (`cacheSize` addresses, least recently used
 * go first, and a deliverable address's USPS form too), so a re-check or the check after
 * accepting its fixes asks Lob nothing.
 * Records that cannot be sent (no street line, neither ZIP nor city and state, a part over 200
 * characters) get the offline checker's issues; sent records also get its `missing_part` and
 * `zip_format` issues (what prints is still incomplete), then Lob's (see `issuesOf`).
 * `verify` rejects with BAD_GATEWAY (502 through the routes) when Lob refuses the key (401/403),
 * refuses the request, keeps failing, or answers outside its protocol. The key is sent only in
 * the Authorization header and appears in no message.
 */
export function lobAddressVerifier(options: LobVerifierOptions): AddressVerifier {
  const apiUrl = (options.apiUrl ?? LOB_DEFAULT_URL).replace(/\/+$/, '');
  const endpoint = `${apiUrl}/v1/bulk/us_verifications`;
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  const cacheSize = options.cacheSize ?? 50_000;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
  const inFlight = pLimit(options.maxInFlight ?? 4);
  /**
   * Verified addresses, least recently used dropped first. Per process and never invalidated
   * (docs/architecture.md#caches-across-processes): a verdict is Lob's answer for an address's
   * text, which no user action changes — a fix changes the text, so it asks under another key.
   */
  const cache = new LRUCache<string, Verdict>({ max: cacheSize });

  /**
   * One request for `addresses`, its answer read within the same place and time-out: the verdicts
   * (an item Lob could not process for reasons of its own left out, to ask again), or why to try
   * again and when. Throws BAD_GATEWAY when trying again cannot help.
   */
  async function ask(addresses: LobAddress[]): Promise<{ verdicts: Array<Verdict | null>; failure: string | null; waitMs: number | null }> {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json', 'user-agent': USER_AGENT },
      body: JSON.stringify({ addresses }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new AppError('BAD_GATEWAY', `Lob refused the API key (HTTP ${res.status}): set LOB_API_KEY to a valid Lob secret key`);
    }
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel();
      return { verdicts: [], failure: `Lob answered HTTP ${res.status}`, waitMs: retryAfterMs(res.headers.get('retry-after'), maxRetryAfterMs) };
    }
    if (!res.ok) {
      const body: unknown = await res.json().catch(() => null);
      const message = isObject(body) && isObject(body.error) ? text(body.error.message) : '';
      throw new AppError('BAD_GATEWAY', `The address service (Lob) refused the request (HTTP ${res.status})${message ? `: ${message}` : ''}`);
    }
    const body: unknown = await res.json();
    const items = isObject(body) && Array.isArray(body.addresses) ? body.addresses : null;
    if (!items || items.length !== addresses.length) throw malformed();
    let failure: string | null = null;
    const verdicts = items.map((item) => {
      const answer = verdictOf(item);
      if ('verdict' in answer) return answer.verdict;
      failure = `Lob could not check an address: ${answer.retry}`;
      return null;
    });
    return { verdicts, failure, waitMs: null };
  }

  /** Sends one batch until every address has an answer (see `lobAddressVerifier`); answers the verdicts in the batch's order. */
  async function send(batch: LobAddress[]): Promise<Verdict[]> {
    const verdicts: Verdict[] = new Array(batch.length);
    let todo = batch.map((_, i) => i);
    try {
      await withRetries(async () => {
        let answer: Awaited<ReturnType<typeof ask>>;
        try {
          answer = await inFlight(() => ask(todo.map((i) => batch[i])));
        } catch (err) {
          if (err instanceof AppError) throw err;
          const e = err instanceof Error ? err : new Error(String(err));
          throw new RetryableError(e.name === 'TimeoutError' ? `Lob did not answer within ${timeoutMs / 1000} s`
            : e instanceof SyntaxError ? 'Lob answered something that is not JSON' : `Lob could not be reached (${e.message})`);
        }
        const again: number[] = [];
        todo.forEach((i, j) => {
          const v = answer.verdicts[j];
          if (v) verdicts[i] = v;
          else again.push(i);
        });
        if (again.length === 0) return;
        todo = again;
        throw new RetryableError(answer.failure ?? 'no answer', answer.waitMs);
      }, { retries: RETRIES, baseMs: retryBaseMs, shouldRetry: (err) => !(err instanceof AppError) });
    } catch (err) {
      if (err instanceof RetryableError) throw new AppError('BAD_GATEWAY', `The address service failed: ${err.message} (${RETRIES + 1} tries)`);
      throw err;
    }
    return verdicts;
  }

  return {
    name: `Lob US verification (${new URL(apiUrl).host})`,
    async verify(records) {
      const issues: AddressIssue[] = [];
      const sent: Array<{ record: AddressRecord; key: string }> = [];
      const verdicts = new Map<string, Verdict>();
      const toAsk = new Map<string, LobAddress>();
      for (const record of records) {
        const offline = checkAddress(record);
        const address = lobAddressOf(record);
        if (!address) {
          issues.push(...offline);
          continue;
        }
        for (const i of offline) if (i.code === 'missing_part' || i.code === 'zip_format') issues.push(i);
        const key = keyOf(address);
        sent.push({ record, key });
        if (verdicts.has(key) || toAsk.has(key)) continue;
        const known = cache.get(key);
        if (known) verdicts.set(key, known);
        else toAsk.set(key, address);
      }

      const asks = [...toAsk];
      const batches: Array<typeof asks> = [];
      for (let i = 0; i < asks.length; i += LOB_BATCH) batches.push(asks.slice(i, i + LOB_BATCH));
      let failed = false;
      // As many batches at once as places: once one failed, those not started yet are not sent.
      const turns = pLimit(options.maxInFlight ?? 4);
      await Promise.all(batches.map((batch) => turns(async () => {
        if (failed) return;
        try {
          const answers = await send(batch.map(([, a]) => a));
          batch.forEach(([key], j) => {
            const v = answers[j];
            verdicts.set(key, v);
            cache.set(key, v);
            // The USPS form of a deliverable address is deliverable as is: its fixes, once accepted, need no new request.
            if (!('error' in v) && v.deliverability === 'deliverable' && v.dpv === 'Y' && v.std) {
              const s = v.std;
              cache.set(keyOf({ primary_line: s.primary, secondary_line: s.secondary, city: s.city, state: s.state, zip_code: s.zip }), v);
            }
          });
        } catch (err) {
          failed = true;
          throw err;
        }
      })));

      for (const { record, key } of sent) issues.push(...issuesOf(record, verdicts.get(key)!));
      return issues;
    },
  };
}

/**
 * The Lob verifier the environment configures (ADDRESS_VERIFIER=lob): LOB_API_KEY (required),
 * LOB_API_URL (default https://api.lob.com). Throws at start-up, naming the setting, when the key
 * is missing or the URL is not an http(s) URL; the key never appears in a message.
 */
export function lobVerifierFromEnv(env: NodeJS.ProcessEnv): AddressVerifier {
  const apiKey = env.LOB_API_KEY?.trim();
  if (!apiKey) throw new Error('ADDRESS_VERIFIER=lob needs LOB_API_KEY (a Lob secret API key, live_… or test_…)');
  if (/[\s:]/.test(apiKey)) throw new Error('LOB_API_KEY must be a Lob API key without spaces or colons');
  const apiUrl = env.LOB_API_URL?.trim() || LOB_DEFAULT_URL;
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new Error('LOB_API_URL must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('LOB_API_URL must be an absolute http(s) URL');
  return lobAddressVerifier({ apiKey, apiUrl });
}
