import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { loadS3 } from './heavy.ts';
import { guardedAgents, type OutboundPolicy } from './outbound.ts';
import type { FileBody, ObjectStore, StoredFile } from './storage.ts';

/**
 * A bucket of an S3-compatible store (MinIO, AWS S3, and the S3-compatible endpoints of Aliyun OSS,
 * Tencent COS and Qiniu) through the AWS SDK: it signs every request (SigV4), nothing here does.
 * Streams go up through lib-storage's Upload: one PutObject for a small file, a multipart upload in
 * 5 MB parts otherwise, so at most a part or two of an upload is ever held in memory.
 */
export interface S3Settings {
  /** http(s)://host[:port]; none for AWS S3 itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Both or neither: without them the SDK's usual credential chain (an instance role) applies. */
  accessKey?: string;
  secretKey?: string;
  /** `endpoint/bucket/key` (MinIO, most self-hosted stores) instead of `bucket.endpoint/key`. */
  pathStyle: boolean;
}

/** How long one connection attempt and one request may take before the store counts as unreachable. */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 120_000;
const PART_BYTES = 5 * 1024 * 1024;

type S3Options = {
  maxAttempts?: number;
  requestTimeoutMs?: number;
  /** A tenant's configuration: connect only where this allows (none: the operator's S3_* store). */
  outbound?: OutboundPolicy;
};

export class S3Objects implements ObjectStore {
  /** The SDK and its client, made on the first call (the SDK is loaded only where a store is used: heavy.ts). */
  private sdk?: Promise<{ client: S3Client; lib: Awaited<ReturnType<typeof loadS3>> }>;

  constructor(
    readonly settings: S3Settings,
    private readonly options: S3Options = {},
  ) {}

  private connect() {
    this.sdk ??= loadS3().then((lib) => ({ lib, client: this.makeClient(lib.S3Client) }));
    return this.sdk;
  }

  private makeClient(Client: typeof S3Client): S3Client {
    const { settings, options } = this;
    const agents = options.outbound && guardedAgents(options.outbound, true);
    return new Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.pathStyle,
      credentials:
        settings.accessKey && settings.secretKey
          ? { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey }
          : undefined,
      // The SDK's default CRC32 trailers (since 3.729) are refused by several S3-compatible stores
      // (Aliyun OSS, Tencent COS, older MinIO); checksums go only where the protocol requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: options.maxAttempts,
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
        httpAgent: agents?.http,
        httpsAgent: agents?.https,
      },
    });
  }

  async write(key: string, body: FileBody, contentType: string): Promise<void> {
    const {
      client,
      lib: { PutObjectCommand, Upload },
    } = await this.connect();
    const params = { Bucket: this.settings.bucket, Key: key, ContentType: contentType };
    if (Buffer.isBuffer(body)) {
      await client.send(new PutObjectCommand({ ...params, Body: body, ContentLength: body.length }));
      return;
    }
    // On failure (the stream's own error: too large; or the store's) the Upload aborts its parts. The
    // stream's error is the one to answer, even when that abort fails too (lib-storage then throws the abort's).
    let streamError: unknown;
    body.once('error', (err) => {
      streamError = err;
    });
    try {
      await new Upload({
        client,
        params: { ...params, Body: body },
        partSize: PART_BYTES,
        queueSize: 1,
      }).done();
    } catch (err) {
      throw streamError ?? err;
    }
  }

  async read(key: string): Promise<StoredFile | undefined> {
    const {
      client,
      lib: { GetObjectCommand },
    } = await this.connect();
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!(res.Body instanceof Readable)) return undefined;
      return { body: res.Body, size: res.ContentLength };
    } catch (err) {
      if (isServiceError(err) && isMissing(err)) return undefined;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    const { client, lib } = await this.connect();
    await client.send(new lib.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  close() {
    void this.sdk?.then(({ client }) => client.destroy());
  }
}

type ServiceError = { name: string; message?: string; $fault: string; $metadata?: { httpStatusCode?: number } };

/** An error the store answered (the SDK's S3ServiceException), told by its shape so the SDK need not be loaded. */
function isServiceError(err: unknown): err is ServiceError {
  return typeof err === 'object' && err !== null && '$fault' in err && '$metadata' in err;
}

function isMissing(err: ServiceError): boolean {
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
}

/**
 * Writes a small probe object, reads it back and deletes it: answers undefined when all three
 * worked, else what went wrong, in the store's own words, with the step it failed at.
 */
export async function probe(
  objects: ObjectStore,
): Promise<{ step: 'write' | 'read' | 'remove'; message: string } | undefined> {
  const key = `park-connection-test/${randomBytes(16).toString('hex')}.txt`;
  const content = Buffer.from(`park console connection test ${new Date().toISOString()}`);
  let step: 'write' | 'read' | 'remove' = 'write';
  try {
    await objects.write(key, content, 'text/plain');
    step = 'read';
    const file = await objects.read(key);
    const chunks: Buffer[] = [];
    if (file) for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
    if (!file || !Buffer.concat(chunks).equals(content)) {
      return { step, message: 'the object just written reads back different or not at all' };
    }
    step = 'remove';
    await objects.remove(key);
    return undefined;
  } catch (err) {
    return { step, message: storeErrorText(err) };
  }
}

/** A store's error as an operator can act on it: the S3 error code and message, or the network's. */
export function storeErrorText(err: unknown): string {
  if (isServiceError(err)) {
    const status = err.$metadata?.httpStatusCode;
    const message = err.message && err.message !== err.name && err.message !== 'UnknownError' ? `: ${err.message}` : '';
    return `${err.name}${status ? ` (HTTP ${status})` : ''}${message}`;
  }
  const e = err as { code?: string; name?: string; message?: string; errors?: { code?: string; message?: string }[] };
  // Node's connection errors (ECONNREFUSED, ENOTFOUND, ETIMEDOUT), sometimes wrapped in an AggregateError.
  const inner = e.errors?.find((x) => x.code) ?? e;
  if (inner.code) return inner.message?.includes(inner.code) ? inner.message : `${inner.code}: ${inner.message ?? ''}`;
  if (e.name === 'TimeoutError') return `TimeoutError: ${e.message ?? 'the store did not answer in time'}`;
  return e.message || String(err);
}
