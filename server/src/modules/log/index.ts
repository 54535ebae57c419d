import { logEntities } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, pickedRows } from '../../resources/engine.ts';
import { sendExport } from '../../resources/export.ts';
import { logCleanupJob } from './cleanup-job.ts';

/**
 * The usual, api and error logs of the caller's tenant, read through the resource
 * engine: `list` (a page, as BladeX answers it, newest first, with the catalog's
 * filters), `page` the same for the generic screen, `detail`, and the engine's `export`
 * of what the list's filters find (or the rows picked in it). Logs show every user's requests, so reading them,
 * export included, takes the screen's view button (`log_api_view`, ...). Old entries go with the
 * `logCleanup` scheduled job.
 */
export async function registerLog(app: FastifyInstance, platform: Platform) {
  platform.jobs.register(logCleanupJob);
  type Q = { Querystring: Record<string, unknown> };
  for (const entity of logEntities) {
    const resource = createResource(platform, entity);
    const base = `/api/${entity.api}`;
    const button = `${entity.key}_view`;
    for (const action of ['list', 'page']) {
      app.get<Q>(`${base}/${action}`, { config: { title: `${entity.label.zh}列表`, button } }, async (req) =>
        ok(await resource.page(req.query)),
      );
    }
    app.get<Q>(`${base}/detail`, { config: { title: `${entity.label.zh}详情`, button } }, async (req) => {
      const id = String(req.query.id ?? '').trim();
      if (!isId(id)) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
      const row = await resource.detail(id);
      if (!row) throw notFound();
      return ok(row);
    });
    app.get<Q>(`${base}/export`, { config: { title: `${entity.label.zh}导出`, button } }, async (req, reply) =>
      sendExport(reply, resource, req.query, pickedRows(req.query)),
    );
  }
}
