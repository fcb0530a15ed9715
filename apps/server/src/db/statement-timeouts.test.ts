import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../platform/http.js';
import type { Database } from './client.js';
import { openScratchPostgres } from './scratch-database.js';
import { isStatementTimeout, jobTimeoutError, STATEMENT_TIMEOUT_MESSAGE } from './statement-timeouts.js';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('statement timeouts on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openScratchPostgres(serverUrl!, 'mc_timeout', { statementTimeouts: { requestSeconds: 1, jobSeconds: 4 } }));
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('cancels a request statement past its timeout, lets a job statement run longer, and answers the request 503 with a sentence', async () => {
    const err = await database.db.execute(sql`SELECT pg_sleep(2)`).then(() => null, (e: unknown) => e);
    expect(isStatementTimeout(err)).toBe(true);
    await expect(database.jobDb.execute(sql`SELECT pg_sleep(2)`)).resolves.toBeDefined();
    expect(jobTimeoutError('lists.index-search', err).message).toMatch(/longer than 60 s and was cancelled .* will be retried/);

    const app = Fastify();
    installErrorHandler(app);
    app.get('/slow', async () => database.db.execute(sql`SELECT pg_sleep(2)`));
    const res = await app.inject({ method: 'GET', url: '/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: STATEMENT_TIMEOUT_MESSAGE, request_id: expect.any(String) } });
    await app.close();
  }, 30_000);
});
