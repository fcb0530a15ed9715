import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type TestS3 } from '../test/s3rver.js';
import { loadConfig } from './config.js';
import type { Storage } from './storage.js';
import { openStorage } from './storage-open.js';

/**
 * The one Storage contract (docs/architecture.md#storage), run against both implementations as an
 * operator configures them: STORAGE_URL a directory, and STORAGE_URL s3://mc-test/files on a real
 * s3rver (credentials through the AWS SDK's own chain). Parallel writers of one key are tested on
 * local storage only (storage.test.ts): S3 PutObject is atomic, but s3rver writes its files in place.
 * Listing more than 1,000 objects (deletePrefix's later pages) is not tested: s3rver 3.7 makes its
 * continuation tokens with DES, which Node 20's OpenSSL 3 no longer has.
 */

const MB = 1024 * 1024;

/** A stream of `bytes` random bytes in 64 KB chunks, made as it is read; `sha256()` is the hash of what it produced. */
function randomStream(bytes: number) {
  const hash = createHash('sha256');
  let left = bytes;
  const stream = new Readable({
    read() {
      if (left === 0) return void this.push(null);
      const chunk = randomBytes(Math.min(64 * 1024, left));
      left -= chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.copy().digest('hex') };
}

/** Reads a stream to its end: its byte count and sha256. */
async function digest(stream: Readable): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    hash.update(chunk);
  }
  return { bytes, sha256: hash.digest('hex') };
}

const text = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString();

type Subject = { storage: Storage; s3: TestS3 | null; close(): Promise<void> };

const subjects: Record<'local' | 's3', () => Promise<Subject>> = {
  local: async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-storage-'));
    const config = loadConfig({ DATA_DIR: root, STORAGE_URL: path.join(root, 'files') }, []);
    return { storage: await openStorage(config.storage), s3: null, close: () => fs.rm(root, { recursive: true, force: true }) };
  },
  s3: async () => {
    const s3 = await startS3rver('files');
    const config = loadConfig({ DATA_DIR: os.tmpdir(), ...s3.env }, []);
    return { storage: await openStorage(config.storage), s3, close: () => s3.close() };
  },
};

describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  let subject: Subject;
  let storage: Storage;
  beforeAll(async () => {
    subject = await subjects[kind]();
    storage = subject.storage;
  });
  afterAll(async () => { await subject?.close(); });

  it('gives back what was put, as bytes, text or a stream; a second put replaces the first', async () => {
    const bytes = randomBytes(3000);
    await storage.put('lists/contract-1/source.csv', bytes);
    expect((await storage.get('lists/contract-1/source.csv')).equals(bytes)).toBe(true);
    await storage.put('lists/contract-1/source.csv', 'name,zip\nAda,02139\n');
    expect((await storage.get('lists/contract-1/source.csv')).toString()).toBe('name,zip\nAda,02139\n');
    expect(await text(storage.stream('lists/contract-1/source.csv'))).toBe('name,zip\nAda,02139\n');
    await storage.put('fonts/contract.ttf', new Uint8Array([1, 2, 3]));
    expect([...(await storage.get('fonts/contract.ttf'))]).toEqual([1, 2, 3]);
    expect(await storage.size('fonts/contract.ttf')).toBe(3);
    expect(await storage.exists('fonts/contract.ttf')).toBe(true);
  });

  it('stores a 20 MB print file from a stream and streams the same bytes back', async () => {
    const source = randomStream(20 * MB);
    const before = subject.s3?.requests.length ?? 0;
    expect(await storage.putStream('print/contract-big.pdf', source.stream)).toBe(20 * MB);
    expect(await storage.size('print/contract-big.pdf')).toBe(20 * MB);
    expect(await digest(storage.stream('print/contract-big.pdf'))).toEqual({ bytes: 20 * MB, sha256: source.sha256() });
    if (subject.s3) {
      // A multipart upload of 8 MB parts: started, three parts (8 + 8 + 4 MB), completed — never one 20 MB request.
      const sent = subject.s3.requests.slice(before);
      expect(sent.filter((r) => r.method === 'POST' && /[?&]uploads(=|&|$)/.test(r.url))).toHaveLength(1);
      expect(sent.filter((r) => r.method === 'PUT' && /[?&]partNumber=/.test(r.url)).map((r) => r.bytes).sort((a, b) => b - a))
        .toEqual([8 * MB, 8 * MB, 4 * MB]);
      expect(sent.filter((r) => r.method === 'POST' && /[?&]uploadId=/.test(r.url))).toHaveLength(1);
      expect(Math.max(...sent.map((r) => r.bytes))).toBeLessThanOrEqual(8 * MB);
    }
  });

  it('stores a small or empty stream whole and counts its bytes', async () => {
    expect(await storage.putStream('maps/contract/a.png', Readable.from([Buffer.from('PNG'), Buffer.from('data')]))).toBe(7);
    expect((await storage.get('maps/contract/a.png')).toString()).toBe('PNGdata');
    expect(await storage.putStream('maps/contract/empty.png', Readable.from([]))).toBe(0);
    expect(await storage.exists('maps/contract/empty.png')).toBe(true);
    expect((await storage.get('maps/contract/empty.png')).length).toBe(0);
  });

  it('keeps the previous file when a streamed write fails part-way, even past the first 8 MB part', async () => {
    await storage.put('print/contract-keep.pdf', 'the old file');
    for (const partial of [1000, 10 * MB]) {
      let sent = 0;
      const failing = new Readable({
        read() {
          if (sent >= partial) return void this.destroy(new Error('connection reset'));
          sent += 64 * 1024;
          this.push(Buffer.alloc(64 * 1024, 7));
        },
      });
      await expect(storage.putStream('print/contract-keep.pdf', failing)).rejects.toThrow('connection reset');
      expect((await storage.get('print/contract-keep.pdf')).toString()).toBe('the old file');
    }
  });

  it('answers a missing file as ENOENT from get, size and stream, and as absent from exists', async () => {
    const key = 'print/contract-never-written.pdf';
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.size(key)).rejects.toMatchObject({ code: 'ENOENT' });
    const stream = storage.stream(key); // returned at once; the error comes through the stream
    expect(stream).toBeInstanceOf(Readable);
    await expect(text(stream)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('deletes a file, a missing file without error, and a folder key with everything in it', async () => {
    await storage.put('markers/contract.png', 'logo');
    await storage.delete('markers/contract.png');
    expect(await storage.exists('markers/contract.png')).toBe(false);
    await expect(storage.delete('markers/contract.png')).resolves.toBeUndefined();

    await storage.put('projects/contract-p/thumbnails/inside.png', 'a');
    await storage.put('projects/contract-p/thumbnails/outside.png', 'b');
    await storage.put('projects/contract-px/thumbnails/inside.png', 'other project');
    await storage.delete('projects/contract-p');
    expect(await storage.exists('projects/contract-p/thumbnails/inside.png')).toBe(false);
    expect(await storage.exists('projects/contract-p/thumbnails/outside.png')).toBe(false);
    expect(await storage.exists('projects/contract-px/thumbnails/inside.png')).toBe(true);
  });

  it('deletes everything under a prefix, counting it, and nothing beside it', async () => {
    const list = `lists/contract-${kind}`;
    await storage.put(`${list}/source.csv`, 'a');
    await storage.put(`${list}/maps/1.png`, 'b');
    await storage.put(`${list}/maps/deep/2.png`, 'c');
    await storage.put(`${list}x/source.csv`, 'a neighbour whose name starts the same');
    expect(await storage.deletePrefix(`${list}/`)).toBe(3);
    for (const key of ['source.csv', 'maps/1.png', 'maps/deep/2.png']) expect(await storage.exists(`${list}/${key}`)).toBe(false);
    expect(await storage.get(`${list}x/source.csv`)).toEqual(Buffer.from('a neighbour whose name starts the same'));
    expect(await storage.deletePrefix(list)).toBe(0);
    // A file's own key is not a folder: deletePrefix leaves it.
    expect(await storage.deletePrefix(`${list}x/source.csv`)).toBe(0);
    expect(await storage.exists(`${list}x/source.csv`)).toBe(true);
  });

  it('refuses keys that leave the store or are not plain relative paths, before touching anything', async () => {
    const bad = ['', '/etc/passwd', '../outside.txt', 'lists/../../outside.txt', 'lists//x.csv', 'lists/./x.csv', 'lists\\x.csv', 'lists/'];
    const before = subject.s3?.requests.length ?? 0;
    for (const key of bad) {
      await expect(storage.put(key, 'x'), key).rejects.toThrow(/^Invalid storage key/);
      await expect(storage.putStream(key, Readable.from(['x'])), key).rejects.toThrow(/^Invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/^Invalid storage key/);
      await expect(storage.exists(key), key).rejects.toThrow(/^Invalid storage key/);
      await expect(storage.size(key), key).rejects.toThrow(/^Invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/^Invalid storage key/);
      expect(() => storage.stream(key), key).toThrow(/^Invalid storage key/);
    }
    for (const prefix of ['', '/', '../lists', 'lists/../..']) {
      await expect(storage.deletePrefix(prefix), prefix).rejects.toThrow(/^Invalid storage key/);
    }
    if (subject.s3) expect(subject.s3.requests.slice(before)).toEqual([]);
  });

  if (kind === 'local') {
    it('has no presigned URLs: files are served by the app', async () => {
      await storage.put('print/contract-url.pdf', 'x');
      expect(await storage.presignedUrl('print/contract-url.pdf', { expiresSeconds: 60 })).toBeNull();
    });
  } else {
    it('presigns a URL that downloads the file with plain fetch, under the name given', async () => {
      const bytes = randomBytes(100_000);
      await storage.put('print/contract-url.pdf', bytes);
      const url = await storage.presignedUrl('print/contract-url.pdf', { expiresSeconds: 300, filename: "Ada's mailer – v2.pdf" });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mc-test\/files\/print\/contract-url\.pdf\?.*X-Amz-Signature=/);
      const res = await fetch(url!);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Ada's mailer _ v2.pdf"; filename*=UTF-8''Ada%27s%20mailer%20%E2%80%93%20v2.pdf`);
      // Signed (SigV4, s3rver's credentials from the SDK's chain) for 300 s; s3rver itself does not check V4 signatures.
      const query = new URL(url!).searchParams;
      expect(query.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
      expect(query.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
      expect(query.get('X-Amz-Expires')).toBe('300');
      await expect(storage.presignedUrl('print/contract-url.pdf', { expiresSeconds: 0 })).rejects.toThrow(RangeError);
      await expect(storage.presignedUrl('../x', { expiresSeconds: 60 })).rejects.toThrow(/^Invalid storage key/);
    });

    it('keeps every object under the STORAGE_URL prefix of the bucket', async () => {
      await storage.put('orders/contract.pdf', 'order');
      const keys = await subject.s3!.keys();
      expect(keys).toContain('files/orders/contract.pdf');
      expect(keys.every((k) => k.startsWith('files/'))).toBe(true);
    });
  }
});
