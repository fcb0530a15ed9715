import { z } from 'zod';
import { defineJob } from '../../jobs/job.js';
import { purgeAuthRecords } from './auth.service.js';

/** 'auth.purge', hourly: deletes expired sessions and old failed sign-in rows (docs/architecture.md#security-baseline). */
export const authPurgeJob = defineJob({
  id: 'auth.purge',
  payload: z.object({}),
  handler: async (_payload, ctx) => {
    await purgeAuthRecords(ctx.db);
  },
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  expireInSeconds: 600,
});

