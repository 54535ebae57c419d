import { attach } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Row } from '../../platform/db.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, idsParam } from '../../resources/engine.ts';
import { EXPORT_LIMIT, sendWorkbook } from '../../resources/export.ts';

/**
 * Attachment management (/resource/attach): every file attached to the caller's tenant's
 * rows, whatever its owner, with page, list, detail, export and remove. There is no submit:
 * files come in only through their owner's upload (save-attach). Removing is logical, like
 * every row: the owner's attachment list no longer shows the file.
 */
const BASE = '/api/blade-resource/attach';

export function registerAttach(app: FastifyInstance, platform: Platform) {
  const resource = createResource(platform, attach);
  type Q = { Querystring: Record<string, unknown> };

  /**
   * Adds the uploader's name (createUserName) to each row, and gives the size as a number
   * (the column is a bigint, which the database layer hands over as text, like ids).
   */
  const withUploaders = async (rows: Row[]): Promise<Row[]> => {
    const ids = [...new Set(rows.map((r) => String(r.createUser ?? '')).filter(isId))];
    const { tenantId } = ctx();
    const users = ids.length
      ? await platform.db.scoped(tenantId, (q) =>
          q.query<{ id: string; name: string }>(
            `select id::text, coalesce(nullif(real_name, ''), account) as name from blade_user
              where tenant_id = $1 and id = any($2::bigint[])`,
            [tenantId, ids],
          ),
        )
      : [];
    const names = new Map(users.map((u) => [u.id, u.name]));
    return rows.map((r) => ({
      ...r,
      attachSize: Number(r.attachSize),
      createUserName: names.get(String(r.createUser)) ?? '',
    }));
  };

  app.get<Q>(`${BASE}/page`, { config: { title: '附件分页' } }, async (req) => {
    const page = await resource.page(req.query);
    return ok({ ...page, records: await withUploaders(page.records) });
  });
  app.get<Q>(`${BASE}/list`, { config: { title: '附件列表' } }, async (req) =>
    ok(await withUploaders(await resource.list(req.query))),
  );
  app.get<Q>(`${BASE}/detail`, { config: { title: '附件详情' } }, async (req) => {
    const id = String(req.query.id ?? '').trim();
    if (!isId(id)) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
    const row = await resource.detail(id);
    if (!row) throw notFound();
    return ok((await withUploaders([row]))[0]);
  });
  app.get<Q>(`${BASE}/export`, { config: { title: '附件导出' } }, async (req, reply) =>
    sendWorkbook(reply, platform, attach, await resource.list(req.query, EXPORT_LIMIT)),
  );
  app.post<Q>(`${BASE}/remove`, { config: { title: '附件删除' } }, async (req) => {
    await resource.remove(idsParam(req.query));
    return ok(true, { zh: '删除成功', en: 'Deleted' });
  });
}
