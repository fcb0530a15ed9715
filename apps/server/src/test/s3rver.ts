import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { paginateListObjectsV2, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** The bucket every test s3rver has. */
export const S3RVER_BUCKET = 'mc-test';
/** s3rver's fixed, obviously fake credentials (it checks request signatures against them); no session token. */
const S3RVER_CREDENTIALS: Record<string, string | undefined> = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_SESSION_TOKEN: undefined };

/** Sets (or, for undefined, removes) environment variables. */
const setEnv = (vars: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
};

/** A running s3rver (docs/architecture.md#storage): `env` configures the app to store files in it. */
export type TestS3 = {
  /** `http://127.0.0.1:{port}`. */
  endpoint: string;
  /** STORAGE_URL `s3://mc-test/{prefix}`, S3_ENDPOINT and S3_FORCE_PATH_STYLE, for `loadConfig`. */
  env: Record<string, string>;
  /** Every request s3rver received, in order: method, path with query, Content-Length (0 when none). */
  requests: Array<{ method: string; url: string; bytes: number }>;
  /** Object keys in the bucket starting with `prefix` ('' for all), sorted, as ListObjectsV2 answers. */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
};

let running = 0;
let savedCredentials: Record<string, string | undefined> = {};

/**
 * Starts s3rver in this process on 127.0.0.1 (a free port) over a fresh temporary directory, with
 * bucket `S3RVER_BUCKET`. While any runs, process.env carries s3rver's credentials, so the AWS SDK
 * finds them through its own credential chain as it would an operator's. `prefix`: the key prefix
 * of STORAGE_URL (default 'files').
 */
export async function startS3rver(prefix = 'files'): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: S3RVER_BUCKET }] });
  const { port } = await server.run();
  const requests: TestS3['requests'] = [];
  server.httpServer.on('request', (req: IncomingMessage) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', bytes: Number(req.headers['content-length'] ?? 0) });
  });
  if (running++ === 0) {
    savedCredentials = Object.fromEntries(Object.keys(S3RVER_CREDENTIALS).map((k) => [k, process.env[k]]));
    setEnv(S3RVER_CREDENTIALS);
  }
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    requests,
    env: { STORAGE_URL: `s3://${S3RVER_BUCKET}/${prefix}`, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true' },
    keys: async (under = '') => {
      const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true });
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: S3RVER_BUCKET, Prefix: under })) {
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      }
      client.destroy();
      return keys.sort();
    },
    close: async () => {
      await server.close();
      if (--running === 0) setEnv(savedCredentials);
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
