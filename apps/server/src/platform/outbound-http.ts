import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, fetch, type RequestInit, type Response } from 'undici';

/** Thrown when an outbound request would reach a non-public address (SSRF guard). */
export class OutboundBlockedError extends Error {
  constructor(address: string) {
    super(`Endpoint URL must not point to a private, loopback or link-local address (${address})`);
    this.name = 'OutboundBlockedError';
  }
}

/** Whether `address` is a public unicast address (not loopback, private, link-local, metadata, reserved …). */
export function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.process(address.replace(/^\[|\]$/g, '')).range() === 'unicast';
  } catch {
    return false;
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup that fails when any resolved address is not public (a name may resolve to several). */
function publicLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) return callback(new OutboundBlockedError(blocked.address), []);
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}

const plainConnector = buildConnector({});
const guardedConnector = buildConnector({ lookup: publicLookup } as buildConnector.BuildOptions);

/**
 * The connector of the guarded agent: literal IP hosts are checked here (no lookup happens for
 * them; WHATWG URL parsing has already turned 0x7f000001 and friends into dotted form), names
 * at lookup time, so a DNS answer that changes after a check cannot slip through (DNS rebinding).
 */
const guardedConnect: buildConnector.connector = (opts, callback) => {
  const host = opts.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isPublicAddress(host)) {
    callback(new OutboundBlockedError(host), null);
    return;
  }
  guardedConnector(opts, callback);
};

const guardedAgent = new Agent({ connect: guardedConnect });
const openAgent = new Agent({ connect: plainConnector });

/**
 * POSTs and other outbound calls to user-given URLs (webhooks, later notifications). docs/decisions/README.md#records
 * "Next areas" (outbound HTTP + SSRF guard): undici 7 with a connector that refuses every
 * non-public resolved address and literal IP, unless `allowPrivate` (ALLOW_PRIVATE_WEBHOOKS);
 * redirects are never followed (a 3xx is the answer); the request is aborted after `timeoutMs`.
 * Throws OutboundBlockedError (also as a fetch error's `cause`), a TimeoutError, or network errors.
 */
export async function outboundFetch(url: string, init: RequestInit, opts: { allowPrivate: boolean; timeoutMs: number }): Promise<Response> {
  return fetch(url, {
    ...init,
    redirect: 'manual',
    dispatcher: opts.allowPrivate ? openAgent : guardedAgent,
    signal: AbortSignal.timeout(opts.timeoutMs),
  });
}

/** The reason an outbound call failed, in words for a delivery log. */
export function outboundErrorMessage(err: unknown): string {
  let e: unknown = err;
  for (let i = 0; i < 4 && e instanceof Error; i++) {
    if (e instanceof OutboundBlockedError) return e.message;
    if (e.name === 'TimeoutError') return 'No answer within the time limit';
    const code = (e as { code?: string }).code;
    if (code === 'ECONNREFUSED') return 'Connection refused';
    if (code === 'ENOTFOUND') return 'The host name does not resolve';
    if (!e.cause) return e.message;
    e = e.cause;
  }
  return String(e);
}

/**
 * False when `url`'s host is `localhost` or a literal non-public address (unless `allowPrivate`,
 * ALLOW_PRIVATE_WEBHOOKS): a first check when a user saves an endpoint. The real guard runs at
 * connect time on every resolved address (`outboundFetch`). Throws TypeError on a malformed URL.
 */
export function isPublicEndpoint(url: string, allowPrivate: boolean): boolean {
  if (allowPrivate) return true;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return !(host === 'localhost' || host.endsWith('.localhost') || (/^[\d.:a-f]+$/i.test(host) && !isPublicAddress(host)));
}
