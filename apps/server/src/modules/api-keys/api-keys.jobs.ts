import { z } from 'zod';
import { defineJob } from '../../jobs/job.js';
import { apiKeysRepo } from './api-keys.repo.js';
import { purgeIdempotencyKeys } from './idempotency.js';
import { purgeWrongKeys } from './key-guessing.js';

/** 'api-keys.purge', hourly: drops rate and wrong-key windows older than an hour and idempotency keys older than 24 h. */
export const apiKeysPurgeJob = defineJob({
  id: 'api-keys.purge',
  payload: z.object({}),
  handler: async (_p, ctx) => {
    await apiKeysRepo.purgeWindows(ctx.db, new Date(Date.now() - 3600_000));
    await purgeIdempotencyKeys(ctx.db);
    await purgeWrongKeys(ctx.db);
  },
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 300,
});
