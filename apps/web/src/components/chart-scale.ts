import { useEffect, useRef, useState } from 'react';

/*
 * What the app's plain-SVG charts share (scan analytics, in-home by day): no antd, no chart library, so importing it
 * adds nothing to a page's chunk (docs/decisions/0024-antd-and-a-first-load-budget.md).
 */

/** Width of an element in px, following its resizes (ResizeObserver); 0 before the first layout. Returns [ref, width]. */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Up to 5 whole-number ticks from 0 to at least `max` (a count), evenly spaced (1, 2, 5 × 10ⁿ steps); [0, 1] for none. */
export function countTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) ticks.push(v);
  return ticks;
}
