/** The parts of s3rver (a fake S3 server, MIT) that the storage tests use; the package ships no types. */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    vhostBuckets?: boolean;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** The Koa app's request handler. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
