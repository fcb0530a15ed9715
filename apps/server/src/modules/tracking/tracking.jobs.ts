import { z } from 'zod';
import { defineJob } from '../../jobs/job.js';
import { IvmtrClient } from './ivmtr-client.js';
import { storeSimulatedScans, ZSimulatedScansPayload } from './simulate-scans.js';
import { pullScans, runImport } from './tracking-import.service.js';

/**
 * `tracking.import`: reads one uploaded scan file (docs/requirements/mail-tracking.md#scan-data; `runImport`). Not
 * retried: a failure is recorded on the batch, and uploading the file again stores no scan twice. An hour at most.
 */
export const trackingImportJob = defineJob({
  id: 'tracking.import',
  payload: z.object({ importId: z.uuid().describe('The batch of the uploaded file') }),
  retry: { limit: 0, delaySeconds: 5, backoff: false },
  expireInSeconds: 60 * 60,
  handler: async ({ importId }, ctx) => runImport(ctx, importId),
});

/**
 * `tracking.pull` (every 15 minutes): fetches new piece scans from the IV-MTR API when IV_MTR_URL is set, else does
 * nothing (`pullScans`). One waiting at most (a wake-up); a failed run is left to the next one.
 */
export const trackingPullJob = defineJob({
  id: 'tracking.pull',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  expireInSeconds: 30 * 60,
  queuePolicy: 'short',
  handler: async (_payload, ctx, run) => {
    const settings = ctx.config.tracking.ivmtr;
    if (settings) await pullScans(ctx, new IvmtrClient(settings), run.signal);
  },
});

/**
 * `tracking.simulate`: stores up to 1,000 simulated scans that are due (docs/requirements/mail-tracking.md#test-mode;
 * `storeSimulatedScans`), sent delayed by the simulation so that each runs once its scans' times have come. Retried
 * twice a second apart (stored scans are not stored twice), so every piece is still delivered within 2 minutes.
 */
export const trackingSimulateJob = defineJob({
  id: 'tracking.simulate',
  payload: ZSimulatedScansPayload,
  retry: { limit: 2, delaySeconds: 1, backoff: false },
  expireInSeconds: 60,
  concurrency: 2,
  handler: async (payload, ctx) => void await storeSimulatedScans(ctx, payload),
});
