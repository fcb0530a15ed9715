import { useCallback, useEffect, useState } from 'react';

/** How often a print file's tracking (or Order Entry's orders) is asked again while a simulation plays, in ms. */
export const SIMULATION_POLL_MS = 3000;
/** How long after 'Simulate delivery' the screen keeps asking (docs/requirements/mail-tracking.md#test-mode: every piece is delivered within 2 minutes). */
export const SIMULATION_WATCH_MS = 3 * 60_000;

const storageKey = (watchId: string) => `mailcraft.trackingSimulation.${watchId}`;

/** The stored end of a watch, when it is still ahead. */
function storedUntil(watchId: string): number | null {
  const until = Number(localStorage.getItem(storageKey(watchId)));
  return until > Date.now() ? until : null;
}

/**
 * Whether a screen keeps refreshing while a simulated delivery plays — a print file's tracking page (`watchId` the print
 * job's id) or Order Entry's orders (`orders.{keyId}`): `start()` (after 'Simulate delivery' was accepted) watches for
 * SIMULATION_WATCH_MS, remembered in local storage so a reload keeps watching; `stop()` ends it (the screen calls it
 * once every piece is delivered). `refreshMs` is SIMULATION_POLL_MS while watching, else false.
 */
export function useSimulationWatch(watchId: string) {
  const [until, setUntil] = useState<number | null>(() => storedUntil(watchId));
  const stop = useCallback(() => {
    localStorage.removeItem(storageKey(watchId));
    setUntil(null);
  }, [watchId]);
  const start = useCallback(() => {
    const end = Date.now() + SIMULATION_WATCH_MS;
    localStorage.setItem(storageKey(watchId), String(end));
    setUntil(end);
  }, [watchId]);
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(stop, Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until, stop]);
  return { watching: until !== null, refreshMs: until !== null ? SIMULATION_POLL_MS : (false as const), start, stop };
}
