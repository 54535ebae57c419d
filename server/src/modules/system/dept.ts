import { dept } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { ALL_TENANTS } from '../../platform/db.ts';
import { ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { buildTree } from '../../platform/tree.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { ancestryHooks, lazyLevel, node, nodeTree, parentParam } from '../../resources/tree.ts';
import { isIntText } from '../../resources/values.ts';
import { inCallerTenant, isPlatformAdmin, requirePlatformAdmin } from './access.ts';
import { mountForestList } from './forest.ts';
import { idList, oneId } from './id-list.ts';

/** Departments: the generic endpoints plus the trees of spec part 7 (tree, lazy, platform, by enterprise). */
const TABLE = 'blade_dept';
const NODE_COLUMNS = 'id, parent_id, dept_name as title';

export function registerDept(app: FastifyInstance, platform: Platform) {
  const resource = createResource(platform, dept, ancestryHooks(TABLE));
  // `list` answers SpringBlade's tree of the matching departments (forest.ts), the rest as every resource.
  mountResource(app, resource, { ownList: true });
  mountForestList(app, resource);
  const base = '/api/blade-system/dept';
  type Q = { Querystring: Record<string, string | undefined> };
  const inTenant = inCallerTenant(platform);

  app.get<Q>(`${base}/tree`, { config: { title: '机构树' } }, async (req) => {
    // The platform administrator may look at another tenant's tree (the tenant picker of the user screen).
    const tenantId = req.query.tenantId && isPlatformAdmin() ? String(req.query.tenantId) : ctx().tenantId;
    // A category is a whole number the column can hold; anything else (`1.5`, `1e20`) is ignored, as an empty one.
    const raw = String(req.query.deptCategory ?? '').trim();
    const category = isIntText(raw) ? Number(raw) : null;
    const rows = await platform.db.scoped(tenantId, (q) =>
      q.query<{ id: string; parent_id: string; title: string }>(
        `select ${NODE_COLUMNS} from blade_dept where tenant_id = $1 and is_deleted = 0
            and ($2::int is null or dept_category = $2) order by sort, id`,
        [tenantId, category],
      ),
    );
    return ok(nodeTree(rows));
  });

  app.get<Q>(`${base}/lazy-tree`, { config: { title: '机构懒加载树' } }, async (req) => {
    const parent = parentParam(req.query.parentId);
    const rows = await inTenant((q, tenantId) =>
      lazyLevel(
        q,
        {
          table: TABLE,
          parentColumn: 'parent_id',
          select: 't.id, t.parent_id, t.dept_name as title',
          where: 't.tenant_id = $2',
          params: [tenantId],
        },
        parent,
      ),
    );
    return ok(
      rows.map((r) => ({ ...node(String(r.id), String(r.parent_id), String(r.title)), hasChildren: r.hasChildren })),
    );
  });

  app.get<Q>(`${base}/lazy-list`, { config: { title: '机构懒加载列表' } }, async (req) => {
    const parent = parentParam(req.query.parentId);
    const select = resource.model.selectList.replace(/"([a-z_]+)" as/g, 't."$1" as');
    const rows = await inTenant((q, tenantId) =>
      lazyLevel(
        q,
        { table: TABLE, parentColumn: 'parent_id', select, where: 't.tenant_id = $2', params: [tenantId] },
        parent,
      ),
    );
    return ok(rows);
  });

  app.get<Q>(`${base}/treeByEnterpriseId`, { config: { title: '企业机构树' } }, async (req) => {
    const enterpriseId = oneId(req.query.enterpriseId, 'enterpriseId');
    const rows = await inTenant((q, tenantId) =>
      q.query<{ id: string; parent_id: string; title: string }>(
        `select ${NODE_COLUMNS} from blade_dept where tenant_id = $1 and enterprise_id = $2 and is_deleted = 0
          order by sort, id`,
        [tenantId, enterpriseId],
      ),
    );
    return ok(nodeTree(rows));
  });

  app.get<Q>(`${base}/select`, { config: { title: '机构下拉' } }, async (req) => {
    const ids = idList(req.query.deptId ?? req.query.id);
    return ok(
      await inTenant((q, tenantId) =>
        q.query(
          `select ${resource.model.selectList} from blade_dept where tenant_id = $1 and is_deleted = 0
              and (cardinality($2::bigint[]) = 0 or id = any($2::bigint[])) order by sort, id`,
          [tenantId, ids],
        ),
      ),
    );
  });

  // Every tenant with its departments below it: the platform administrator's picker across tenants.
  app.get(`${base}/platform-tree`, { config: { title: '平台机构树' } }, async () => {
    requirePlatformAdmin();
    const rows = await platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string; parent_id: string; title: string; tenant_id: string }>(
        `select t.tenant_id as id, '0' as parent_id, t.tenant_name as title, t.tenant_id from blade_tenant t
          where t.is_deleted = 0
         union all
         select d.id::text, case when d.parent_id = 0 then d.tenant_id else d.parent_id::text end, d.dept_name,
                d.tenant_id
           from blade_dept d join blade_tenant t on t.tenant_id = d.tenant_id and t.is_deleted = 0
          where d.is_deleted = 0
          order by tenant_id, id`,
      ),
    );
    return ok(buildTree(rows.map((r) => ({ ...node(r.id, r.parent_id, r.title), tenantId: r.tenant_id }))));
  });
}
