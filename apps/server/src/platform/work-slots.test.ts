import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberValue, rowsOf } from '../db/raw-rows.js';
import { eventually } from '../test/eventually.js';
import { createTestApp, signUpUser, type TestApp } from '../test/harness.js';
import { AppError } from './errors.js';
import { WorkSlots } from './work-slots.js';

/** A piece of work that ends when `finish()` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((r) => { finish = r; });
  return { work: () => done, finish };
}

const refusal = (err: unknown) => (err instanceof AppError ? [err.status, err.message] : err);

let t: TestApp;
let ann: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
  ann = (await signUpUser(t.app)).id;
  bob = (await signUpUser(t.app)).id;
});
afterAll(() => t?.close());

/** Leases of `kind` in the table now, live or not. */
const leases = async (kind: string) =>
  numberValue(rowsOf(await t.ctx.db.execute(sql`SELECT count(*) AS n FROM work_slots WHERE kind = ${kind}`))[0].n);

/** A lease row as another process would have written it, ending `ms` from now (negative: already over). */
const foreignLease = (kind: string, userId: string, ms: number) => t.ctx.db.execute(sql`
  INSERT INTO work_slots (id, kind, user_id, holder, expires_at)
  VALUES (${randomUUID()}::uuid, ${kind}, ${userId}::uuid, 'other-host:4242:dead', now() + ${ms}::float8 * interval '1 millisecond')`);

describe('WorkSlots (imports, effect previews, address checks, exports)', () => {
  it('runs at most perUser per user and total in all; the next in line starts when one ends; a slot ended is deleted', async () => {
    const kind = `test-${randomUUID()}`;
    const slots = new WorkSlots({ kind, total: 3, perUser: 2, waitMs: 10_000, busyMessage: 'Busy' });
    const started: string[] = [];
    const run = (user: string, name: string, h: ReturnType<typeof held>) => slots.run(t.ctx.db, user, () => { started.push(name); return h.work(); });
    const [a1, a2, a3, b1] = [held(), held(), held(), held()];
    const p1 = run(ann, 'a1', a1);
    const p2 = run(ann, 'a2', a2);
    await eventually(() => started.length === 2);
    const p3 = run(ann, 'a3', a3); // waits: Ann has 2 running
    const pb = run(bob, 'b1', b1); // Bob's own slot
    await eventually(() => started.length === 3);
    expect(started).toEqual(['a1', 'a2', 'b1']);
    a1.finish();
    await p1;
    await eventually(() => started.length === 4);
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    a2.finish();
    b1.finish();
    a3.finish();
    await Promise.all([p2, p3, pb]);
    expect(await leases(kind)).toBe(0);
  });

  it('refuses work that waited too long with 429 and the kind\'s message, and the user\'s own message when their slots are the full ones', async () => {
    const kind = `test-${randomUUID()}`;
    const slots = new WorkSlots({ kind, total: 1, perUser: 1, waitMs: 200, busyMessage: 'Too many effect previews at once: try again in a moment', userBusyMessage: 'Yours is running' });
    const first = held();
    const running = slots.run(t.ctx.db, ann, first.work);
    await eventually(async () => (await leases(kind)) === 1);
    expect(refusal(await slots.run(t.ctx.db, ann, async () => 'never').catch((e: unknown) => e))).toEqual([429, 'Yours is running']);
    expect(refusal(await slots.run(t.ctx.db, bob, async () => 'never').catch((e: unknown) => e))).toEqual([429, 'Too many effect previews at once: try again in a moment']);
    first.finish();
    await running;
    expect(await slots.run(t.ctx.db, ann, async () => 'ran')).toBe('ran');
  });

  it('counts another process\'s live lease, ignores and deletes one whose holder stopped renewing it', async () => {
    const kind = `test-${randomUUID()}`;
    const slots = new WorkSlots({ kind, total: 5, perUser: 1, waitMs: 0, busyMessage: 'Busy', userBusyMessage: 'Yours is running' });
    await foreignLease(kind, ann, 60_000);
    expect(refusal(await slots.run(t.ctx.db, ann, async () => 'never').catch((e: unknown) => e))).toEqual([429, 'Yours is running']);

    // A process that crashed: its lease ended a second ago and nobody renews it.
    await foreignLease(kind, bob, -1_000);
    expect(await slots.run(t.ctx.db, bob, async () => 'ran')).toBe('ran');
    const left = rowsOf(await t.ctx.db.execute(sql`SELECT user_id FROM work_slots WHERE kind = ${kind}`));
    expect(left.map((r) => r.user_id)).toEqual([ann]);
  });

  it('renews its lease while the work runs, so long work keeps its slot past the lease length', async () => {
    const kind = `test-${randomUUID()}`;
    const leaseMs = 600;
    const slots = new WorkSlots({ kind, total: 1, perUser: 1, waitMs: 0, busyMessage: 'Busy', leaseMs });
    const long = held();
    const running = slots.run(t.ctx.db, ann, long.work);
    await eventually(async () => (await leases(kind)) === 1);
    const startedAt = Date.now();
    // Keep asking for the slot until well past three lease lengths: it stays taken.
    let refusals = 0;
    while (Date.now() - startedAt < 3 * leaseMs) {
      expect(refusal(await slots.run(t.ctx.db, bob, async () => 'never').catch((e: unknown) => e))).toEqual([429, 'Busy']);
      refusals++;
      await eventually(() => Date.now() - startedAt > refusals * 100, 1_000);
    }
    long.finish();
    await running;
    expect(await slots.run(t.ctx.db, bob, async () => 'ran')).toBe('ran');
  });
});
