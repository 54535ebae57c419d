import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live: local disk under `<dataDir>/files` by default (ARCHITECTURE.md's
 * embedded default), or an S3-compatible bucket (`s3-store.ts`): the tenant's enabled 对象存储
 * configuration, else the server-wide one from `S3_*` (`file-router.ts`). Stored names are
 * `[<store>/]<tenant>/<random>.<ext>`: unguessable, so a file link can be served without a token
 * (an <img> or a download link cannot send one), and never chosen by the uploader. The optional
 * first part names the store the file went to (`env`, or `oss-<id>` for a 对象存储 row; none for the
 * local disk, as every name was before stores could be chosen), so a file stays readable wherever it
 * was put after the tenant switches stores.
 */
export interface FileStore {
  /** Stores the bytes (whole, or streamed as they arrive) and answers the stored name. */
  put(tenantId: string, ext: string, body: FileBody): Promise<string>;
  /** A stored file opened for streaming, or undefined when there is no such file (or the name is not one of ours). */
  open(name: string): Promise<StoredFile | undefined>;
  /** The bytes of a stored name, read whole, or undefined when there is none. */
  get(name: string): Promise<Buffer | undefined>;
  /** Deletes a stored file (nothing for a name that is not one of ours): a file whose record could not be written. */
  remove(name: string): Promise<void>;
}

/** What a file is stored from: its bytes, or a stream (an upload as it arrives). */
export type FileBody = Buffer | Readable;

/** A stored file being read: its bytes as a stream, and its size when the store says it. */
export interface StoredFile {
  body: Readable;
  size?: number;
}

/**
 * Where the bytes of files live, by key (`<tenant>/<random>.<ext>`): a folder or a bucket.
 * A failed write leaves nothing behind under the key.
 */
export interface ObjectStore {
  write(key: string, body: FileBody, contentType: string): Promise<void>;
  read(key: string): Promise<StoredFile | undefined>;
  remove(key: string): Promise<void>;
}

/** A stored name: its store (`local`, `env`, `oss-<id>`), its tenant and its key in that store. */
export const STORED_NAME = /^(?:(env|oss-\d{1,20})\/)?(\d{6,12})\/([0-9a-f]{32})\.([a-z0-9]{1,5})$/;

export interface ParsedName {
  store: string;
  tenantId: string;
  key: string;
}

/** The parts of a stored name, or undefined when it is not one of ours (nothing else is ever looked up). */
export function parseStoredName(name: string): ParsedName | undefined {
  const m = STORED_NAME.exec(name);
  if (!m) return undefined;
  return { store: m[1] ?? 'local', tenantId: m[2], key: `${m[2]}/${m[3]}.${m[4]}` };
}

/** A new unguessable key for a tenant's file. */
export function newKey(tenantId: string, ext: string): string {
  return `${tenantId}/${randomBytes(16).toString('hex')}.${ext}`;
}

/** Reads a stored file whole (small files: the seed, exports). */
export async function readAll(file: StoredFile | undefined): Promise<Buffer | undefined> {
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A folder of files by key; a write goes to a temporary file first, so a failed upload leaves nothing. */
export class DiskObjects implements ObjectStore {
  constructor(private readonly root: string) {}

  async write(key: string, body: FileBody): Promise<void> {
    const target = path.join(this.root, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(4).toString('hex')}.part`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp));
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async read(key: string): Promise<StoredFile | undefined> {
    const file = path.join(this.root, key);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    return { body: createReadStream(file), size: stat.size };
  }

  async remove(key: string): Promise<void> {
    await fs.rm(path.join(this.root, key), { force: true });
  }
}

/** The local disk store: names without a store part, as every name was before stores could be chosen. */
export class LocalDiskStore implements FileStore {
  readonly objects: DiskObjects;

  constructor(root: string) {
    this.objects = new DiskObjects(root);
  }

  async put(tenantId: string, ext: string, body: FileBody): Promise<string> {
    const name = newKey(tenantId, ext);
    await this.objects.write(name, body);
    return name;
  }

  async open(name: string): Promise<StoredFile | undefined> {
    const parsed = parseStoredName(name);
    if (parsed?.store !== 'local') return undefined;
    return this.objects.read(parsed.key);
  }

  async get(name: string): Promise<Buffer | undefined> {
    return readAll(await this.open(name));
  }

  async remove(name: string): Promise<void> {
    const parsed = parseStoredName(name);
    if (parsed?.store === 'local') await this.objects.remove(parsed.key);
  }
}

/** File kinds told apart by their first bytes, so a renamed file cannot pass as another kind. */
export interface FileKind {
  ext: string;
  mime: string;
  magic: number[];
}

export const FILE_KINDS = {
  png: { ext: 'png', mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47] },
  jpg: { ext: 'jpg', mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  pdf: { ext: 'pdf', mime: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46] },
  // Office documents (docx, xlsx) are zip files; the old formats (doc, xls) are OLE compound files.
  zip: { ext: 'zip', mime: 'application/zip', magic: [0x50, 0x4b, 0x03, 0x04] },
  ole: { ext: 'doc', mime: 'application/msword', magic: [0xd0, 0xcf, 0x11, 0xe0] },
} satisfies Record<string, FileKind>;

/** How many first bytes tell every kind apart. */
export const MAGIC_BYTES = Math.max(...Object.values(FILE_KINDS).map((k) => k.magic.length));

export function kindOf(bytes: Buffer, allowed: readonly FileKind[]): FileKind | undefined {
  return allowed.find((kind) => kind.magic.every((b, i) => bytes[i] === b));
}

/** The Office extensions an attachment keeps, with their types. */
const OFFICE_MIMES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

export function mimeOf(name: string): string {
  const ext = path.extname(name).slice(1);
  return Object.values(FILE_KINDS).find((k) => k.ext === ext)?.mime ?? OFFICE_MIMES[ext] ?? 'application/octet-stream';
}
