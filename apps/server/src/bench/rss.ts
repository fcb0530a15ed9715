/**
 * Samples the process RSS (worker threads included) every `everyMs` (default 25 ms) until the
 * returned function is called; that returns the peak in MiB.
 */
export function rssSampler(everyMs = 25): () => number {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, everyMs);
  return () => {
    clearInterval(timer);
    return Math.round(Math.max(peak, process.memoryUsage.rss()) / 1048576);
  };
}
