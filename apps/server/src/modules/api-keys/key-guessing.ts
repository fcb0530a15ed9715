import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { apiKeysRepo, type KeyFailures } from './api-keys.repo.js';

/**
 * Wrong API keys a client (an IPv4 address, or an IPv6 /64: `clientKey`) may send per minute
 * before it is refused without a look-up (docs/requirements/print-on-demand-api.md#keys). A key
 * holds about 238 random bits, so the limit is not what keeps keys safe: it keeps a client that
 * sends key after key from costing a database look-up each, and tells a misconfigured one early.
 */
export const WRONG_KEYS_PER_MINUTE = 20;
const WINDOW_MS = 60_000;

/** The answer to a client past the limit. */
export const WRONG_KEYS_MESSAGE = 'Too many requests with wrong API keys from your address: wait, then check the key you send';

/** Seconds until a window that started at `windowStart` is over (at least 1). */
const secondsLeft = (windowStart: Date, now: number) => Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now) / 1000));

/** A client held back: the error to answer with and the Retry-After seconds to send with it. */
export type HeldBack = { error: AppError; retryAfterSeconds: number };

const heldBack = (failures: KeyFailures | undefined, now: number): HeldBack | null =>
  failures && failures.count >= WRONG_KEYS_PER_MINUTE
    ? { error: new AppError('RATE_LIMITED', WRONG_KEYS_MESSAGE), retryAfterSeconds: secondsLeft(failures.windowStart, now) }
    : null;

/**
 * Whether `client` already sent WRONG_KEYS_PER_MINUTE wrong keys in its current window (read from
 * the database, so every process sharing it agrees): then the answer is RATE_LIMITED (429) with
 * Retry-After, and no key is looked up. Null when the client may go on.
 */
export async function guessingHeldBack(db: Db, client: string, now = Date.now()): Promise<HeldBack | null> {
  return heldBack(await apiKeysRepo.failures(db, client, new Date(now - WINDOW_MS)), now);
}

/** Counts one wrong key of `client` in its window (one upsert). */
export async function countWrongKey(db: Db, client: string, now = Date.now()): Promise<void> {
  await apiKeysRepo.countFailure(db, client, new Date(now - WINDOW_MS), new Date(now));
}

/** Deletes wrong-key windows older than an hour (the hourly purge). */
export const purgeWrongKeys = (db: Db) => apiKeysRepo.purgeFailures(db, new Date(Date.now() - 3600_000));
