import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * File storage for uploads, thumbnails, fonts and print files (docs/architecture.md#storage). Keys are
 * relative, slash-separated paths such as `lists/{id}/source.csv`.
 */
export interface Storage {
  put(key: string, data: Buffer | Uint8Array | string): Promise<void>;
  putStream(key: string, stream: Readable): Promise<number>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Readable;
  exists(key: string): Promise<boolean>;
  size(key: string): Promise<number>;
  delete(key: string): Promise<void>;
}

/**
 * A temporary name beside `file` that no other write uses, in this process or another:
 * `{file}.{16 random hex}.tmp` (a pid and a clock can repeat between two writes at once).
 */
export const uniqueTempPath = (file: string): string => `${file}.${randomBytes(8).toString('hex')}.tmp`;

/**
 * Writes `file` atomically: `write` fills a temporary file of its own beside it (`uniqueTempPath`),
 * which is then renamed over `file`, so a reader sees the old bytes or all of the new, never part.
 * Parallel writes of the same file each rename a complete copy; the last one wins. On failure the
 * temporary file is removed and the error rethrown.
 */
export async function writeAtomically<T>(file: string, write: (tmp: string) => Promise<T>): Promise<T> {
  const tmp = uniqueTempPath(file);
  try {
    const result = await write(tmp);
    await fs.rename(tmp, file);
    return result;
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

/** Local-directory storage, the default (`DATA_DIR/files`). Writes are atomic (`writeAtomically`). */
export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  /** Absolute path of a key inside the root; throws for a key that escapes it. */
  private localPath(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  }
  async put(key: string, data: Buffer | Uint8Array | string): Promise<void> {
    const file = this.localPath(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeAtomically(file, (tmp) => fs.writeFile(tmp, data));
  }
  async putStream(key: string, stream: Readable): Promise<number> {
    const file = this.localPath(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    return writeAtomically(file, async (tmp) => {
      await pipeline(stream, createWriteStream(tmp));
      return (await fs.stat(tmp)).size;
    });
  }
  get(key: string): Promise<Buffer> {
    return fs.readFile(this.localPath(key));
  }
  stream(key: string): Readable {
    return createReadStream(this.localPath(key));
  }
  async exists(key: string): Promise<boolean> {
    return fs.access(this.localPath(key)).then(() => true, () => false);
  }
  async size(key: string): Promise<number> {
    return (await fs.stat(this.localPath(key))).size;
  }
  async delete(key: string): Promise<void> {
    await fs.rm(this.localPath(key), { force: true, recursive: true });
  }
}
