/// <reference path="../../server/test/s3rver.d.ts" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The end-to-end run's S3 server: s3rver (the S3 REST API on a temporary folder) on E2E_S3_PORT with
 * one bucket, so the 对象存储 walk can enable a configuration that really stores files. The keys are
 * the one pair s3rver knows. Playwright runs this file as a web server and stops it with SIGTERM at
 * the end; the walk imports it for the names below only.
 */
export const E2E_S3 = { bucket: 'park-e2e', accessKey: 'S3RVER', secretKey: 'S3RVER' } as const;

/** Where the suite's server and the walk reach it. */
export const e2eS3Endpoint = () => `http://127.0.0.1:${process.env.E2E_S3_PORT}`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { default: S3rver } = await import('s3rver');
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'park-e2e-s3-'));
  const s3 = new S3rver({
    directory,
    address: '127.0.0.1',
    port: Number(process.env.E2E_S3_PORT),
    silent: true,
    // Path-style addresses (127.0.0.1/<bucket>/<key>), as a MinIO configuration uses.
    vhostBuckets: false,
    configureBuckets: [{ name: E2E_S3.bucket }],
  });
  await s3.run();
  console.log(`fake S3 at ${e2eS3Endpoint()}, bucket ${E2E_S3.bucket}, files in ${directory}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(
      signal,
      () =>
        void s3.close().finally(() => {
          fs.rmSync(directory, { recursive: true, force: true });
          process.exit(0);
        }),
    );
  }
}
