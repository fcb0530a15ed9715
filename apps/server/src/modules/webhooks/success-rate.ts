/**
 * A webhook's success rate as its card shows it, percent to one decimal: successful ÷ finished
 * deliveries. A delivery still being retried is not finished, but its failed attempts already
 * stamp `lastTriggered`; so with attempts made and no delivery finished yet — none succeeded,
 * since a success finishes its delivery at once — the rate is 0, and null only before any attempt.
 */
export function successRate(w: { successCount: number; failureCount: number; lastTriggered: Date | null }): number | null {
  const finished = w.successCount + w.failureCount;
  if (finished > 0) return Math.round((w.successCount / finished) * 1000) / 10;
  return w.lastTriggered ? 0 : null;
}
