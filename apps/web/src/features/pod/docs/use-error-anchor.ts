import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isErrorHash } from './error-codes';

/**
 * The error entry the address points at — the server's `doc_url`
 * (`/pod/documentation#errors-rate_limited`) — or undefined. Once `ready` (its section is open
 * and rendered), the entry is scrolled into view and focused, once per address.
 */
export function useErrorAnchor(ready: boolean): string | undefined {
  const { hash } = useLocation();
  const target = isErrorHash(hash) ? decodeURIComponent(hash.slice(1)) : undefined;
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!target || !ready || shown.current === target) return;
    // The section's panel renders in this commit; scroll after the browser has laid it out.
    const frame = requestAnimationFrame(() => {
      const entry = document.getElementById(target);
      if (!entry) return;
      shown.current = target;
      entry.scrollIntoView({ block: 'start', behavior: 'smooth' });
      entry.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [target, ready]);
  return target;
}
