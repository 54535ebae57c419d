import { attach } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Row } from '../../platform/db.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { deleteRemovedFiles } from '../../resources/attachments.ts';
import { createResource, idsParam, pickedRows } from '../../resources/engine.ts';
import { EXPORT_LIMIT, sendWorkbook } from '../../resources/export.ts';
import { coerce } from '../../resources/validate.ts';

/**
 * Attachment management (/resource/attach): every file attached to the caller's tenant's
 * rows, whatever its owner, with page, list, detail, export, remove and submit (a rename): files
 * come in only through their owner's upload (save-attach). Removing marks the row, like
 * every row, and then deletes the stored file: the owner's list no longer shows it, its link answers 404.
 */
const BASE = '/api/blade-resource/attach';
const MSG = {
  noCreate: {
    zh: '附件须在所属业务中上传, 不能单独新增',
    en: 'An attachment is uploaded with the record it belongs to; it cannot be added on its own',
  },
  noName: { zh: '请输入附件名称', en: 'Please enter the attachment name' },
  badName: { zh: '附件名称不能包含路径分隔符', en: 'The attachment name may not contain a path separator' },
} as const;

export function registerAttach(app: FastifyInstance, platform: Platform) {
  const resource = createResource(platform, attach);
  const nameColumn = resource.model.columns.get('name')!;
  type Q = { Querystring: Record<string, unknown> };

  /** The size as a number: the column is a bigint, which the database layer hands over as text, like ids. */
  const withSizes = (rows: Row[]): Row[] => rows.map((r) => ({ ...r, attachSize: Number(r.attachSize) }));

  // `list` answers the same page as `page` (CONTRACT.md "Lists and paging").
  for (const [action, title] of [
    ['page', '附件分页'],
    ['list', '附件列表'],
  ]) {
    app.get<Q>(`${BASE}/${action}`, { config: { title } }, async (req) => {
      const page = await resource.page(req.query);
      return ok({ ...page, records: withSizes(page.records) });
    });
  }
  app.get<Q>(`${BASE}/detail`, { config: { title: '附件详情' } }, async (req) => {
    const id = String(req.query.id ?? '').trim();
    if (!isId(id)) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
    const row = await resource.detail(id);
    if (!row) throw notFound();
    return ok(withSizes([row])[0]);
  });
  app.get<Q>(`${BASE}/export`, { config: { title: '附件导出' } }, async (req, reply) =>
    sendWorkbook(reply, platform, attach, await resource.list(req.query, EXPORT_LIMIT, pickedRows(req.query))),
  );
  // BladeX's submit (spec part 7): here it renames an attachment, the name its list shows and its download
  // offers. A file comes in only through its owner's upload (save-attach), so a body without an id is refused.
  app.post<{ Body: Record<string, unknown> | undefined }>(
    `${BASE}/submit`,
    { config: { title: '附件提交', button: 'attach_edit' } },
    async (req) => {
      const body = req.body ?? {};
      const id = String(body.id ?? '').trim();
      if (!id) throw badRequest(MSG.noCreate);
      if (!isId(id)) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
      const name = coerce(nameColumn, body.name);
      if (name === null) throw badRequest(MSG.noName);
      if (/[\\/]/.test(String(name))) throw badRequest(MSG.badName);
      // Only a row the caller may see (its tenant's, live) is renamed.
      if (!(await resource.detail(id))) throw notFound();
      await platform.db.tx(ctx().tenantId, (q) =>
        q.query(
          `update park_attachment set name = $2, update_user = $3, update_time = localtimestamp(0)
            where id = $1 and tenant_id = $4 and is_deleted = 0`,
          [id, name, ctx().userId, ctx().tenantId],
        ),
      );
      return ok(withSizes([(await resource.detail(id))!])[0], { zh: '修改成功', en: 'Saved' });
    },
  );
  app.post<Q>(`${BASE}/remove`, { config: { title: '附件删除' } }, async (req) => {
    const ids = idsParam(req.query);
    await resource.remove(ids);
    // Only removed rows are looked at: a live one outside the caller's reach keeps its file.
    await deleteRemovedFiles(platform, ctx().tenantId, ids, req.log);
    return ok(true, { zh: '删除成功', en: 'Deleted' });
  });
}
