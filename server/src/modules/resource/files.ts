import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { FILE_KINDS, kindOf, mimeOf } from '../../platform/storage.ts';
import { readUpload } from '../../resources/uploads.ts';

/**
 * blade-resource oss: `endpoint/put-file` stores an image through the platform's file store
 * and answers `data.link`; the file route serves every stored file (avatars, attachments).
 * put-file serves the avatar (spec part 5): jpg or png, at most 500 kb, checked by content.
 */
export const MAX_IMAGE_BYTES = 500 * 1024;
export const FILE_ROUTE = '/api/blade-resource/oss/endpoint/file';
const BASE = '/api/blade-resource/oss/endpoint';
const MSG = {
  type: { zh: '上传图片只能是 JPG 或 PNG 格式!', en: 'Only JPG or PNG images can be uploaded' },
  size: { zh: '上传图片大小不能超过 500KB!', en: 'The image must not be larger than 500 KB' },
} as const;

export async function registerFiles(app: FastifyInstance, platform: Platform) {
  // Multipart is parsed only on these routes: the rest of the API stays JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });

    scope.post(`${BASE}/put-file`, { config: { title: '上传文件' } }, async (req) => {
      const upload = await readUpload(req, MSG.size);
      const kind = kindOf(upload.bytes, [FILE_KINDS.png, FILE_KINDS.jpg]);
      if (!kind) throw badRequest(MSG.type);
      const name = await platform.files.put(ctx().tenantId, kind.ext, upload.bytes);
      return ok({ link: `${FILE_ROUTE}/${name}`, name, originalName: upload.filename, domain: '' });
    });
  });

  // Public: an <img> or a download link cannot send the token; stored names are unguessable.
  app.get<{ Params: { '*': string } }>(
    `${FILE_ROUTE}/*`,
    { config: { public: true, noClient: true, title: '文件' } },
    async (req, reply) => {
      const bytes = await platform.files.get(req.params['*']);
      if (!bytes) throw notFound();
      return reply.header('cache-control', 'private, max-age=86400').type(mimeOf(req.params['*'])).send(bytes);
    },
  );
}
