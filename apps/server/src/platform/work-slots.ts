import { AppError } from './errors.js';

/**
 * Bounds how many pieces of heavy work of one kind run at once in this process (docs/architecture.md#security-baseline
 * "server crash"): at most `userMax` per user and `total` in all. Work beyond that waits in line
 * up to `waitMs`, then gets RATE_LIMITED (429) with `busyMessage` — a burst from one account queues
 * or is refused instead of taking the process from everyone else. Used for list imports and
 * image-effect previews.
 */
export class WorkSlots {
  private running = 0;
  private readonly perUser = new Map<string, number>();
  private readonly waiting: Array<{ userId: string; start(): void }> = [];

  constructor(private readonly total: number, private readonly userMax: number, private readonly waitMs: number, private readonly busyMessage: string) {}

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
        reject(new AppError('RATE_LIMITED', this.busyMessage));
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
