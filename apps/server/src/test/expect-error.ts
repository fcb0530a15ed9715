import { expect } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '../platform/errors.js';

/** The answer of `app.inject` (or a TestUser's `req`), as far as this helper reads it. */
type Answer = { statusCode: number; body: string; headers: Record<string, unknown>; json(): unknown };

/**
 * Asserts an error answer completely: its status, and a body of exactly
 * `{ error: { code, message, request_id } }` (docs/architecture.md#errors-envelope), `request_id` the answer's
 * X-Request-Id header. The code must be the one the status stands for.
 *
 * With `details`, the envelope must carry details too and they must match `details` as
 * `toMatchObject` does (e.g. `[{ message: 'Line 3 is required' }]`); without it, none may be present.
 */
export function expectError(res: Answer, status: number, code: ErrorCode, message: string, details?: unknown): void {
  expect(ERROR_STATUS[code], `${code} is not the code of ${status}`).toBe(status);
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error?: { details?: unknown } };
  const request_id = res.headers['x-request-id'];
  expect(request_id, 'the answer names its request').toEqual(expect.stringMatching(/^req_/));
  if (details === undefined) {
    expect(body).toEqual({ error: { code, message, request_id } });
  } else {
    expect(body).toEqual({ error: { code, message, request_id, details: expect.anything() } });
    expect(body.error?.details).toMatchObject(details as object);
  }
}

/** The message of every 401 (platform/principal.ts). */
export const LOGIN_REQUIRED = 'Please log in to continue';
