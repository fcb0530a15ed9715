import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpStatusError, RetryableError, retryAfterMs, retryingFetch, withRetries } from './retrying-http.js';

describe('retryAfterMs', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');

  it('reads delay-seconds, capped', () => {
    expect(retryAfterMs('3', 10_000, now)).toBe(3000);
    expect(retryAfterMs(' 0 ', 10_000, now)).toBe(0);
    expect(retryAfterMs('1.5', 10_000, now)).toBe(1500);
    expect(retryAfterMs('3600', 10_000, now)).toBe(10_000);
  });

  it('reads an HTTP date from now, a past date as 0, capped', () => {
    expect(retryAfterMs('Tue, 01 Jan 2030 00:00:05 GMT', 60_000, now)).toBe(5000);
    expect(retryAfterMs('Mon, 31 Dec 2029 23:59:00 GMT', 60_000, now)).toBe(0);
    expect(retryAfterMs('Wed, 02 Jan 2030 00:00:00 GMT', 60_000, now)).toBe(60_000);
  });

  it('is null without a header or for garbage', () => {
    expect(retryAfterMs(null, 10_000, now)).toBeNull();
    expect(retryAfterMs(undefined, 10_000, now)).toBeNull();
    expect(retryAfterMs('  ', 10_000, now)).toBeNull();
    expect(retryAfterMs('soon', 10_000, now)).toBeNull();
    expect(retryAfterMs('-5', 10_000, now)).toBeNull();
  });
});

describe('withRetries', () => {
  it('tries again until a try succeeds, and gives up with the last error', async () => {
    let tries = 0;
    await expect(withRetries(async () => { if (++tries < 3) throw new RetryableError('busy'); return 'ok'; }, { retries: 3, baseMs: 1 })).resolves.toBe('ok');
    expect(tries).toBe(3);
    tries = 0;
    await expect(withRetries(async () => { tries++; throw new RetryableError(`busy ${tries}`); }, { retries: 2, baseMs: 1 })).rejects.toThrow('busy 3');
  });

  it('stops at once on an error shouldRetry refuses, even a TypeError', async () => {
    let tries = 0;
    const refused = withRetries(async () => { tries++; throw new TypeError('bad'); }, { retries: 3, baseMs: 1, shouldRetry: (e) => !(e instanceof TypeError) });
    await expect(refused).rejects.toThrow(TypeError);
    expect(tries).toBe(1);
  });

  it('waits a Retry-After instead of the back-off', async () => {
    const started = performance.now();
    let tries = 0;
    await withRetries(async () => { if (++tries === 1) throw new RetryableError('busy', 0); }, { retries: 1, baseMs: 5_000 });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('retryingFetch', () => {
  let server: http.Server;
  let base = '';
  const answers: number[] = [];
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      const status = answers.shift() ?? 200;
      res.writeHead(status, status === 429 ? { 'retry-after': '0' } : {}).end(String(status));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('retries 429 and 5xx, answers a 4xx as it is, and throws HttpStatusError when retries run out', async () => {
    const policy = { retries: 2, baseMs: 1, maxRetryAfterMs: 1000 };
    answers.push(429, 503);
    expect((await retryingFetch(base, { timeoutMs: 5000 }, policy)).status).toBe(200);
    answers.push(404);
    expect((await retryingFetch(base, { timeoutMs: 5000 }, policy)).status).toBe(404);
    answers.push(500, 502, 503);
    const failed = await retryingFetch(base, { timeoutMs: 5000 }, policy).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(HttpStatusError);
    expect((failed as HttpStatusError).status).toBe(503);
  });
});
