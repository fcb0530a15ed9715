import { z } from 'zod';
import { SIMULATED_OPERATIONS } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { ivmtrFields, readScan, stateZone } from './ivmtr-scan.js';
import { ingestBatch, type IngestTally } from './scan-matching.js';

/** The simulated operation codes in journey order: accepted, in_transit, in_local_area, out_for_delivery, delivered. */
export const SIMULATED_CODES = ['SIM-ACCEPT', 'SIM-TRANSIT', 'SIM-LOCAL', 'SIM-OFD', 'SIM-DELIVERED'] as const;
/** Where each stage of a simulated journey falls, as a share of the simulation's length (before jitter). */
const STAGE_AT = [0.03, 0.25, 0.5, 0.75, 0.92];
/** Random jitter of each scan, ± this share of the length: less than half the gap between stages, so they stay in order. */
const JITTER = 0.06;
/** Most scans one simulation job stores (bounded work per job). */
export const SIMULATED_SCANS_PER_JOB = 1000;

/**
 * The origin facility of simulated acceptance and transit scans: a sample plant, not the mailer's real entry point
 * (test mode shows that the scans are simulated). Later stages are scanned in the piece's own city.
 */
const ORIGIN = { zip: '75260', city: 'DALLAS', state: 'TX' };

/** One simulated scan of a `tracking.simulate` job. */
const ZSimulatedScan = z.object({
  imb: z.string().regex(/^\d{20,31}$/).describe('The piece\'s IMb, digits only'),
  code: z.enum(SIMULATED_CODES).describe('The simulated operation code (its stage)'),
  at: z.iso.datetime().describe('ISO 8601 time of the scan'),
  zip: z.string().nullable().describe('Facility ZIP'),
  city: z.string().nullable().describe('Facility city'),
  state: z.string().nullable().describe('Facility state'),
});
/** The payload of a `tracking.simulate` job: the account and up to 1,000 scans due by the time the job runs. */
export const ZSimulatedScansPayload = z.object({
  userId: z.uuid().describe('Owner of the pieces'),
  scans: z.array(ZSimulatedScan).min(1).max(SIMULATED_SCANS_PER_JOB).describe('The scans to store'),
});
export type SimulatedScan = z.infer<typeof ZSimulatedScan>;

/**
 * When each of a piece's five simulated scans happens, in ms after the simulation starts (docs/requirements/mail-tracking.md#test-mode):
 * spread over `lengthMs` at STAGE_AT with ±JITTER random jitter, always in journey order and before the end.
 */
export function plannedOffsets(lengthMs: number, random: () => number = Math.random): number[] {
  return STAGE_AT.map((share) => Math.round((share + (random() * 2 - 1) * JITTER) * lengthMs));
}

/** A piece's five simulated scans starting at `startMs` (acceptance and transit at the sample origin, the rest in its own city). */
export function simulatedScans(piece: { imb: string; address: { city: string; state: string; zip: string } }, startMs: number, offsets: number[]): SimulatedScan[] {
  const local = { zip: piece.address.zip.slice(0, 5) || null, city: piece.address.city.toUpperCase() || null, state: piece.address.state.toUpperCase() || null };
  return SIMULATED_CODES.map((code, i) => ({
    imb: piece.imb, code, at: new Date(startMs + offsets[i]).toISOString(), ...(i < 2 ? ORIGIN : local),
  }));
}

/**
 * The `tracking.simulate` job's work: reads the simulated scans as IV-MTR piece scans (`readScan`, zone of the
 * facility's state for display), sets each one's stage from its simulated code, and stores them through the same
 * matching, storing and `mail.tracked` path as real scans, with source 'simulated' (test pieces included).
 */
export async function storeSimulatedScans(ctx: AppContext, payload: z.infer<typeof ZSimulatedScansPayload>): Promise<IngestTally> {
  const rows = payload.scans.map((s, i) => ({
    ...readScan(ivmtrFields({
      imb: s.imb, scanDatetime: s.at, scanEventCode: s.code, scanFacilityZip: s.zip, scanFacilityCity: s.city, scanFacilityState: s.state,
      scanTimeZone: stateZone(s.state) ?? undefined,
    }), `Simulated scan ${i + 1}`),
    stage: SIMULATED_OPERATIONS[s.code].stage,
  }));
  return ingestBatch(ctx, { userId: payload.userId, source: 'simulated', importFor: async () => null }, rows);
}
