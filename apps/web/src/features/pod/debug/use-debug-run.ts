import { useEffect, useRef, useState } from 'react';
import { DEBUG_CHECKS, DEBUG_CONCURRENCY } from './debug-checks';
import { pendingRow, skippedRow, type DebugRow } from './debug-results';
import { runCheck } from './run-check';
import { runLimited } from './run-limited';

/**
 * The API Debug run (docs/requirements/print-on-demand-api.md#api-keys-tab Debug tab, §7 "Debug tab GETs"). Once `ready` (the key list
 * has loaded and a key is chosen, if any), it runs DEBUG_CHECKS, DEBUG_CONCURRENCY at a time, with
 * `apiKey`; without one the keyed checks are 'Skipped: choose an API key' and only the open health
 * checks run. It runs again when the key's secret changes and on `rerun()` (an older run is
 * aborted). `testCustom(path)` adds one GET of the user's own as a row; those rows stay across
 * runs. Returns the rows (batch, then custom) and whether the batch is `running`.
 */
export function useDebugRun(apiKey: string | null, ready: boolean) {
  const [batch, setBatch] = useState<DebugRow[]>(() => DEBUG_CHECKS.map(pendingRow));
  const [custom, setCustom] = useState<DebugRow[]>([]);
  const [round, setRound] = useState(0);
  const [running, setRunning] = useState(true);
  const customCount = useRef(0);

  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    setBatch(DEBUG_CHECKS.map((c) => (c.needsKey && !apiKey ? skippedRow(c) : pendingRow(c))));
    setRunning(true);
    const checks = DEBUG_CHECKS.filter((c) => !c.needsKey || apiKey);
    void runLimited(checks, DEBUG_CONCURRENCY, async (check) => {
      const row = await runCheck(check, apiKey, controller.signal);
      if (row && !controller.signal.aborted) setBatch((rows) => rows.map((r) => (r.id === row.id ? row : r)));
    }, controller.signal).finally(() => {
      if (!controller.signal.aborted) setRunning(false);
    });
    return () => controller.abort();
  }, [ready, apiKey, round]);

  const testCustom = (path: string) => {
    customCount.current += 1;
    const check = { id: `custom-${customCount.current}`, path, description: apiKey ? 'Custom check' : 'Custom check (no API key)' };
    setCustom((rows) => [...rows, pendingRow(check)]);
    void runCheck(check, apiKey).then((row) => {
      if (row) setCustom((rows) => rows.map((r) => (r.id === row.id ? row : r)));
    });
  };

  return { rows: [...batch, ...custom], running, rerun: () => setRound((n) => n + 1), testCustom };
}
