import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { DatabaseThreadStatus } from '../db/embedded/thread-status.js';
import { currentActivities } from './runtime-activity.js';

/** A stall worth a warning: the event loop blocked this long (ms). */
export const STALL_WARN_MS = 500;
/** The embedded database busy on one statement this long (ms) is logged once per statement. */
export const DATABASE_BUSY_WARN_MS = 5_000;
const TICK_MS = 100;
const SLOT_MS = 10_000;
const SLOTS = 6; // one minute

/** The event loop's delay over the last minute, in milliseconds. */
export type EventLoopReport = { p99Ms: number; maxMs: number; windowSeconds: number };

/**
 * The server watching itself: `monitorEventLoopDelay` samples the delay into 10 s slots (the last
 * minute is kept for `GET /api/health`), and a 100 ms timer notices when it fired late — a stall —
 * and, once the loop runs again, logs a warning naming the routes and jobs that were running
 * (anything over STALL_WARN_MS). With the embedded database it also logs a statement that keeps the
 * database thread busy longer than DATABASE_BUSY_WARN_MS, so an operator can tell slow from dead.
 */
export class StallWatchdog {
  private readonly monitor = monitorEventLoopDelay({ resolution: 10 });
  /** The last minute's 10 s slots: their p99 and worst delay (ns). */
  private slots: Array<{ p99: number; max: number }> = [];
  private timer: NodeJS.Timeout | null = null;
  private slotTimer: NodeJS.Timeout | null = null;
  private lastTick = 0;
  private warnedStatement = -1;

  constructor(
    private readonly log: (message: string) => void = (m) => console.warn(m),
    private readonly databaseStatus: (() => DatabaseThreadStatus) | null = null,
  ) {}

  /** Starts watching (timers are unref'd: they never keep the process alive). */
  start(): this {
    this.monitor.enable();
    this.lastTick = performance.now();
    this.timer = setInterval(() => this.tick(), TICK_MS).unref();
    this.slotTimer = setInterval(() => this.rotate(), SLOT_MS).unref();
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.slotTimer) clearInterval(this.slotTimer);
    this.monitor.disable();
  }

  /**
   * The event-loop delay of the last minute (ms): `p99Ms` is the highest p99 of its 10 s slots
   * (the current one included) — an upper bound of the minute's p99 — and `maxMs` the worst delay.
   */
  report(): EventLoopReport {
    const slots = [...this.slots, this.summary()].filter((s) => s !== null);
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    return {
      p99Ms: ms(Math.max(0, ...slots.map((s) => s.p99))),
      maxMs: ms(Math.max(0, ...slots.map((s) => s.max))),
      windowSeconds: (this.slots.length + 1) * (SLOT_MS / 1000),
    };
  }

  /** The current slot's p99 and max (ns), or null before its first sample. */
  private summary(): { p99: number; max: number } | null {
    return this.monitor.count > 0 ? { p99: this.monitor.percentile(99), max: this.monitor.max } : null;
  }

  private rotate(): void {
    const slot = this.summary();
    this.monitor.reset();
    this.slots = [...this.slots, ...(slot ? [slot] : [])].slice(-(SLOTS - 1));
  }

  private tick(): void {
    const now = performance.now();
    const late = now - this.lastTick - TICK_MS;
    this.lastTick = now;
    if (late > STALL_WARN_MS) {
      const running = currentActivities().map((a) => a.label).join(', ') || 'nothing recorded';
      this.log(`[stall] the event loop was blocked ${Math.round(late)} ms; running: ${running}`);
    }
    const db = this.databaseStatus?.();
    if (db?.busy && db.busyForMs > DATABASE_BUSY_WARN_MS && this.warnedStatement !== db.statements) {
      this.warnedStatement = db.statements;
      this.log(`[db] the embedded database has been busy ${(db.busyForMs / 1000).toFixed(1)} s on: ${db.statement ?? 'unknown'} (requests wait; the server still answers)`);
    }
  }
}
