import { describe, expect, it, vi } from 'vitest';
import { createFairDispatcher, type AttemptSource, type DispatchLimits } from './fair-dispatcher.js';

type Attempt = { id: string; owner: string; due: number; leasedUntil: number | null; done: boolean };

/**
 * The queue `fair-claim.ts` keeps in a table, in memory: owners in id order, each one's attempts
 * by due time, leases, and a log of when each attempt started and how many were out at once.
 */
function memoryQueue(ms: number) {
  const attempts: Attempt[] = [];
  const started: Array<{ id: string; at: number }> = [];
  const out = new Map<string, number>();
  let peak = 0;
  const peakPerOwner = new Map<string, number>();
  const pending = (o: string) => attempts.filter((a) => a.owner === o && !a.done);
  const live = (o: string, now: number) => pending(o).filter((a) => a.leasedUntil !== null && a.leasedUntil > now).length;
  const dueNow = (o: string, now: number) => pending(o).filter((a) => (a.leasedUntil ?? a.due) <= now).sort((x, y) => x.due - y.due);

  const source: AttemptSource<Attempt> = {
    async dueOwners(after, limit) {
      const now = Date.now();
      const owners = [...new Set(attempts.filter((a) => !a.done).map((a) => a.owner))].sort().filter((o) => after === null || o > after).slice(0, limit);
      const waits = owners.filter((o) => dueNow(o, now).length === 0).map((o) => Math.min(...pending(o).map((a) => (a.leasedUntil ?? a.due) - now)));
      return { due: owners.filter((o) => dueNow(o, now).length > 0), nextDueMs: waits.length ? Math.min(...waits) : null, continueAfter: owners.length >= limit ? owners[owners.length - 1] : null };
    },
    async claim(owners, limit, perOwner, leaseSeconds) {
      const now = Date.now();
      const lanes = owners.map((o) => dueNow(o, now).slice(0, Math.max(0, perOwner - live(o, now))));
      const claimed: Attempt[] = [];
      for (let rank = 0; claimed.length < limit && lanes.some((l) => l.length > rank); rank++) {
        for (const lane of lanes) if (lane[rank] && claimed.length < limit) claimed.push(lane[rank]);
      }
      for (const a of claimed) a.leasedUntil = now + leaseSeconds * 1000;
      return claimed;
    },
    ownerOf: (a) => a.owner,
    async attempt(a) {
      started.push({ id: a.id, at: Date.now() });
      out.set(a.owner, (out.get(a.owner) ?? 0) + 1);
      peak = Math.max(peak, [...out.values()].reduce((x, y) => x + y, 0));
      peakPerOwner.set(a.owner, Math.max(peakPerOwner.get(a.owner) ?? 0, out.get(a.owner)!));
      await new Promise((r) => setTimeout(r, ms));
      out.set(a.owner, out.get(a.owner)! - 1);
      a.done = true;
      a.leasedUntil = null;
    },
  };
  const add = (owner: string, n: number) => {
    for (let i = 0; i < n; i++) attempts.push({ id: `${owner}${attempts.length}`, owner, due: Date.now(), leasedUntil: null, done: false });
  };
  return { source, add, started, attempts, peak: () => peak, peakPerOwner };
}

const LIMITS: DispatchLimits = { concurrency: 8, perOwner: 2, leaseSeconds: 60, pollMs: 50, horizonMs: 1000, budgetMs: 60_000, maxOwners: 3 };

describe('fair dispatcher', () => {
  it('starts another owner\'s attempt at once while one owner\'s backlog waits its turn, within both caps', async () => {
    const q = memoryQueue(40);
    const dispatcher = createFairDispatcher('test', q.source, LIMITS);
    q.add('a', 60);
    const running = dispatcher.run(new AbortController().signal);
    // A's backlog is under way: its first attempts are out.
    await vi.waitFor(() => expect(q.started.length).toBeGreaterThanOrEqual(LIMITS.perOwner), { timeout: 5_000, interval: 5 });
    const bDue = Date.now();
    q.add('b', 1);
    expect(dispatcher.wake()).toBe(true);
    expect(await running).toBe('idle');
    const b = q.started.find((s) => s.id.startsWith('b'))!;
    expect(b.at - bDue).toBeLessThan(40);
    expect(q.attempts.every((a) => a.done)).toBe(true);
    expect(q.peakPerOwner.get('a')).toBe(2);
    expect(q.peak()).toBeLessThanOrEqual(LIMITS.concurrency);
    expect(dispatcher.wake()).toBe(false);
  });

  it('serves owners round-robin, past the owners one look visits', async () => {
    const q = memoryQueue(20);
    const owners = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    for (const o of owners) q.add(o, 3);
    const dispatcher = createFairDispatcher('test', q.source, { ...LIMITS, concurrency: 2 });
    expect(await dispatcher.run(new AbortController().signal)).toBe('idle');
    // Every owner's first attempt starts before any owner's third.
    const firstOfEach = owners.map((o) => q.started.findIndex((s) => s.id.startsWith(o)));
    const third = Math.min(...owners.map((o) => q.started.filter((s) => s.id.startsWith(o))[2]).map((s) => q.started.indexOf(s)));
    expect(Math.max(...firstOfEach)).toBeLessThan(third);
  });

  it('stops claiming when the queue stops, and returns once the attempts out have ended', async () => {
    const q = memoryQueue(200);
    q.add('a', 10);
    const stop = new AbortController();
    const running = createFairDispatcher('test', q.source, LIMITS).run(stop.signal);
    // The first claim is out; the stop comes while its attempts (200 ms each) run.
    await vi.waitFor(() => expect(q.started.length).toBeGreaterThanOrEqual(LIMITS.perOwner), { timeout: 5_000, interval: 5 });
    stop.abort();
    expect(await running).toBe('stopped');
    expect(q.started).toHaveLength(2);
    expect(q.attempts.filter((a) => a.done)).toHaveLength(2);
  });
});
