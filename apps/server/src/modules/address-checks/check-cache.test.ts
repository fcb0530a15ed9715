import { describe, expect, it } from 'vitest';
import { CheckCache } from './check-cache.js';

/** A check whose end the test controls, counting how many ran and how many computed at once. */
function checks() {
  const pending: Array<{ finish(): void; fail(err: Error): void }> = [];
  const stats = { started: 0, running: 0, mostAtOnce: 0 };
  const compute = (value: string) => () => {
    stats.started += 1;
    stats.running += 1;
    stats.mostAtOnce = Math.max(stats.mostAtOnce, stats.running);
    return new Promise<string>((resolve, reject) => {
      pending.push({
        finish: () => { stats.running -= 1; resolve(value); },
        fail: (err) => { stats.running -= 1; reject(err); },
      });
    });
  };
  return { pending, stats, compute };
}
const tick = () => new Promise((r) => setTimeout(r, 0));
const cacheOf = (over: Partial<ConstructorParameters<typeof CheckCache<string>>[0]> = {}) =>
  new CheckCache<string>({ maxLists: 20, maxAgeMs: 60_000, maxSize: 100, sizeOf: (v) => v.length, ...over });

describe('CheckCache (docs/requirements/print.md#print cheaper re-checks)', () => {
  it('shares one check between concurrent requests of the same key, then answers from the cache', async () => {
    const cache = cacheOf();
    const { pending, stats, compute } = checks();
    const a = cache.run('list-1', 'k1', compute('first'));
    const b = cache.run('list-1', 'k1', compute('second'));
    await tick();
    expect(stats.started).toBe(1);
    pending[0].finish();
    expect(await Promise.all([a, b])).toEqual(['first', 'first']);
    expect(await cache.run('list-1', 'k1', compute('third'))).toBe('first');
    expect(stats.started).toBe(1);
    // Another fingerprint (a re-mapping) misses and replaces it.
    const c = cache.run('list-1', 'k2', compute('remapped'));
    await tick();
    pending[1].finish();
    expect(await c).toBe('remapped');
    expect(cache.get('list-1', 'k1')).toBeUndefined();
  });

  it('computes one check per list at a time; a check computing during an edit is neither kept nor shared', async () => {
    const cache = cacheOf();
    const { pending, stats, compute } = checks();
    const before = cache.run('list-1', 'k1', compute('before edit'));
    await tick();
    cache.invalidate('list-1'); // the records changed while it read them
    const after = cache.run('list-1', 'k1', compute('after edit'));
    const joined = cache.run('list-1', 'k1', compute('unused'));
    await tick();
    expect(stats.started).toBe(1); // waits for the running one
    pending[0].finish();
    expect(await before).toBe('before edit');
    await tick();
    expect(stats.started).toBe(2);
    pending[1].finish();
    expect(await Promise.all([after, joined])).toEqual(['after edit', 'after edit']);
    expect(stats.mostAtOnce).toBe(1);
    expect(cache.get('list-1', 'k1')).toBe('after edit');
    // Other lists do not wait.
    const other = cache.run('list-2', 'k1', compute('other list'));
    const third = cache.run('list-3', 'k1', compute('third list'));
    await tick();
    expect(stats.running).toBe(2);
    pending[2].finish();
    pending[3].finish();
    expect(await Promise.all([other, third])).toEqual(['other list', 'third list']);
  });

  it('keeps no failed check', async () => {
    const cache = cacheOf();
    const { pending, stats, compute } = checks();
    const failed = cache.run('list-1', 'k1', compute('x'));
    await tick();
    pending[0].fail(new Error('database gone'));
    await expect(failed).rejects.toThrow('database gone');
    const retried = cache.run('list-1', 'k1', compute('ok'));
    await tick();
    pending[1].finish();
    expect(await retried).toBe('ok');
    expect(stats.started).toBe(2);
  });

  it('is bounded in lists (least recently used first), in age and in size', async () => {
    let now = 0;
    const cache = cacheOf({ maxLists: 2, maxAgeMs: 1000, maxSize: 10, now: () => now });
    const put = async (list: string, value: string) => cache.run(list, 'k', async () => value);
    await put('a', 'aa');
    await put('b', 'bb');
    expect(cache.get('a', 'k')).toBe('aa'); // a used last
    await put('c', 'cc');
    expect([cache.get('a', 'k'), cache.get('b', 'k'), cache.get('c', 'k')]).toEqual(['aa', undefined, 'cc']);

    now = 1001;
    expect(cache.get('a', 'k')).toBeUndefined();
    expect(cache.lists).toBe(1);

    // Size: one result too big is answered but not kept; a big one pushes older ones out.
    expect(await put('big', 'x'.repeat(11))).toHaveLength(11);
    expect(cache.get('big', 'k')).toBeUndefined();
    await put('d', 'dddddddd');
    expect(cache.get('c', 'k')).toBeUndefined();
    expect(cache.get('d', 'k')).toBe('dddddddd');
  });
});
