import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RESPONSE_EXCERPT_CHARS, WEBHOOK_TIMEOUT_SECONDS } from '@mailcraft/shared';
import { outboundErrorMessage, outboundFetch } from './outbound-http.js';

/** The outcome of one signed POST: the answer's status and excerpt, or why there was none. */
export type SignedPostResult = {
  /** HTTP status, or null when no answer came. */
  status: number | null;
  /** The answer's body, first 1,000 characters. */
  excerpt: string | null;
  /** Retry-After of the answer (seconds or an HTTP date) as sent, when given; read with `retryAfterMs` (`retrying-http.ts`). */
  retryAfter: string | null;
  /** Null on a 2xx; otherwise e.g. 'The endpoint answered 500', 'Connection refused'. */
  error: string | null;
  /** Milliseconds from sending to the end of the answer. */
  durationMs: number;
};

/**
 * The one outbound path of every webhook call — per-list webhooks (docs/requirements/projects.md#data) and webhook
 * notifications (docs/requirements/qr-codes.md#rules): signs `body` as Standard Webhooks define — headers `webhook-id`
 * (`messageId`, the same on every attempt), `webhook-timestamp` (seconds), `webhook-signature`
 * (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with `secret`, `whsec_…`) — and POSTs it
 * through the SSRF-guarded client (`outboundFetch`: no private addresses unless `allowPrivate`,
 * no redirects) with a 15 s timeout. Never throws for a failed call: the result says what happened.
 */
export async function postSignedWebhook(
  req: { url: string; secret: string; messageId: string; body: string; at?: Date },
  opts: { allowPrivate: boolean },
): Promise<SignedPostResult> {
  const at = req.at ?? new Date();
  const signature = new Webhook(req.secret).sign(req.messageId, at, req.body);
  const started = performance.now();
  const result: Omit<SignedPostResult, 'durationMs'> = { status: null, excerpt: null, retryAfter: null, error: null };
  try {
    const res = await outboundFetch(req.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Mailcraft-Webhooks/1.0',
        'webhook-id': req.messageId,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: req.body,
    }, { allowPrivate: opts.allowPrivate, timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000 });
    result.status = res.status;
    result.retryAfter = res.headers.get('retry-after');
    result.excerpt = (await res.text().catch(() => '')).slice(0, WEBHOOK_RESPONSE_EXCERPT_CHARS);
    if (res.status < 200 || res.status >= 300) result.error = `The endpoint answered ${res.status}`;
  } catch (err) {
    result.error = outboundErrorMessage(err);
  }
  return { ...result, durationMs: Math.round(performance.now() - started) };
}
