import { useCallback, useRef, useState } from 'react';
import type { Template } from '@pdfme/common';
import type { Side } from './design-template';

/** Steps kept for undo. */
export const HISTORY_LIMIT = 100;

/** One state of one page of the design (a side of the mail piece or a reinforcement). */
export type HistoryEntry = { side: Side; template: Template };

/**
 * Undo and redo across all pages of the design (docs/requirements/workflow.md#clear-states-and-fast-pages: visible buttons beside Ctrl+Z). `record`
 * is called with the state before each change; `undo(current)` returns the state to go back to
 * (and keeps `current` for redo), `redo(current)` the reverse; null when there is none. A new
 * change clears the redo steps. `forget(side)` drops every step of a page that no longer exists (a
 * removed reinforcement, docs/requirements/print-on-demand-api.md#print-on-demand-api). `canUndo`/`canRedo` re-render the buttons.
 */
export function useDesignHistory() {
  const past = useRef<HistoryEntry[]>([]);
  const future = useRef<HistoryEntry[]>([]);
  const [, setVersion] = useState(0);
  const bump = () => setVersion((v) => v + 1);

  const record = useCallback((before: HistoryEntry) => {
    past.current.push(before);
    if (past.current.length > HISTORY_LIMIT) past.current.shift();
    future.current = [];
    bump();
  }, []);
  const step = (from: React.MutableRefObject<HistoryEntry[]>, to: React.MutableRefObject<HistoryEntry[]>) => (current: (side: Side) => HistoryEntry) => {
    const entry = from.current.pop();
    if (!entry) return null;
    to.current.push(current(entry.side));
    bump();
    return entry;
  };
  const forget = useCallback((side: Side) => {
    past.current = past.current.filter((e) => e.side !== side);
    future.current = future.current.filter((e) => e.side !== side);
    bump();
  }, []);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const undo = useCallback(step(past, future), []);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const redo = useCallback(step(future, past), []);
  return { record, undo, redo, forget, canUndo: past.current.length > 0, canRedo: future.current.length > 0 };
}
