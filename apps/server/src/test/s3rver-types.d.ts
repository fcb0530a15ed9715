/** The part of s3rver 3.7 (a local S3 imitation, devDependency) the tests use; it ships no types. */
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  export type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: Array<{ name: string }>;
  };

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Creates the buckets and listens; answers the bound address. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** The listening server, once `run()` has answered. */
    httpServer: Server;
  }
}
