import type { FastifyRequest } from 'fastify';
import { type Bilingual, badRequest } from '../platform/errors.ts';

/** One uploaded file of a multipart request, read whole; too large is the caller's message. */
export async function readUpload(
  req: FastifyRequest,
  tooLarge: Bilingual,
): Promise<{ bytes: Buffer; filename: string }> {
  const file = await req.file();
  if (!file) throw badRequest({ zh: '请选择上传文件', en: 'Please choose a file to upload' });
  const bytes = await file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(tooLarge);
    throw err;
  });
  return { bytes, filename: file.filename };
}
