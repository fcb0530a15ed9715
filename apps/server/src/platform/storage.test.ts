import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './storage.js';

let root: string;
let storage: LocalStorage;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-storage-'));
  storage = new LocalStorage(root);
});
afterAll(async () => { await fs.rm(root, { recursive: true, force: true }); });

const leftovers = async (dir: string) => (await fs.readdir(dir)).filter((f) => f.endsWith('.tmp'));

describe('local storage writes', () => {
  it('writes the same key from many writers at once: every reader sees one whole version, no temporary file stays', async () => {
    const versions = Array.from({ length: 12 }, (_, i) => Buffer.alloc(256 * 1024 + i, i + 1));
    const reads: Buffer[] = [];
    await Promise.all([
      ...versions.map((v, i) => (i % 2 ? storage.put('fonts/a.ttf', v) : storage.putStream('fonts/a.ttf', Readable.from([v.subarray(0, 1000), v.subarray(1000)])))),
      ...Array.from({ length: 12 }, async () => {
        if (await storage.exists('fonts/a.ttf')) reads.push(await storage.get('fonts/a.ttf'));
      }),
    ]);
    for (const read of [...reads, await storage.get('fonts/a.ttf')]) {
      expect(versions.some((v) => v.equals(read))).toBe(true);
    }
    expect(await leftovers(path.join(root, 'fonts'))).toEqual([]);
  });

  it('keeps the previous file when a streamed write fails, and cleans up after it', async () => {
    await storage.put('lists/l.csv', 'a,b\n1,2\n');
    const failing = new Readable({
      read() {
        this.push('half a file');
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.putStream('lists/l.csv', failing)).rejects.toThrow('connection reset');
    expect((await storage.get('lists/l.csv')).toString()).toBe('a,b\n1,2\n');
    expect(await leftovers(path.join(root, 'lists'))).toEqual([]);
  });
});
