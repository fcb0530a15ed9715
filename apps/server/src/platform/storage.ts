import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * File storage for uploads, thumbnails, fonts and print files (docs/architecture.md#storage). Keys are
 * relative, slash-separated paths such as `lists/{id}/source.csv` (`checkStorageKey`: no leading
 * slash, no empty, `.` or `..` segment; an invalid key throws `Invalid storage key: …`). Two
 * implementations keep the same contract, which `storage-contract.test.ts` runs against both:
 * `LocalStorage` (a directory, the default) and `S3Storage` (`s3-storage.ts`, an S3 bucket).
 */
export interface Storage {
  /** Writes `data` under `key` atomically: a reader sees the previous bytes or all of the new. */
  put(key: string, data: Buffer | Uint8Array | string): Promise<void>;
  /**
   * Writes a stream under `key` atomically without holding it in memory; answers the bytes written.
   * A stream that errors leaves the previous object as it was and rejects with the stream's error.
   */
  putStream(key: string, stream: Readable): Promise<number>;
  /** The whole object; rejects with `code` 'ENOENT' when there is none. */
  get(key: string): Promise<Buffer>;
  /** The object as a stream, returned at once; a missing object errors the stream with `code` 'ENOENT'. */
  stream(key: string): Readable;
  /** Whether an object is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** The object's size in bytes; rejects with `code` 'ENOENT' when there is none. */
  size(key: string): Promise<number>;
  /** Removes the object under `key` and, as a folder, everything under `key/`; nothing when there is none. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object under the folder `prefix` (`lists/{id}` or `lists/{id}/`: everything under
   * `lists/{id}/`, never `lists/{id}x`); answers how many objects were removed (0 when none).
   */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * A URL that downloads the object without our server for `expiresSeconds`, saved as `filename`
   * (Content-Disposition attachment), or null when the store cannot sign one (LocalStorage). The
   * caller checks the product's own authorisation first.
   */
  presignedUrl(key: string, opts: { expiresSeconds: number; filename?: string }): Promise<string | null>;
}

/** Where files are kept: `Config.storage`, opened by `openStorage` (storage-open.ts, docs/architecture.md#storage). */
export type StorageSettings =
  | { kind: 'local'; dir: string }
  | { kind: 's3'; bucket: string; prefix: string; endpoint: string | null; region: string; forcePathStyle: boolean };

/**
 * Answers `key` when it is a valid storage key — relative and slash-separated, no leading slash,
 * no empty, `.` or `..` segment, no backslash or NUL — else throws `Invalid storage key: {key}`.
 * Both implementations check keys with it, so a key is refused the same way wherever files are kept.
 */
export function checkStorageKey(key: string): string {
  const valid = key !== '' && !/[\\\0]/.test(key) && key.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
  if (!valid) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** `prefix` as a folder name for `deletePrefix`: trailing slashes dropped, then checked as a key. */
export const storageFolder = (prefix: string): string => checkStorageKey(prefix.replace(/\/+$/, ''));

/** The error of a missing object: `code` 'ENOENT', like a missing local file. */
export const missingObject = (key: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`ENOENT: no stored file '${key}'`), { code: 'ENOENT' });

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

  /** Absolute path of a key inside the root; throws for an invalid key (`checkStorageKey`) or one that escapes the root. */
  private localPath(key: string): string {
    const full = path.resolve(this.root, checkStorageKey(key));
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
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
  async get(key: string): Promise<Buffer> {
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
  /** Removes the folder `prefix`, counting its files first; 0 when there is no such folder. */
  async deletePrefix(prefix: string): Promise<number> {
    const dir = this.localPath(storageFolder(prefix));
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return null; // no folder (a file of that name is not one)
      throw err;
    });
    if (!entries) return 0;
    await fs.rm(dir, { force: true, recursive: true });
    return entries.filter((e) => e.isFile()).length;
  }
  /** Always null: a local file is served by our own routes. */
  async presignedUrl(): Promise<string | null> {
    return null;
  }
}
