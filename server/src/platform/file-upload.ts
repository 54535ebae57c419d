import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { type Bilingual, badRequest } from './errors.ts';
import { type FileKind, kindOf, MAGIC_BYTES } from './storage.ts';

/** One uploaded file of a multipart request, checked by its first bytes and passed on as a stream. */
export interface ReceivedFile {
  filename: string;
  kind: FileKind;
  /**
   * The file's bytes as they arrive (the first ones read for the check put back in front). It fails
   * with the caller's too-large message once the multipart limit (`fileSize`) cuts the file, so a
   * store that writes it fails too and keeps nothing.
   */
  body: Readable;
  /** How many bytes `body` has given so far: the file's size once a store has written it. */
  size(): number;
}

const CHOOSE = { zh: '请选择上传文件', en: 'Please choose a file to upload' } as const;

/**
 * Reads the first bytes of the request's one file and checks its kind; the rest streams on to
 * where the caller puts it, never read whole. Refused (400): no file, a kind not allowed, too large.
 */
export async function receiveFile(
  req: FastifyRequest,
  check: { kinds: readonly FileKind[]; wrongKind: Bilingual; tooLarge: Bilingual },
): Promise<ReceivedFile> {
  const file = await req.file();
  if (!file) throw badRequest(CHOOSE);
  const source = file.file;
  const chunks = source[Symbol.asyncIterator]();
  const drain = async () => {
    // What is left is read and dropped (the multipart limit bounds it), so the request ends cleanly.
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      // nothing kept
    }
  };
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < MAGIC_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  const first = Buffer.concat(head);
  if (source.truncated) {
    await drain();
    throw badRequest(check.tooLarge);
  }
  const kind = kindOf(first, check.kinds);
  if (!kind) {
    if (!ended) await drain();
    throw badRequest(check.wrongKind);
  }
  let size = first.length;
  async function* all() {
    yield first;
    if (!ended) {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        size += next.value.length;
        yield next.value;
      }
    }
    if (source.truncated) throw badRequest(check.tooLarge);
  }
  return { filename: file.filename, kind, body: Readable.from(all(), { objectMode: false }), size: () => size };
}
