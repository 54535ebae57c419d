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

/**
 * Attachment management (/resource/attach): every file attached to the caller's tenant's
 * rows, whatever its owner, with page, list, detail, export and remove. There is no submit:
 * files come in only through their owner's upload (save-attach). Removing marks the row, like
 * every row, and then deletes the stored file: the owner's list no longer shows it, its link answers 404.
 */
const BASE = '/api/blade-resource/attach';

export function registerAttach(app: FastifyInstance, platform: Platform) {
  const resource = createResource(platform, attach);
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
  app.post<Q>(`${BASE}/remove`, { config: { title: '附件删除' } }, async (req) => {
    const ids = idsParam(req.query);
    await resource.remove(ids);
    // Only removed rows are looked at: a live one outside the caller's reach keeps its file.
    await deleteRemovedFiles(platform, ctx().tenantId, ids, req.log);
    return ok(true, { zh: '删除成功', en: 'Deleted' });
  });
}
