import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Resource } from '../../resources/engine.ts';
import { oneId } from '../system/id-list.ts';
import { objectBody } from './enterprise.ts';

/** Projects' own calls (spec part 7 "crm project"): save, update, history-list and history/submit. */
const BASE = '/api/blade-crm/project';
type Q = { Querystring: Record<string, unknown> };
type B = { Body: unknown };

export function registerProject(app: FastifyInstance, project: Resource, history: Resource) {
  app.post<B>(`${BASE}/save`, { config: { title: '科研项目新增', button: 'project_add' } }, async (req) => {
    const body = objectBody(req.body);
    if (body.id) throw badRequest({ zh: '新增时不能指定编号', en: 'A new project cannot carry an id' });
    return ok(await project.save(body), { zh: '新增成功', en: 'Added' });
  });

  app.post<B>(`${BASE}/update`, { config: { title: '科研项目修改', button: 'project_edit' } }, async (req) => {
    const body = objectBody(req.body);
    if (!body.id) throw badRequest({ zh: '请选择要修改的项目', en: 'Please choose the project to update' });
    return ok(await project.save(body), { zh: '更新成功', en: 'Updated' });
  });

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
