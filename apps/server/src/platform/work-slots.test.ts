import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { WorkSlots } from './work-slots.js';

/** A piece of work that ends when `finish()` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((r) => { finish = r; });
  return { work: () => done, finish };
}

describe('WorkSlots (imports, effect previews)', () => {
  it('runs at most userMax per user and total in all; the next in line starts when one ends', async () => {
    const slots = new WorkSlots(3, 2, 1_000, 'Busy');
    const a1 = held();
    const a2 = held();
    const started: string[] = [];
    const run = (user: string, name: string, h: ReturnType<typeof held>) => slots.run(user, () => { started.push(name); return h.work(); });
    const p1 = run('ann', 'a1', a1);
    const p2 = run('ann', 'a2', a2);
    const a3 = held();
    const p3 = run('ann', 'a3', a3); // waits: Ann has 2 running
    const b = held();
    const pb = run('bob', 'b1', b); // Bob's own slot
    await Promise.resolve();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    a1.finish();
    await p1;
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    a2.finish();
    b.finish();
    a3.finish();
    await Promise.all([p2, p3, pb]);
  });

  it('refuses work that waited too long with 429 and the kind\'s message', async () => {
    const slots = new WorkSlots(1, 1, 50, 'Too many effect previews at once: try again in a moment');
    const first = held();
    const running = slots.run('ann', first.work);
    const refused = slots.run('ann', async () => 'never').catch((e: unknown) => e);
    const err = await refused;
    expect(err).toBeInstanceOf(AppError);
    expect([(err as AppError).status, (err as AppError).message]).toEqual([429, 'Too many effect previews at once: try again in a moment']);
    first.finish();
    await running;
    expect(await slots.run('ann', async () => 'ran')).toBe('ran');
  });
});
