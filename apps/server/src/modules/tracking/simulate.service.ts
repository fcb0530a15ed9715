import { ORDER_MESSAGES, type TTrackingSimulateResult } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { plannedOffsets, SIMULATED_SCANS_PER_JOB, simulatedScans, type SimulatedScan } from './simulate-scans.js';
import { trackingRepo } from './tracking-events.repo.js';
import { trackingSimulateJob } from './tracking.jobs.js';

/** Pieces read per page while planning (keyset pages in print order). */
const PLAN_PAGE = 1000;
/** Time allowed after the last scan is due for its job to be fetched and stored (queue polling and the writes). */
const STORE_MARGIN_MS = 10_000;

/** A piece as a simulation plays it: its IMb, and the address its later scans are made in. */
type SimulatedPiece = Parameters<typeof simulatedScans>[0];

/**
 * A simulated delivery of `userId`'s pieces being scheduled, starting now (docs/requirements/mail-tracking.md#test-mode):
 * `add` plans each piece's journey — accepted, in_transit, in_local_area, out_for_delivery, delivered — spread over
 * TRACKING_SIMULATION_SECONDS (90 s by default) with random jitter, groups the scans into time slots (a fifteenth of
 * the length, at least 1 s) and sends them as delayed `tracking.simulate` jobs of at most 1,000 scans, each due at the
 * end of its slot, so every scan is stored once its time has come, through the same matching, storing and delivery
 * events as real scans, marked simulated. `scheduled` tells how many scans were sent and by when the last is stored
 * (every piece delivered within 2 minutes).
 */
function scheduleSimulation(ctx: AppContext, userId: string) {
  const lengthMs = ctx.config.tracking.simulationSeconds * 1000;
  const slotMs = Math.max(1000, Math.round(lengthMs / 15));
  const start = Date.now();
  let events = 0;
  let lastDue = 0;
  return {
    async add(pieces: SimulatedPiece[]): Promise<void> {
      const bySlot = new Map<number, SimulatedScan[]>();
      for (const piece of pieces) {
        for (const scan of simulatedScans(piece, start, plannedOffsets(lengthMs))) {
          const slot = Math.max(1, Math.ceil((Date.parse(scan.at) - start) / slotMs));
          const list = bySlot.get(slot);
          if (list) list.push(scan);
          else bySlot.set(slot, [scan]);
        }
      }
      for (const [slot, scans] of bySlot) {
        for (let i = 0; i < scans.length; i += SIMULATED_SCANS_PER_JOB) {
          // Due at the end of its slot: measured from the start, less the time planning has taken so far.
          const dueMs = slot * slotMs;
          await ctx.queue.send(trackingSimulateJob, { userId, scans: scans.slice(i, i + SIMULATED_SCANS_PER_JOB) }, {
            startAfterSeconds: Math.max(0, Math.ceil((start + dueMs - Date.now()) / 1000)),
          });
          events += Math.min(SIMULATED_SCANS_PER_JOB, scans.length - i);
          lastDue = Math.max(lastDue, dueMs);
        }
      }
    },
    scheduled: () => ({ events, delivered_by: new Date(start + lastDue + STORE_MARGIN_MS).toISOString() }),
  };
}

/**
 * POST /api/print-jobs/{jobId}/tracking/simulate (docs/requirements/mail-tracking.md#test-mode): plays a realistic journey
 * for every piece of the print file (`scheduleSimulation`), read a page at a time in print order; every piece is
 * delivered within 2 minutes. Answers what was scheduled.
 * Errors: NOT_FOUND when the user has no piece of that print file.
 */
export async function simulateDelivery(ctx: AppContext, principal: Principal, jobId: string): Promise<TTrackingSimulateResult> {
  const job = await trackingRepo.jobPieces(ctx.db, principal.userId, jobId);
  if (!job) throw notFound('Print job tracking');
  const simulation = scheduleSimulation(ctx, principal.userId);
  let after = 0;
  let pieces = 0;
  for (;;) {
    const page = await trackingRepo.jobPiecesAfter(ctx.db, principal.userId, jobId, after, PLAN_PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1].pieceNumber;
    await simulation.add(page);
    pieces += page.length;
  }
  return { print_job_id: jobId, pieces, ...simulation.scheduled() };
}

/**
 * The simulated delivery of on-demand order `orderId`'s piece (docs/requirements/mail-tracking.md#test-mode): the same
 * journey as a print file's pieces (`scheduleSimulation`), so its scans reach the order's `tracking_events`, webhooks
 * and notifications as real ones would. The caller has checked the order is the user's test order. Answers the
 * piece's IMb and what was scheduled.
 * Errors: CONFLICT ORDER_MESSAGES.simulateNoImb when the order has no piece (rendered without an IMb);
 * CONFLICT ORDER_MESSAGES.simulatedAlready when its piece has been scanned already (a journey plays once).
 */
export async function simulateOrderPiece(ctx: AppContext, userId: string, orderId: string): Promise<{ imb: string; events: number; delivered_by: string }> {
  const piece = await trackingRepo.orderPiece(ctx.db, userId, orderId);
  if (!piece) throw new AppError('CONFLICT', ORDER_MESSAGES.simulateNoImb);
  if (piece.stage !== null) throw new AppError('CONFLICT', ORDER_MESSAGES.simulatedAlready);
  const simulation = scheduleSimulation(ctx, userId);
  await simulation.add([piece]);
  return { imb: piece.imb, ...simulation.scheduled() };
}
