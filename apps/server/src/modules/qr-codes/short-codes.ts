import { randomBytes } from 'node:crypto';

/** The 62 characters of a short code. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Characters per code: 62^10 ≈ 8.4·10^17 codes, about 59.5 bits (docs/requirements/scans-and-analytics.md#scan-recording: at least 8). */
const SHORT_CODE_LENGTH = 10;
/** What a short code looks like; anything else on the root path is not a short link. */
export const SHORT_CODE_PATTERN = /^[0-9A-Za-z]{10}$/;

/**
 * `count` random short codes from a CSPRNG (docs/requirements/scans-and-analytics.md#scan-recording, departing from docs/requirements/notifications.md#rules's base64 of the
 * record id, which lets anyone walk a list). Rejection sampling over bytes < 248 (4 × 62) keeps
 * every character equally likely.
 */
export function newShortCodes(count: number): string[] {
  const codes: string[] = [];
  let pool = randomBytes(count * SHORT_CODE_LENGTH * 2);
  let at = 0;
  for (let i = 0; i < count; i++) {
    let code = '';
    while (code.length < SHORT_CODE_LENGTH) {
      if (at >= pool.length) { pool = randomBytes(256); at = 0; }
      const b = pool[at++];
      if (b < 248) code += ALPHABET[b % 62];
    }
    codes.push(code);
  }
  return codes;
}
