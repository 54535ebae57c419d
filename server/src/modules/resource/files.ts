import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';

/**
 * blade-resource oss: `endpoint/put-file` stores an image on local disk under `<dataDir>/files`
 * (ARCHITECTURE.md's embedded default) and answers `data.link`, which the file route serves back.
 * Only the avatar uses it (spec part 5): jpg or png, at most 500 kb, checked by content, not by name.
 */
export const MAX_IMAGE_BYTES = 500 * 1024;
const BASE = '/api/blade-resource/oss/endpoint';
const MSG = {
  noFile: { zh: '请选择上传文件', en: 'Please choose a file to upload' },
  type: { zh: '上传图片只能是 JPG 或 PNG 格式!', en: 'Only JPG or PNG images can be uploaded' },
  size: { zh: '上传图片大小不能超过 500KB!', en: 'The image must not be larger than 500 KB' },
} as const;

/** The image kinds accepted, told apart by their first bytes so a renamed file cannot pass. */
const IMAGE_KINDS = [
  { ext: 'png', mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47] },
  { ext: 'jpg', mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
] as const;

function kindOf(bytes: Buffer) {
  return IMAGE_KINDS.find((kind) => kind.magic.every((b, i) => bytes[i] === b));
}

/** Stored names are ours alone (tenant folder, generated id): the file route accepts nothing else. */
const STORED_NAME = /^(\d{6,12})\/(\d+)\.(png|jpg)$/;

export async function registerFiles(app: FastifyInstance, platform: Platform) {
  const root = path.join(platform.config.dataDir, 'files');

  // Multipart is parsed only on these routes: the rest of the API stays JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });

    scope.post(`${BASE}/put-file`, { config: { title: '上传文件' } }, async (req) => {
      const file = await req.file();
      if (!file) throw badRequest(MSG.noFile);
      const bytes = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MSG.size);
        throw err;
      });
      const kind = kindOf(bytes);
      if (!kind) throw badRequest(MSG.type);
      const { tenantId } = ctx();
      const name = `${tenantId}/${nextId()}.${kind.ext}`;
      await fs.mkdir(path.join(root, tenantId), { recursive: true });
      await fs.writeFile(path.join(root, name), bytes);
      return ok({ link: `${BASE}/file/${name}`, name, originalName: file.filename, domain: '' });
    });
  });

  // Public: an <img> cannot send the token. Names are unguessable ids, and only stored images are served.
  app.get<{ Params: { '*': string } }>(
    `${BASE}/file/*`,
    { config: { public: true, noClient: true, title: '文件' } },
    async (req, reply) => {
      const match = STORED_NAME.exec(req.params['*']);
      if (!match) throw notFound();
      const bytes = await fs.readFile(path.join(root, req.params['*'])).catch(() => undefined);
      if (!bytes) throw notFound();
      const kind = IMAGE_KINDS.find((k) => k.ext === match[3]);
      return reply
        .header('cache-control', 'private, max-age=86400')
        .type(kind?.mime ?? 'application/octet-stream')
        .send(bytes);
    },
  );
}
