import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { notFound, ok } from '../../platform/errors.ts';
import { receiveFile } from '../../platform/file-upload.ts';
import type { Platform } from '../../platform/platform.ts';
import { FILE_KINDS, mimeOf, parseStoredName } from '../../platform/storage.ts';

/**
 * blade-resource oss: `endpoint/put-file` stores an image through the platform's file store
 * and answers `data.link`; the file route serves every stored file (avatars, attachments).
 * put-file serves the avatar (spec part 5): jpg or png, at most 500 kb, checked by content.
 * Both stream: the upload goes on to the store as it arrives, the file back from it.
 * A removed attachment is gone at once on every instance: the route reads its row in the database.
 */
export const MAX_IMAGE_BYTES = 500 * 1024;
export const FILE_ROUTE = '/api/blade-resource/oss/endpoint/file';
const BASE = '/api/blade-resource/oss/endpoint';
const MSG = {
  type: { zh: '上传图片只能是 JPG 或 PNG 格式!', en: 'Only JPG or PNG images can be uploaded' },
  size: { zh: '上传图片大小不能超过 500KB!', en: 'The image must not be larger than 500 KB' },
} as const;

/** `inline`, with the name the file was uploaded with (RFC 6266: an ASCII stand-in, and the name itself in UTF-8). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export async function registerFiles(app: FastifyInstance, platform: Platform) {
  // Multipart is parsed only on these routes: the rest of the API stays JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });

    scope.post(`${BASE}/put-file`, { config: { title: '上传文件' } }, async (req) => {
      const upload = await receiveFile(req, {
        kinds: [FILE_KINDS.png, FILE_KINDS.jpg],
        wrongKind: MSG.type,
        tooLarge: MSG.size,
      });
      const name = await platform.files.put(ctx().tenantId, upload.kind.ext, upload.body);
      return ok({ link: `${FILE_ROUTE}/${name}`, name, originalName: upload.filename, domain: '' });
    });
  });

  /**
   * The attachment row of a stored name, a live one first: the name it was uploaded with, and whether it
   * was removed. None for the files that are no attachment (avatars, rich-text and carousel images).
   */
  async function attachmentOf(name: string): Promise<{ name: string; removed: boolean } | undefined> {
    const parsed = parseStoredName(name);
    if (!parsed) return undefined;
    const [row] = await platform.db.scoped(parsed.tenantId, (q) =>
      q.query<{ name: string; is_deleted: number }>(
        `select name, is_deleted from park_attachment where tenant_id = $1 and stored_name = $2
          order by is_deleted limit 1`,
        [parsed.tenantId, name],
      ),
    );
    return row && { name: row.name, removed: Number(row.is_deleted) === 1 };
  }

  // Public: an <img> or a download link cannot send the token; stored names are unguessable (docs/decisions.md).
  app.get<{ Params: { '*': string } }>(
    `${FILE_ROUTE}/*`,
    { config: { public: true, noClient: true, title: '文件' } },
    async (req, reply) => {
      const name = req.params['*'];
      // A removed attachment answers 404 even before (or if never) its stored object is deleted.
      const attachment = await attachmentOf(name);
      if (attachment?.removed) throw notFound();
      const file = await platform.files.open(name);
      if (!file) throw notFound();
      // An attachment is personal data, kept by no cache (a removed one is not shown from one either); images
      // without an attachment row (avatars, rich-text and carousel pictures) are shown on every screen: a day.
      reply.header('cache-control', attachment ? 'no-store' : 'private, max-age=86400').type(mimeOf(name));
      if (file.size !== undefined) reply.header('content-length', file.size);
      if (attachment) reply.header('content-disposition', contentDisposition(attachment.name));
      return reply.send(file.body);
    },
  );
}
