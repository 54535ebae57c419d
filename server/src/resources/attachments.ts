import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { ctx } from '../platform/context.ts';
import type { Queryable, Row } from '../platform/db.ts';
import { badRequest, notFound, ok } from '../platform/errors.ts';
import { receiveFile } from '../platform/file-upload.ts';
import { isId, nextId } from '../platform/ids.ts';
import type { Platform } from '../platform/platform.ts';
import { FILE_KINDS, type FileStore } from '../platform/storage.ts';
import { type Resource, requireButton } from './engine.ts';

/**
 * Attachments of a resource's rows (spec part 7: `attach-list`, `save-attach`,
 * `remove-attach` under the owner's path). A caller may touch the attachments of a row
 * only when the owner resource lets it read that row, so tenant, data scope and every
 * module scope (a company account's own enterprise) apply unchanged. A removed file is gone: its link
 * answers 404 at once (the file route reads the row) and its stored object is deleted.
 */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
const ACCEPTED = [FILE_KINDS.pdf, FILE_KINDS.png, FILE_KINDS.jpg, FILE_KINDS.zip, FILE_KINDS.ole];
const FILE_ROUTE = '/api/blade-resource/oss/endpoint/file';

const MSG = {
  owner: { zh: '所属记录不存在', en: 'The record the file belongs to does not exist' },
  type: {
    zh: '附件只能是 PDF、图片(JPG/PNG)、Office 文档或 ZIP 压缩包',
    en: 'Attachments must be PDF, JPG/PNG images, Office documents or ZIP archives',
  },
  size: { zh: '附件大小不能超过 20MB', en: 'An attachment must not be larger than 20 MB' },
  id: { zh: '附件编号无效', en: 'The attachment id is not valid' },
} as const;

export interface AttachmentOwner {
  resource: Resource;
  /** The query parameter naming the owner row, e.g. `certificateId`. */
  ownerParam: string;
  /** The button that uploads and removes files, when another screen than the owner's own keeps them (default `<key>_edit`). */
  button?: string;
  /** attach-list takes `type`: 1 the documents only, 2 the images only (ATTACH_TYPES; none: every file). */
  typed?: boolean;
}

/** attach-list's `type` (a guide's, a feedback's): which of a row's files, told by their extension. */
export const ATTACH_TYPES = { document: 1, image: 2 } as const;
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'];

/** The condition `type` puts on the list, with its parameter at `$n`; a 400 for a type that is neither. */
function typeCondition(raw: unknown, n: number): { sql: string; params: unknown[] } {
  const type = String(raw ?? '').trim();
  if (type === '') return { sql: '', params: [] };
  if (type === String(ATTACH_TYPES.image))
    return { sql: `and extension = any($${n}::text[])`, params: [IMAGE_EXTENSIONS] };
  if (type === String(ATTACH_TYPES.document))
    return { sql: `and extension <> all($${n}::text[])`, params: [IMAGE_EXTENSIONS] };
  throw badRequest({
    zh: '附件类型只能是1(文档)或2(图片)',
    en: 'The attachment type must be 1 (documents) or 2 (images)',
  });
}

const COLUMNS = `id::text as id, business_id::text as "businessId", name, link, extension, attach_size::int as "attachSize",
  create_time as "createTime"`;

/** A file attached to a row: what it is, whose row it hangs on, who added it. */
export interface NewAttachment {
  tenantId: string;
  /** The owner entity's key (`certificate`). */
  businessType: string;
  businessId: string;
  /** The name it was uploaded with, shown and offered on download. */
  name: string;
  ext: string;
  bytes: Buffer;
  userId: string;
  deptId: string | null;
}

/** An attachment whose file is already in the store: its stored name and size. */
type StoredAttachment = Omit<NewAttachment, 'bytes'> & { stored: string; size: number };

/** Records a stored file on its row; answers the attachment as attach-list lists it. */
async function recordAttachment(q: Queryable, a: StoredAttachment): Promise<Row> {
  const [row] = await q.query(
    `insert into park_attachment (id, tenant_id, business_type, business_id, name, stored_name, link, extension,
                                  attach_size, create_user, create_dept, update_user)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10) returning ${COLUMNS}`,
    [
      nextId(),
      a.tenantId,
      a.businessType,
      a.businessId,
      a.name.slice(0, 255),
      a.stored,
      `${FILE_ROUTE}/${a.stored}`,
      a.ext,
      a.size,
      a.userId,
      a.deptId,
    ],
  );
  return row;
}

/** Puts the file in the store and records it on its row (files held whole: the seed's). */
export async function storeAttachment(q: Queryable, files: FileStore, a: NewAttachment): Promise<Row> {
  const stored = await files.put(a.tenantId, a.ext, a.bytes);
  return recordAttachment(q, { ...a, stored, size: a.bytes.length });
}

/**
 * The file of a multipart request, streamed to the store and recorded on the owner row (which the
 * caller has been checked to reach): save-attach's upload, and that of any call that takes a file.
 */
export async function receiveAttachment(
  platform: Platform,
  req: FastifyRequest,
  businessType: string,
  ownerId: string,
): Promise<Row> {
  const caller = ctx();
  const upload = await receiveFile(req, { kinds: ACCEPTED, wrongKind: MSG.type, tooLarge: MSG.size });
  // Office files keep the extension they were uploaded with (docx, xlsx, doc, xls).
  const given = upload.filename.split('.').pop()?.toLowerCase() ?? '';
  const ext = /^(docx|xlsx|pptx|doc|xls|ppt)$/.test(given) ? given : upload.kind.ext;
  // The file streams to the store before, and outside, the transaction: an upload of up to 20 MB
  // must not hold a database connection (PGlite has one). A stream cut for its size fails the
  // store's write, which keeps nothing, so no record is written; a record that fails removes the file.
  const stored = await platform.files.put(caller.tenantId, ext, upload.body);
  const attachment = {
    tenantId: caller.tenantId,
    businessType,
    businessId: ownerId,
    name: upload.filename,
    ext,
    stored,
    size: upload.size(),
    userId: caller.userId,
    deptId: caller.deptId || null,
  };
  return platform.db
    .tx(caller.tenantId, (q) => recordAttachment(q, attachment))
    .catch(async (err) => {
      await platform.files.remove(stored).catch(() => undefined);
      throw err;
    });
}

/**
 * Deletes the stored files of removed attachments (`ids`: rows already marked removed, committed) that no
 * live attachment still names. Their links answer 404 already (the file route reads the row), so a delete
 * that fails (a store out of reach) is logged with the stored name and not retried: the object is an orphan
 * no link reaches, which the log lets an operator delete.
 */
export async function deleteRemovedFiles(
  platform: Platform,
  tenantId: string,
  ids: string[],
  log: FastifyBaseLogger,
): Promise<void> {
  const rows = await platform.db.scoped(tenantId, (q) =>
    q.query<{ stored_name: string }>(
      `select distinct a.stored_name from park_attachment a
        where a.tenant_id = $1 and a.id = any($2::bigint[]) and a.is_deleted = 1
          and not exists (select 1 from park_attachment b
                           where b.tenant_id = a.tenant_id and b.stored_name = a.stored_name and b.is_deleted = 0)`,
      [tenantId, ids],
    ),
  );
  for (const { stored_name: name } of rows) {
    await platform.files.remove(name).catch((err) => {
      log.warn(
        { file: name, error: (err as Error).message },
        'the stored file of a removed attachment was not deleted',
      );
    });
  }
}

export async function mountAttachments(app: FastifyInstance, platform: Platform, owner: AttachmentOwner) {
  const { entity } = owner.resource.model;
  const base = `/api/${entity.api}`;
  const businessType = entity.key;
  const button = owner.button ?? `${entity.key}_edit`;
  type Q = { Querystring: Record<string, string | undefined> };

  /** The owner row's id when the caller may read it, else 404. */
  const visibleOwner = async (raw: unknown) => {
    const id = String(raw ?? '').trim();
    if (!isId(id) || !(await owner.resource.detail(id))) throw notFound(MSG.owner);
    return id;
  };

  app.get<Q>(`${base}/attach-list`, { config: { title: `${entity.label.zh}附件列表` } }, async (req) => {
    const kind = owner.typed ? typeCondition(req.query.type, 4) : { sql: '', params: [] };
    const ownerId = await visibleOwner(req.query[owner.ownerParam]);
    const { tenantId } = ctx();
    const rows = await platform.db.scoped(tenantId, (q) =>
      q.query(
        `select ${COLUMNS} from park_attachment
          where tenant_id = $1 and business_type = $2 and business_id = $3 and is_deleted = 0 ${kind.sql} order by id`,
        [tenantId, businessType, ownerId, ...kind.params],
      ),
    );
    return ok(rows);
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1 } });
    scope.post<Q>(`${base}/save-attach`, { config: { title: `${entity.label.zh}上传附件` } }, async (req) => {
      const caller = ctx();
      await requireButton(platform, caller, button);
      const ownerId = await visibleOwner(req.query[owner.ownerParam]);
      const row = await receiveAttachment(platform, req, businessType, ownerId);
      return ok(row, { zh: '上传成功', en: 'Uploaded' });
    });
  });

  const remove = async (raw: unknown, log: FastifyBaseLogger) => {
    const caller = ctx();
    await requireButton(platform, caller, button);
    const id = String(raw ?? '').trim();
    if (!isId(id)) throw badRequest(MSG.id);
    const [found] = await platform.db.scoped(caller.tenantId, (q) =>
      q.query<{ business_id: string }>(
        `select business_id::text from park_attachment
          where id = $1 and tenant_id = $2 and business_type = $3 and is_deleted = 0`,
        [id, caller.tenantId, businessType],
      ),
    );
    if (!found) throw notFound();
    await visibleOwner(found.business_id);
    await platform.db.tx(caller.tenantId, (q) =>
      q.query(
        `update park_attachment set is_deleted = 1, update_user = $2, update_time = localtimestamp(0) where id = $1`,
        [id, caller.userId],
      ),
    );
    await deleteRemovedFiles(platform, caller.tenantId, [id], log);
    return ok(true, { zh: '删除成功', en: 'Deleted' });
  };
  // The spec removes some attachments by POST and the qualification's by DELETE: both are served.
  app.post<Q>(`${base}/remove-attach`, { config: { title: `${entity.label.zh}删除附件` } }, (req) =>
    remove(req.query.id, req.log),
  );
  app.delete<Q>(`${base}/remove-attach`, { config: { title: `${entity.label.zh}删除附件` } }, (req) =>
    remove(req.query.id, req.log),
  );
}
