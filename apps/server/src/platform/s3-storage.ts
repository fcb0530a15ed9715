import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkStorageKey, missingObject, storageFolder, type Storage, type StorageSettings } from './storage.js';

/** Part size of multipart uploads (`putStream`): 8 MB, so a stream holds at most `UPLOAD_QUEUE` parts in memory. */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;
/** Parts of one multipart upload sent at once (`putStream`). */
export const UPLOAD_QUEUE = 2;
/** Longest presigned URL S3 signs with SigV4: 7 days, in seconds. */
export const PRESIGN_MAX_SECONDS = 7 * 24 * 3600;

/** The settings of an S3 store: `Config.storage` when STORAGE_URL is `s3://bucket/prefix`. */
export type S3StorageSettings = Omit<Extract<StorageSettings, { kind: 's3' }>, 'kind'>;

/** Whether an SDK error means "no such object": GetObject's NoSuchKey, HeadObject's bodiless 404 NotFound. */
const isMissing = (err: unknown): boolean => {
  const name = (err as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

/**
 * `attachment` with an ASCII `filename` (other characters, quotes and backslashes as '_') and the
 * UTF-8 original as `filename*` (RFC 6266; RFC 5987 percent-encodes `'()*` too).
 */
const attachment = (filename: string): string => {
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encoded}`;
};

/**
 * Storage in an S3 bucket (docs/architecture.md#storage): STORAGE_URL `s3://bucket/prefix`, any
 * S3-compatible service at `endpoint` (S3_ENDPOINT, with S3_FORCE_PATH_STYLE for path-style
 * addressing), credentials from the AWS SDK's own chain (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, an instance role …). Key `k` is object `{prefix}/k`. Writes are
 * atomic (PutObject, or CompleteMultipartUpload for `putStream`); a missing object rejects or errors
 * with `code` 'ENOENT' as a missing local file does.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3StorageSettings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix.replace(/^\/+|\/+$/g, '');
    this.client = new S3Client({
      region: settings.region, endpoint: settings.endpoint ?? undefined, forcePathStyle: settings.forcePathStyle,
    });
  }

  /** The object key of storage key `key` (checked by `checkStorageKey`, which throws for an invalid one). */
  private objectKey(key: string): string {
    checkStorageKey(key);
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  async put(key: string, data: Buffer | Uint8Array | string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: data }));
  }

  /**
   * Streams into the object with lib-storage's `Upload`: one PutObject for less than
   * `UPLOAD_PART_BYTES`, else a multipart upload of 8 MB parts, `UPLOAD_QUEUE` at a time (at most
   * about 24 MB in memory — two parts in flight, the next being gathered — whatever the file's
   * size). A failing stream or request aborts the multipart upload (no parts left behind) and
   * rejects with the stream's own error first.
   */
  async putStream(key: string, stream: Readable): Promise<number> {
    const Key = this.objectKey(key);
    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const upload = new Upload({
      client: this.client, params: { Bucket: this.bucket, Key, Body: counted }, partSize: UPLOAD_PART_BYTES, queueSize: UPLOAD_QUEUE,
    });
    const [read, sent] = await Promise.allSettled([
      pipeline(stream, counted),
      // A failed request stops reading: end the stream so the pipeline settles too.
      upload.done().catch((err: unknown) => { counted.destroy(err as Error); throw err; }),
    ]);
    if (read.status === 'rejected') throw read.reason;
    if (sent.status === 'rejected') throw sent.reason;
    return bytes;
  }

  async get(key: string): Promise<Buffer> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })).catch((err: unknown) => {
      throw isMissing(err) ? missingObject(key) : err;
    });
    const bytes = await res.Body!.transformToByteArray();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /**
   * A PassThrough fed by GetObject's body with backpressure: the object is never whole in memory.
   * Destroying the stream early (a download the client left) aborts the request or body.
   */
  stream(key: string): Readable {
    const Key = this.objectKey(key);
    const out = new PassThrough();
    const abort = new AbortController();
    out.once('close', () => { if (!out.readableEnded) abort.abort(); });
    this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }), { abortSignal: abort.signal })
      .then((res) => pipeline(res.Body as Readable, out))
      .catch((err: unknown) => { if (!out.destroyed) out.destroy(isMissing(err) ? missingObject(key) : (err as Error)); });
    return out;
  }

  async exists(key: string): Promise<boolean> {
    return this.head(key).then(() => true, (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return false;
      throw err;
    });
  }

  async size(key: string): Promise<number> {
    return (await this.head(key)).ContentLength ?? 0;
  }

  /** HeadObject of `key`; rejects with `missingObject` when there is none. */
  private head(key: string) {
    return this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })).catch((err: unknown) => {
      throw isMissing(err) ? missingObject(key) : err;
    });
  }

  /** DeleteObject of `key`, then everything under `key/` as LocalStorage removes a folder (`deletePrefix`). */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    await this.deletePrefix(key);
  }

  /**
   * Lists the objects under `{prefix}/` a page (up to 1,000) at a time and removes each page with
   * one DeleteObjects. Throws when the store refuses any object, naming the first refusal.
   */
  async deletePrefix(prefix: string): Promise<number> {
    const Prefix = `${this.objectKey(storageFolder(prefix))}/`;
    let removed = 0;
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix })) {
      const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (objects.length === 0) continue;
      const res = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects, Quiet: true } }));
      const refused = res.Errors ?? [];
      if (refused.length) {
        throw new Error(`Could not delete ${refused.length} stored files under ${prefix}: ${refused[0].Key} ${refused[0].Code ?? ''} ${refused[0].Message ?? ''}`.trim());
      }
      removed += objects.length;
    }
    return removed;
  }

  /**
   * A SigV4-presigned GetObject URL valid for `expiresSeconds` (1 to `PRESIGN_MAX_SECONDS`, else
   * RangeError), saved as `filename` when given. It does not check that the object exists: a
   * missing one answers 404 from the store.
   */
  async presignedUrl(key: string, opts: { expiresSeconds: number; filename?: string }): Promise<string | null> {
    const { expiresSeconds, filename } = opts;
    if (!Number.isInteger(expiresSeconds) || expiresSeconds < 1 || expiresSeconds > PRESIGN_MAX_SECONDS) {
      throw new RangeError(`expiresSeconds must be a whole number from 1 to ${PRESIGN_MAX_SECONDS}`);
    }
    const command = new GetObjectCommand({
      Bucket: this.bucket, Key: this.objectKey(key), ...(filename ? { ResponseContentDisposition: attachment(filename) } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: expiresSeconds });
  }
}
