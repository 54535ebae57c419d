import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/errors.ts';
import { mountSaveUpdate, objectBody, type Resource } from '../../resources/engine.ts';
import { oneId } from '../system/id-list.ts';

/** Projects' own calls (spec part 7 "crm project"): save, update, history-list and history/submit. */
const BASE = '/api/blade-crm/project';
type Q = { Querystring: Record<string, unknown> };
type B = { Body: unknown };

export function registerProject(app: FastifyInstance, project: Resource, history: Resource) {
  mountSaveUpdate(app, project);

  // Newest first, as a timeline reads; the company scope applies to the history rows themselves.
  app.get<Q>(`${BASE}/history-list`, { config: { title: '项目历史记录' } }, async (req) =>
    ok(await history.list({ projectId: oneId(req.query.projectId, 'projectId'), descs: 'recordDate,createTime' })),
  );

  app.post<B>(`${BASE}/history/submit`, { config: { title: '项目历史记录提交' } }, async (req) => {
    const body = objectBody(req.body);
    const isNew = !body.id;
    return ok(await history.save(body), isNew ? { zh: '新增成功', en: 'Added' } : { zh: '更新成功', en: 'Updated' });
  });
}
