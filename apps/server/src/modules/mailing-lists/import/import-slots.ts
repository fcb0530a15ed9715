import { IMPORTS_AT_ONCE, IMPORTS_PER_USER, IMPORT_WAIT_SECONDS, LIST_MESSAGES } from '@mailcraft/shared';
import { AppError } from '../../../platform/errors.js';

/**
 * Bounds how many list imports run at once in this process (issue 5 §7 "server crash"): at
 * most IMPORTS_PER_USER per user and IMPORTS_AT_ONCE in all. An import beyond that waits in line
 * up to IMPORT_WAIT_SECONDS, then gets RATE_LIMITED (429) LIST_MESSAGES.busy — a burst queues or
 * is refused instead of parsing many spreadsheets together.
 */
export class ImportSlots {
  private running = 0;
  private readonly perUser = new Map<string, number>();
  private readonly waiting: Array<{ userId: string; start(): void }> = [];

  constructor(private readonly total = IMPORTS_AT_ONCE, private readonly userMax = IMPORTS_PER_USER, private readonly waitMs = IMPORT_WAIT_SECONDS * 1000) {}

  /** Runs `work` when a slot is free for `userId`; throws 429 after waiting too long. */
  async run<T>(userId: string, work: () => Promise<T>): Promise<T> {
    await this.acquire(userId);
    try {
      return await work();
    } finally {
      this.release(userId);
    }
  }

  private free(userId: string) {
    return this.running < this.total && (this.perUser.get(userId) ?? 0) < this.userMax;
  }

  private take(userId: string) {
    this.running++;
    this.perUser.set(userId, (this.perUser.get(userId) ?? 0) + 1);
  }

  private acquire(userId: string): Promise<void> {
    if (this.free(userId) && !this.waiting.some((w) => w.userId === userId)) {
      this.take(userId);
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = { userId, start: () => { clearTimeout(timer); this.take(userId); resolve(); } };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        reject(new AppError('RATE_LIMITED', LIST_MESSAGES.busy));
      }, this.waitMs);
      this.waiting.push(entry);
    });
  }

  private release(userId: string) {
    this.running--;
    const left = (this.perUser.get(userId) ?? 1) - 1;
    if (left > 0) this.perUser.set(userId, left);
    else this.perUser.delete(userId);
    const next = this.waiting.findIndex((w) => this.free(w.userId));
    if (next >= 0) this.waiting.splice(next, 1)[0].start();
  }
}

/** The process's import slots, shared by every upload. */
export const importSlots = new ImportSlots();
