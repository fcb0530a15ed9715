import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * File storage for uploads, thumbnails, fonts and print files (DESIGN.md "files"). Keys are
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

/** Local-directory storage, the default (`DATA_DIR/files`). */
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
    await fs.writeFile(file, data);
  }
  async putStream(key: string, stream: Readable): Promise<number> {
    const file = this.localPath(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await pipeline(stream, createWriteStream(file));
    return (await fs.stat(file)).size;
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
