import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { type ApiError, type Bilingual, badRequest } from './errors.ts';
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

/** The form field every upload sends its file in (BladeX's `MultipartFile file`, antd's Upload). */
const FILE_FIELD = 'file';

const UPLOAD_MSG = {
  choose: { zh: '请选择上传文件', en: 'Please choose a file to upload' },
  field: { zh: '请在表单字段 file 中上传文件', en: 'Send the file in the form field named "file"' },
  notMultipart: {
    zh: '请以 multipart/form-data 表单上传文件',
    en: 'Send the file as a multipart/form-data form',
  },
  boundary: {
    zh: '上传的表单缺少有效的分隔符（boundary），无法读取',
    en: 'The upload form has no valid boundary and cannot be read',
  },
  truncated: {
    zh: '上传的内容不完整：请求在文件结束前中断，请重新上传',
    en: 'The upload is incomplete: the request ended before the file did, please upload again',
  },
  parts: {
    zh: '上传的表单字段或文件过多：每次只能上传一个文件',
    en: 'The upload form has too many parts: send one file at a time',
  },
  fieldName: { zh: '上传表单的字段名不被允许', en: 'A field name of the upload form is not allowed' },
  jsonField: { zh: '上传表单的字段不是有效的 JSON', en: 'A field of the upload form is not valid JSON' },
  tooLarge: { zh: '上传的文件过大', en: 'The uploaded file is too large' },
} as const;

/**
 * A malformed upload, as @fastify/multipart and busboy report it, as the caller's 400: busboy's own
 * errors carry no code, only fixed English texts. The error handler (pipeline.ts) asks this of every
 * error, so each upload route, present or future, answers these alike. Undefined for any other error.
 */
export function uploadRefusalOf(error: unknown): ApiError | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  switch (code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(UPLOAD_MSG.notMultipart);
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(UPLOAD_MSG.parts);
    case 'FST_PROTO_VIOLATION':
      return badRequest(UPLOAD_MSG.fieldName);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest(UPLOAD_MSG.jsonField);
    case 'FST_REQ_FILE_TOO_LARGE':
      return badRequest(UPLOAD_MSG.tooLarge);
  }
  if (typeof message !== 'string') return undefined;
  // No boundary in the Content-Type, or one longer than busboy's search takes (256).
  if (message === 'Multipart: Boundary not found' || message.startsWith('The needle cannot')) {
    return badRequest(UPLOAD_MSG.boundary);
  }
  if (/terminated early due to unexpected end of multipart data$|^Unexpected end of multipart data$/.test(message)) {
    return badRequest(UPLOAD_MSG.truncated);
  }
  return undefined;
}

/**
 * The file's chunks as they arrive. busboy ends a file the request cut short (no closing boundary)
 * by destroying its stream: reading it fails with Node's premature close, the caller's 400 here.
 */
async function* chunksOf(file: Readable): AsyncGenerator<Buffer> {
  try {
    yield* file;
  } catch (err) {
    throw (err as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE' ? badRequest(UPLOAD_MSG.truncated) : err;
  }
}

/** Reads what is left of a file and drops it (the multipart limit bounds it), so the request ends cleanly. */
async function drain(chunks: AsyncIterator<Buffer>) {
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
    // nothing kept
  }
}

/** The request's one file, sent in the `file` field; refused (400) when there is none or it came in another field. */
async function requestFile(req: FastifyRequest): Promise<MultipartFile> {
  const file = await req.file();
  if (!file) throw badRequest(UPLOAD_MSG.choose);
  if (file.fieldname !== FILE_FIELD) {
    await drain(chunksOf(file.file));
    throw badRequest(UPLOAD_MSG.field);
  }
  return file;
}

/** One uploaded file of a multipart request, read whole; too large is the caller's message. */
export async function readUpload(
  req: FastifyRequest,
  tooLarge: Bilingual,
): Promise<{ bytes: Buffer; filename: string }> {
  const file = await requestFile(req);
  const parts: Buffer[] = [];
  for await (const chunk of chunksOf(file.file)) parts.push(chunk);
  if (file.file.truncated) throw badRequest(tooLarge);
  return { bytes: Buffer.concat(parts), filename: file.filename };
}

/**
 * Reads the first bytes of the request's one file and checks its kind; the rest streams on to
 * where the caller puts it, never read whole. Refused (400): no file, a kind not allowed, too large.
 */
export async function receiveFile(
  req: FastifyRequest,
  check: { kinds: readonly FileKind[]; wrongKind: Bilingual; tooLarge: Bilingual },
): Promise<ReceivedFile> {
  const file = await requestFile(req);
  const source = file.file;
  const chunks = chunksOf(source);
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
    await drain(chunks);
    throw badRequest(check.tooLarge);
  }
  const kind = kindOf(first, check.kinds);
  if (!kind) {
    if (!ended) await drain(chunks);
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
