import { user } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Row } from '../../platform/db.ts';
import { notFound, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { idsParam, objectBody, pickedRows, type Resource } from '../../resources/engine.ts';
import { EXPORT_LIMIT, sendWorkbook } from '../../resources/export.ts';
import { oneId } from '../system/id-list.ts';
import { inDepartmentTree, withNames } from './resource.ts';

/**
 * blade-user's reads and writes (spec part 7 "user"). Not the engine's mountResource:
 * the page narrows by a department and everything below it, and rows carry role,
 * department and post names.
 */
type Q = { Querystring: Record<string, string | undefined> };
const BASE = '/api/blade-user';
/** A user as colleagues see them in lookups: no contact details, no account settings. */
const DIRECTORY_FIELDS = [
  'id',
  'account',
  'name',
  'realName',
  'avatar',
  'deptId',
  'deptName',
  'postId',
  'postName',
  'enterpriseId',
  'enterpriseName',
  'status',
];

/**
 * The enterprise of each company account, by name: a recipient picker lists park staff and the enterprises' people
 * side by side, and a name alone does not tell whose account it is. Read in the caller's tenant only.
 */
async function withEnterpriseNames(platform: Platform, rows: Row[]): Promise<Row[]> {
  const ids = [...new Set(rows.map((r) => r.enterpriseId).filter((id) => id !== null && id !== undefined))];
  if (!ids.length) return rows;
  const names = await platform.db.scoped(ctx().tenantId, (q) =>
    q.query<{ id: string; name: string }>(
      `select id::text as id, enterprise_name as name from crm_enterprise where id::text = any($1::text[])`,
      [ids.map(String)],
    ),
  );
  const byId = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((r) => ({ ...r, enterpriseName: byId.get(String(r.enterpriseId)) ?? null }));
}

export function registerUserCrud(app: FastifyInstance, platform: Platform, resource: Resource) {
  /** A page of users, narrowed to a department and the ones below it when `deptId` is given. */
  const paged = (query: Record<string, string | undefined>) => {
    const { deptId, ...filters } = query;
    return resource.page(filters, deptId ? inDepartmentTree(oneId(deptId, 'deptId')) : undefined);
  };
  const page = async (query: Record<string, string | undefined>) => {
    const result = await paged(query);
    return { ...result, records: await withNames(platform, result.records) };
  };
  app.get<Q>(`${BASE}/page`, { config: { title: '用户分页' } }, async (req) => ok(await page(req.query)));
  // Every signed-in user may look colleagues up (the person picker), so only what a directory shows.
  app.get<Q>(`${BASE}/search/user`, { config: { title: '用户查询' } }, async (req) => {
    const result = await page(req.query);
    const records = (await withEnterpriseNames(platform, result.records)).map((row) =>
      Object.fromEntries(DIRECTORY_FIELDS.map((f) => [f, row[f] ?? null])),
    );
    return ok({ ...result, records });
  });

  // The generic list answers a page like every catalog list; the spec's named user-list, every matching user.
  app.get<Q>(`${BASE}/list`, { config: { title: '用户列表' } }, async (req) => ok(await page(req.query)));
  app.get<Q>(`${BASE}/user-list`, { config: { title: '用户列表' } }, async (req) =>
    ok(await withNames(platform, await resource.list(req.query))),
  );

  const detail = async (id: string) => {
    const row = await resource.detail(id);
    if (!row) throw notFound();
    return ok((await withNames(platform, [row]))[0]);
  };
  app.get<Q>(`${BASE}/detail`, { config: { title: '用户详情' } }, (req) => detail(oneId(req.query.id, 'id')));
  // BladeX's search/detail: by id like detail, or else the first user matching the filters given (null when none).
  app.get<Q>(`${BASE}/search/detail`, { config: { title: '用户查询详情' } }, async (req) => {
    if (req.query.id) return detail(oneId(req.query.id, 'id'));
    const [row] = (await paged({ ...req.query, current: '1', size: '1' })).records;
    return ok(row ? (await withNames(platform, [row]))[0] : null);
  });
  // One's own account, whatever the data scope on users (a scope of the rows one created leaves oneself out), with
  // whether its password is still one it was given (seeded, reset, imported): the console then asks to change it.
  app.get(`${BASE}/info`, { config: { title: '当前用户' } }, async () => {
    const c = ctx();
    const [row] = await platform.db.scoped(c.tenantId, (q) =>
      q.query<Row & { initialPassword: boolean }>(
        `select ${resource.model.selectList}, initial_password = 1 as "initialPassword" from blade_user
          where id = $1 and tenant_id = $2 and is_deleted = 0`,
        [c.userId, c.tenantId],
      ),
    );
    if (!row) throw notFound();
    return ok((await withNames(platform, [row]))[0]);
  });

  app.get<Q>(`${BASE}/platform-detail`, { config: { title: '用户平台详情' } }, async (req) => {
    const id = oneId(req.query.id ?? req.query.userId, 'id');
    const [row] = await platform.db.scoped(ctx().tenantId, (q) =>
      q.query(
        `select id, user_type as "userType", user_ext as "userExt", enterprise_id as "enterpriseId" from blade_user
          where id = $1 and tenant_id = $2 and is_deleted = 0`,
        [id, ctx().tenantId],
      ),
    );
    if (!row) throw notFound();
    return ok(row);
  });

  const save = async (body: unknown, mustExist: boolean) => {
    const b = objectBody(body);
    if (mustExist) oneId(b.id, 'id');
    const isNew = !b.id;
    return ok(await resource.save(b), isNew ? { zh: '新增成功', en: 'Added' } : { zh: '更新成功', en: 'Updated' });
  };
  app.post<{ Body: unknown }>(`${BASE}/submit`, { config: { title: '用户提交' } }, (req) => save(req.body, false));
  app.post<{ Body: unknown }>(`${BASE}/update`, { config: { title: '用户修改' } }, (req) => save(req.body, true));

  app.post<Q>(`${BASE}/remove`, { config: { title: '用户删除' } }, async (req) => {
    await resource.remove(idsParam(req.query));
    return ok(true, { zh: '删除成功', en: 'Deleted' });
  });

  app.get<Q>(`${BASE}/export-user`, { config: { title: '用户导出', button: 'user_export' } }, async (req, reply) =>
    sendWorkbook(reply, platform, user, await resource.list(req.query, EXPORT_LIMIT, pickedRows(req.query))),
  );
}
