import { serveCalls } from '../../../platform/thread-rpc.js';
import { installLayoutCache } from '../render/layout-cache.js';
import { Preflight, type PreflightPlan } from './preflight.js';

let preflight: Preflight | null = null;
const started = () => {
  if (!preflight) throw new Error('The preflight was not started');
  return preflight;
};

/** The preflight thread's calls (see PreflightThread): one print file per thread. */
export const preflightCalls = {
  /** Starts the preflight of one file (text measuring shares the renderer's layout cache). */
  start: (plan: PreflightPlan) => {
    const sample = Object.values(plan.font)[0]?.data;
    if (sample instanceof Uint8Array) installLayoutCache(sample);
    preflight = new Preflight(plan);
  },
  /** Checks the next pieces, in file order. */
  check: (batch: Record<string, string>[]) => started().check(batch),
  /** Checks the finished file and answers the report. */
  finish: (file: string, tmpDir: string) => started().finish(file, tmpDir),
};

serveCalls(preflightCalls);
