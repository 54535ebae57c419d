/** The parts of s3rver (a fake S3 server, MIT) that the storage tests and the e2e run use; the package ships no types. */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    vhostBuckets?: boolean;
    /** Where run() listens. */
    address?: string;
    port?: number;
    /** Buckets made by run() before it listens. */
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** The Koa app's request handler. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    /** Makes the configured buckets, then listens. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
