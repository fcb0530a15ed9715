import { retryingFetch, type HttpRetryPolicy } from '../../platform/retrying-http.js';
import type { TrackingSource } from './tracking-source.js';

/** The IV-MTR pull's settings (config `tracking.ivmtr`: IV_MTR_URL, IV_MTR_TOKEN_URL, IV_MTR_USERNAME, IV_MTR_PASSWORD, IV_MTR_CLIENT_ID). */
export type IvmtrSettings = { url: string; tokenUrl: string; username: string; password: string; clientId: string };

/** Tries of each call: 2 more after a 429, a 5xx, a time-out or a network error, 1 s then 2 s apart (Retry-After up to 30 s). */
const RETRY: HttpRetryPolicy = { retries: 2, baseMs: 1000, maxRetryAfterMs: 30_000 };
/** Time-out of each HTTP try. */
const TIMEOUT_MS = 30_000;
/** Most pages one pull reads (a runaway `nextPage` stops here; the next run goes on from the newest stored scan). */
const MAX_PAGES = 10_000;
/** A token is renewed this long before the expiry it was given with. */
const TOKEN_MARGIN_MS = 60_000;

/** The IV-MTR API refused a call or answered something this client does not read; the message names what. */
export class IvmtrError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IvmtrError';
  }
}

/**
 * A client of the USPS IV-MTR API for piece scans (docs/requirements/mail-tracking.md#scan-data, source c), after the
 * "IV-MTR API Developer Toolkit" (USPS, PostalPro):
 * 1. Token: `POST {tokenUrl}` (by default https://services.usps.com/oauth/authenticate) with the JSON body
 *    `{ username, password, grant_type: "authorization", response_type: "token", scope: "user.info.ereg,iv1.apis",
 *    client_id }` answers `{ access_token, token_type, expires_in, refresh_token? }`; later calls send
 *    `Authorization: Bearer {access_token}`. This is the toolkit's sign-in as we know it; the client id and scope are
 *    configurable in case USPS changes them.
 * 2. Piece scans: `GET {url}?start={ISO 8601}&page={n}` answers JSON whose `data` array holds IV-MTR piece-scan
 *    objects (the data dictionary's JSON field names), with `nextPage` (or `next_page`, or `hasMore`) saying whether
 *    another page follows. As far as we know the toolkit's piece endpoints answer `{ data, message }` envelopes; the paging
 *    parameters of a bulk piece-scan request are NOT known to us from the toolkit — `start` and `page` are this
 *    client's assumption, kept in `pageUrl` so they are changed in one place once checked against a live account.
 * A 401 on a page renews the token once; 429 and 5xx are tried again (RETRY).
 */
export class IvmtrClient implements TrackingSource {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly settings: IvmtrSettings) {}

  get name(): string {
    return `IV-MTR ${new URL(this.settings.url).host}`;
  }

  /** The URL of page `page` of the scans received since `since`. */
  pageUrl(since: Date, page: number): string {
    const url = new URL(this.settings.url);
    url.searchParams.set('start', since.toISOString());
    url.searchParams.set('page', String(page));
    return url.toString();
  }

  /** A valid access token, signing in when there is none or it is about to expire. Throws IvmtrError when refused. */
  private async accessToken(renew = false): Promise<string> {
    if (!renew && this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const res = await retryingFetch(this.settings.tokenUrl, {
      method: 'POST', timeoutMs: TIMEOUT_MS, headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        username: this.settings.username, password: this.settings.password, grant_type: 'authorization', response_type: 'token',
        scope: 'user.info.ereg,iv1.apis', client_id: this.settings.clientId,
      }),
    }, RETRY);
    if (!res.ok) {
      await res.body?.cancel();
      throw new IvmtrError(`IV-MTR refused the sign-in (HTTP ${res.status}): check IV_MTR_USERNAME and IV_MTR_PASSWORD`);
    }
    const body = await res.json().catch(() => null) as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof body?.access_token !== 'string' || !body.access_token) throw new IvmtrError('IV-MTR answered the sign-in without an access_token');
    const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    this.token = { value: body.access_token, expiresAt: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS };
    return this.token.value;
  }

  /** One page's JSON (a 401 renews the token once). Throws IvmtrError for another 4xx or an answer that is not JSON. */
  private async page(since: Date, page: number): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(attempt > 0);
      const res = await retryingFetch(this.pageUrl(since, page), {
        method: 'GET', timeoutMs: TIMEOUT_MS, headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      }, RETRY);
      if (res.status === 401 && attempt === 0) { await res.body?.cancel(); continue; }
      if (!res.ok) {
        await res.body?.cancel();
        throw new IvmtrError(`IV-MTR refused the piece-scan request (HTTP ${res.status})`);
      }
      try {
        return await res.json();
      } catch {
        throw new IvmtrError('IV-MTR answered the piece-scan request with something that is not JSON');
      }
    }
  }

  /** The scans received since `since`, one page at a time (see the class comment for the protocol). */
  async *scansSince(since: Date, signal?: AbortSignal): AsyncGenerator<Array<Record<string, unknown>>> {
    for (let n = 1; n <= MAX_PAGES && !signal?.aborted; n++) {
      const body = await this.page(since, n) as Record<string, unknown> | unknown[] | null;
      const envelope = (Array.isArray(body) ? { data: body } : body ?? {}) as Record<string, unknown>;
      const scans = (Array.isArray(envelope.data) ? envelope.data : Array.isArray(envelope.events) ? envelope.events : []) as Array<Record<string, unknown>>;
      if (scans.length) yield scans.filter((s) => s && typeof s === 'object' && !Array.isArray(s));
      const next = envelope.nextPage ?? envelope.next_page;
      const more = next != null ? Number(next) > n : envelope.hasMore === true || envelope.has_more === true;
      if (!more || scans.length === 0) return;
    }
  }
}
