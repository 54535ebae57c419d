import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live: local disk under `<dataDir>/files` by default (ARCHITECTURE.md's
 * embedded default); an S3-compatible store can implement the same interface. Stored names
 * are `<tenant>/<random>.<ext>`: unguessable, so a file link can be served without a token
 * (an <img> or a download link cannot send one), and never chosen by the uploader.
 */
export interface FileStore {
  put(tenantId: string, ext: string, bytes: Buffer): Promise<string>;
  /** The bytes of a stored name, or undefined when there is no such file (or the name is not one of ours). */
  get(name: string): Promise<Buffer | undefined>;
}

export const STORED_NAME = /^(\d{6,12})\/([0-9a-f]{32})\.([a-z0-9]{1,5})$/;

export class LocalDiskStore implements FileStore {
  constructor(private readonly root: string) {}

  async put(tenantId: string, ext: string, bytes: Buffer): Promise<string> {
    const name = `${tenantId}/${randomBytes(16).toString('hex')}.${ext}`;
    await fs.mkdir(path.join(this.root, tenantId), { recursive: true });
    await fs.writeFile(path.join(this.root, name), bytes);
    return name;
  }

  async get(name: string): Promise<Buffer | undefined> {
    if (!STORED_NAME.test(name)) return undefined;
    return fs.readFile(path.join(this.root, name)).catch(() => undefined);
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

export function kindOf(bytes: Buffer, allowed: readonly FileKind[]): FileKind | undefined {
  return allowed.find((kind) => kind.magic.every((b, i) => bytes[i] === b));
}

export function mimeOf(name: string): string {
  const ext = path.extname(name).slice(1);
  return Object.values(FILE_KINDS).find((k) => k.ext === ext)?.mime ?? 'application/octet-stream';
}
