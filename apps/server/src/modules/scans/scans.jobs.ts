import { SCAN_IP_RETENTION_DAYS } from '@mailcraft/shared';
import { z } from 'zod';
import { defineJob } from '../../jobs/job.js';
import { scansRepo } from './scans.repo.js';

/**
 * Privacy (docs/requirements/scans-and-analytics.md#scan-recording): clears the IP address of scans older than 30 days; the
 * city, region and country derived from it stay. Runs hourly.
 */
export const scansPurgeIpsJob = defineJob({
  id: 'scans.purge-ips',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  handler: async (_payload, ctx) => {
    await scansRepo.purgeIps(ctx.db, SCAN_IP_RETENTION_DAYS);
  },
});
