import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { SignatureV4 } from '@smithy/signature-v4';
import S3rver from 's3rver';

/**
 * A real S3-protocol server for the tests, in-process over HTTP on 127.0.0.1: s3rver (the S3 REST
 * API on a folder) behind a check of every request's SigV4 signature against the one secret it
 * knows, computed by the AWS SDK's own signer (s3rver checks only that the access key exists).
 * A request signed with another secret is refused as S3 refuses it: 403 SignatureDoesNotMatch.
 */
export const S3_ACCESS_KEY = 'S3RVER'; // the access key s3rver knows
export const S3_SECRET_KEY = 'park-test-secret-0123456789';

export interface TestS3 {
  endpoint: string;
  /** A client with the right keys, to look into the buckets. */
  client: S3Client;
  createBucket(name: string): Promise<void>;
  /** The keys in a bucket. */
  keys(bucket: string): Promise<string[]>;
  /** How many requests were refused for their signature. */
  refused: number;
  close(): Promise<void>;
}

/** SHA-256 and HMAC-SHA256 as the signer wants them. */
type Data = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: Data) =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

class Sha256 {
  private readonly hash;
  constructor(secret?: Data) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: Data) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {}
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/;

/** Whether the request carries a SigV4 signature made with S3_SECRET_KEY. */
async function signedRight(req: http.IncomingMessage): Promise<boolean> {
  const m = AUTH.exec(String(req.headers.authorization ?? ''));
  if (!m) return false;
  const [, accessKey, , region, service, signedHeaders, signature] = m;
  const url = new URL(req.url ?? '/', 'http://localhost');
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of url.searchParams) {
    const had = query[k];
    query[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) headers[name] = String(req.headers[name] ?? '');
  const amzDate = headers['x-amz-date'] ?? '';
  const d = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!d) return false;
  const signingDate = new Date(Date.UTC(+d[1], +d[2] - 1, +d[3], +d[4], +d[5], +d[6]));
  const signer = new SignatureV4({
    credentials: { accessKeyId: accessKey, secretAccessKey: S3_SECRET_KEY },
    region,
    service,
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const rawPath = (req.url ?? '/').split('?')[0];
  const signed = await signer.sign(
    { method: req.method ?? 'GET', protocol: 'http:', hostname: 'localhost', path: rawPath, query, headers },
    { signingDate },
  );
  return String(signed.headers.authorization ?? signed.headers.Authorization ?? '').endsWith(`Signature=${signature}`);
}

export async function startS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'park-s3-'));
  const s3rver = new S3rver({ directory, silent: true, vhostBuckets: false });
  const handle = s3rver.callback();
  const state = { refused: 0 };
  const server = http.createServer((req, res) => {
    signedRight(req).then(
      (right) => {
        if (right) return handle(req, res);
        state.refused += 1;
        req.resume();
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message></Error>',
        );
      },
      (err: Error) => {
        res.writeHead(500);
        res.end(err.message);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_SECRET_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    client,
    get refused() {
      return state.refused;
    },
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    async keys(bucket) {
      const res = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (res.Contents ?? []).map((o) => o.Key ?? '');
    },
    async close() {
      client.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
