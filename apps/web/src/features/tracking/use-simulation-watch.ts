import { useCallback, useEffect, useState } from 'react';

/** How often a print file's tracking is asked again while a simulation plays, in ms. */
export const SIMULATION_POLL_MS = 3000;
/** How long after 'Simulate delivery' the page keeps asking (docs/requirements/mail-tracking.md#test-mode: every piece is delivered within 2 minutes). */
export const SIMULATION_WATCH_MS = 3 * 60_000;

const storageKey = (jobId: string) => `mailcraft.trackingSimulation.${jobId}`;

/** The stored end of a watch, when it is still ahead. */
function storedUntil(jobId: string): number | null {
  const until = Number(localStorage.getItem(storageKey(jobId)));
  return until > Date.now() ? until : null;
}

/**
 * Whether the tracking page keeps refreshing a print file while its simulated delivery plays: `start()` (after
 * 'Simulate delivery' was accepted) watches for SIMULATION_WATCH_MS, remembered in local storage so a reload keeps
 * watching; `stop()` ends it (the page calls it once every piece is delivered). `refreshMs` is SIMULATION_POLL_MS while
 * watching, else false.
 */
export function useSimulationWatch(jobId: string) {
  const [until, setUntil] = useState<number | null>(() => storedUntil(jobId));
  const stop = useCallback(() => {
    localStorage.removeItem(storageKey(jobId));
    setUntil(null);
  }, [jobId]);
  const start = useCallback(() => {
    const end = Date.now() + SIMULATION_WATCH_MS;
    localStorage.setItem(storageKey(jobId), String(end));
    setUntil(end);
  }, [jobId]);
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(stop, Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until, stop]);
  return { watching: until !== null, refreshMs: until !== null ? SIMULATION_POLL_MS : (false as const), start, stop };
}
