import type { TTrackingSimulateResult } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { plannedOffsets, SIMULATED_SCANS_PER_JOB, simulatedScans, type SimulatedScan } from './simulate-scans.js';
import { trackingRepo } from './tracking-events.repo.js';
import { trackingSimulateJob } from './tracking.jobs.js';

/** Pieces read per page while planning (keyset pages in print order). */
const PLAN_PAGE = 1000;
/** Time allowed after the last scan is due for its job to be fetched and stored (queue polling and the writes). */
const STORE_MARGIN_MS = 10_000;

/**
 * POST /api/print-jobs/{jobId}/tracking/simulate (docs/requirements/mail-tracking.md#test-mode): plays a realistic journey
 * for every piece of the print file — accepted, in_transit, in_local_area, out_for_delivery, delivered — spread over
 * TRACKING_SIMULATION_SECONDS (90 s by default) with random jitter. The scans are grouped into time slots (a fifteenth
 * of the length, at least 1 s) and sent as delayed `tracking.simulate` jobs of at most 1,000 scans, each due at the end
 * of its slot, so every scan is stored once its time has come, through the same matching, storing and delivery events
 * as real scans, marked simulated; every piece is delivered within 2 minutes. Answers what was scheduled.
 * Errors: NOT_FOUND when the user has no piece of that print file.
 */
export async function simulateDelivery(ctx: AppContext, principal: Principal, jobId: string): Promise<TTrackingSimulateResult> {
  const job = await trackingRepo.jobPieces(ctx.db, principal.userId, jobId);
  if (!job) throw notFound('Print job tracking');
  const lengthMs = ctx.config.tracking.simulationSeconds * 1000;
  const slotMs = Math.max(1000, Math.round(lengthMs / 15));
  const start = Date.now();
  let after = 0;
  let pieces = 0;
  let events = 0;
  let lastDue = 0;
  for (;;) {
    const page = await trackingRepo.jobPiecesAfter(ctx.db, principal.userId, jobId, after, PLAN_PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1].pieceNumber;
    const bySlot = new Map<number, SimulatedScan[]>();
    for (const piece of page) {
      const offsets = plannedOffsets(lengthMs);
      for (const scan of simulatedScans(piece, start, offsets)) {
        const slot = Math.max(1, Math.ceil((Date.parse(scan.at) - start) / slotMs));
        const list = bySlot.get(slot);
        if (list) list.push(scan);
        else bySlot.set(slot, [scan]);
      }
      pieces++;
    }
    for (const [slot, scans] of bySlot) {
      for (let i = 0; i < scans.length; i += SIMULATED_SCANS_PER_JOB) {
        // Due at the end of its slot: measured from the start, less the time planning has taken so far.
        const dueMs = slot * slotMs;
        await ctx.queue.send(trackingSimulateJob, { userId: principal.userId, scans: scans.slice(i, i + SIMULATED_SCANS_PER_JOB) }, {
          startAfterSeconds: Math.max(0, Math.ceil((start + dueMs - Date.now()) / 1000)),
        });
        events += Math.min(SIMULATED_SCANS_PER_JOB, scans.length - i);
        lastDue = Math.max(lastDue, dueMs);
      }
    }
  }
  return { print_job_id: jobId, pieces, events, delivered_by: new Date(start + lastDue + STORE_MARGIN_MS).toISOString() };
}
