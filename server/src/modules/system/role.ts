import { role } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ADMIN_ROLE_ALIAS, ctx, isAdministrator } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { type Bilingual, badRequest, forbidden, notFound, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import { PLATFORM_TENANT } from '../../platform/params.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  type FlatNode,
  fullyHeld,
  heldAlone,
  parentsIn,
  type TreeNode,
  treeNodes,
  withAncestors,
} from '../../platform/tree.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { nodeTree } from '../../resources/tree.ts';
import { inCallerTenant, isPlatformAdmin } from './access.ts';
import { type ForestRow, mountForestList } from './forest.ts';
import { idList, NONE_SELECTED, oneId } from './id-list.ts';
import { invalidateMenus, tenantMenus } from './menu-access.ts';
import { grantTrees } from './menu-admin.ts';

/**
 * Roles: the generic endpoints, the role trees, and the grant of menus, data scopes
 * and API scopes (CONTRACT.md "Role grant"). A grant replaces what the roles held.
 */
const MSG = {
  noRole: { zh: '角色不存在', en: 'No such role' },
  noParent: { zh: '上级角色不存在', en: 'The parent role does not exist' },
  cycle: { zh: '上级角色不能是自己或自己的下级', en: 'A role cannot be placed under itself or its descendants' },
  reserved: {
    zh: '只有超级管理员可以设置 administrator 别名',
    en: 'Only an administrator may use the administrator alias',
  },
  adminRole: { zh: '超级管理员角色不可删除', en: 'The administrator role cannot be removed' },
  hasChildren: { zh: '请先删除子节点', en: 'Remove its children first' },
  unknownMenu: { zh: '所选菜单不存在', en: 'A selected menu does not exist' },
  outsidePackage: { zh: '所选菜单超出租户产品包范围', en: "A selected menu is outside the tenant's package" },
  unknownScope: { zh: '所选权限不存在', en: 'A selected scope rule does not exist' },
} as const;

type NodeRow = { id: string; parent_id: string; title: string };
/** What a grant replaces: menus, data scopes, API scopes (each an id list). */
type Grants = Partial<Record<'menuIds' | 'dataScopeIds' | 'apiScopeIds', string[]>>;
/** blade_role_scope.scope_category of data-scope and API-scope rules. */
const SCOPE_DATA = 1;
const SCOPE_API = 2;

export function registerRole(app: FastifyInstance, platform: Platform) {
  const grantsChanged = () => invalidateMenus(platform);
  const resource = createResource(platform, role, {
    async beforeSave({ q, isNew, body, values }) {
      if (values.roleAlias === ADMIN_ROLE_ALIAS && !isAdministrator()) throw forbidden(MSG.reserved);
      if (values.parentId === null) values.parentId = '0';
      if (values.parentId !== undefined && values.parentId !== '0') {
        await checkParent(q, String(values.parentId), isNew ? undefined : String(body.id));
      }
    },
    afterSave: grantsChanged,
    async afterRemove({ q, ids }) {
      const admin = await q.query('select 1 from blade_role where id = any($1::bigint[]) and role_alias = $2', [
        ids,
        ADMIN_ROLE_ALIAS,
      ]);
      if (admin.length) throw badRequest(MSG.adminRole);
      const children = await q.query(
        'select 1 from blade_role where parent_id = any($1::bigint[]) and is_deleted = 0',
        [ids],
      );
      if (children.length) throw badRequest(MSG.hasChildren);
      await q.query('delete from blade_role_menu where role_id = any($1::bigint[])', [ids]);
      await q.query('delete from blade_role_scope where role_id = any($1::bigint[])', [ids]);
      await grantsChanged();
    },
  });
  // `list` answers SpringBlade's tree of the matching roles (forest.ts), each with its parent's name as RoleWrapper
  // gives it (顶级 at the top); the rest as every resource.
  mountResource(app, resource, { ownList: true });
  mountForestList(app, resource, (rows) => withParentNames(platform, rows));
  const base = '/api/blade-system/role';
  const inTenant = inCallerTenant(platform);
  type Q = { Querystring: Record<string, string | undefined> };

  const treeOf = (tenantId: string) =>
    platform.db.scoped(tenantId, (q) =>
      q.query<NodeRow>(
        `select id, parent_id, role_name as title from blade_role where tenant_id = $1 and is_deleted = 0
          order by sort, id`,
        [tenantId],
      ),
    );

  app.get<Q>(`${base}/tree`, { config: { title: '角色树' } }, async (req) => {
    const tenantId = req.query.tenantId && isPlatformAdmin() ? String(req.query.tenantId) : ctx().tenantId;
    return ok(nodeTree(await treeOf(tenantId)));
  });

  // The role tree of the tenant a role belongs to: the user screen of another tenant picks from it.
  app.get<Q>(`${base}/tree-by-id`, { config: { title: '角色树' } }, async (req) => {
    const roleId = oneId(req.query.roleId, 'roleId');
    const scope = isPlatformAdmin() ? '*' : ctx().tenantId;
    const [found] = await platform.db.scoped(scope, (q) =>
      q.query<{ tenant_id: string }>('select tenant_id from blade_role where id = $1 and is_deleted = 0', [roleId]),
    );
    if (!found) throw notFound(MSG.noRole);
    return ok(nodeTree(await treeOf(found.tenant_id)));
  });

  // Roles for a picker; with userId, the roles that user holds (the switch-role dialog).
  app.get<Q>(`${base}/select`, { config: { title: '角色下拉' } }, async (req) => {
    const userId = req.query.userId ? oneId(req.query.userId, 'userId') : null;
    return ok(
      await inTenant((q, tenantId) =>
        q.query(
          `select ${resource.model.selectList} from blade_role r where tenant_id = $1 and is_deleted = 0
              and ($2::bigint is null or id::text = any(
                select unnest(string_to_array(u.role_id, ',')) from blade_user u where u.id = $2 and u.tenant_id = $1))
            order by sort, id`,
          [tenantId, userId],
        ),
      ),
    );
  });

  /**
   * Replaces what the roles hold of each kind given; a kind left undefined stays as it is
   * (grant-data-permission changes the data scopes only, as BladeX's does). The ids are what a
   * client's checkbox tree ticks (role-tree-keys): a menu is stored with its ancestors in the grant
   * tree (the half-ticked parents, which a client need not send: routes build from them), and the
   * menus of the scope trees, context for their rules, are never stored.
   */
  const grant = async (input: Record<string, unknown>, kinds: (keyof Grants)[]) => {
    const roleIds = idList(input.roleIds, NONE_SELECTED);
    const grants: Grants = {};
    for (const kind of kinds) grants[kind] = idList(input[kind]);
    const trees = await grantTrees(platform);
    const rulesOnly = (ids: string[], tree: TreeNode<FlatNode>[]) => {
      const context = new Set(
        treeNodes(tree)
          .filter((n) => n.children?.length)
          .map((n) => n.id),
      );
      return ids.filter((id) => !context.has(id));
    };
    if (grants.dataScopeIds) grants.dataScopeIds = rulesOnly(grants.dataScopeIds, trees.dataScope);
    if (grants.apiScopeIds) grants.apiScopeIds = rulesOnly(grants.apiScopeIds, trees.apiScope);
    const roleNames = await platform.db.tx(ctx().tenantId, async (q) => {
      const names = await checkRoles(q, roleIds);
      if (grants.menuIds) {
        await checkMenus(q, grants.menuIds);
        grants.menuIds = [...new Set([...grants.menuIds, ...withAncestors(grants.menuIds, parentsIn(trees.menu))])];
      }
      if (grants.dataScopeIds) await checkExisting(q, 'blade_scope_data', grants.dataScopeIds);
      if (grants.apiScopeIds) await checkExisting(q, 'blade_scope_api', grants.apiScopeIds);
      if (grants.menuIds) {
        await q.query('delete from blade_role_menu where role_id = any($1::bigint[])', [roleIds]);
        for (const roleId of roleIds) {
          for (const menuId of grants.menuIds) {
            await q.query('insert into blade_role_menu (id, menu_id, role_id) values ($1, $2, $3)', [
              nextId(),
              menuId,
              roleId,
            ]);
          }
        }
      }
      for (const [category, ids] of [
        [SCOPE_DATA, grants.dataScopeIds],
        [SCOPE_API, grants.apiScopeIds],
      ] as const) {
        if (!ids) continue;
        await q.query('delete from blade_role_scope where role_id = any($1::bigint[]) and scope_category = $2', [
          roleIds,
          category,
        ]);
        for (const roleId of roleIds) {
          for (const scopeId of ids) {
            await q.query(
              'insert into blade_role_scope (id, scope_category, scope_id, role_id) values ($1, $2, $3, $4)',
              [nextId(), category, scopeId, roleId],
            );
          }
        }
      }
      return names;
    });
    await grantsChanged();
    const counts = [
      grants.menuIds && `菜单 ${grants.menuIds.length} 个`,
      grants.dataScopeIds && `数据权限 ${grants.dataScopeIds.length} 个`,
      grants.apiScopeIds && `接口权限 ${grants.apiScopeIds.length} 个`,
    ].filter(Boolean);
    platform.logs.event('info', 'role.grant', `为角色 ${roleNames.join('、')} 设置权限：${counts.join('，')}`);
    return ok(true, { zh: '授权成功', en: 'Granted' });
  };

  app.post<{ Body: Record<string, unknown> | undefined }>(
    `${base}/grant`,
    { config: { title: '角色权限设置', button: 'role_grant' } },
    (req) => grant(req.body ?? {}, ['menuIds', 'dataScopeIds', 'apiScopeIds']),
  );

  // BladeX's data-permission grant: roleIds and dataScopeIds, in the body or the query.
  app.post<{ Querystring: Record<string, unknown>; Body: Record<string, unknown> | undefined }>(
    `${base}/grant-data-permission`,
    { config: { title: '角色数据权限设置', button: 'role_grant' } },
    (req) => grant({ ...req.query, ...(req.body ?? {}) }, ['dataScopeIds']),
  );

  /**
   * The ids a role holds, to tick them in the grant dialog's three trees: the fully held nodes of each
   * (fullyHeld), which a cascading tree and a strictly checked one both send back unchanged; the grant
   * derives the half-held parents again. `menuHeldAlone`, the menus held without any of their buttons or
   * children, is ours: no cascading tree can tick them (they would stand for their whole subtree), our
   * own grant dialog shows them half-ticked and sends them back.
   */
  app.get<Q>('/api/blade-system/menu/role-tree-keys', { config: { title: '角色所分配的树' } }, async (req) => {
    const roleIds = idList(req.query.roleIds, NONE_SELECTED);
    const [trees, [menus, scopes]] = await Promise.all([
      grantTrees(platform),
      inTenant(async (q) => {
        await checkRoles(q, roleIds);
        return Promise.all([
          q.query<{ id: string }>(
            'select distinct menu_id::text as id from blade_role_menu where role_id = any($1::bigint[])',
            [roleIds],
          ),
          q.query<{ id: string; category: number }>(
            `select distinct scope_id::text as id, scope_category as category from blade_role_scope
              where role_id = any($1::bigint[])`,
            [roleIds],
          ),
        ]);
      }),
    ]);
    const heldMenus = new Set(menus.map((m) => m.id));
    /** The rules held that the scope tree shows: its leaves (the menus above them are context). */
    const rules = (category: number, tree: TreeNode<FlatNode>[]) => {
      const held = new Set(scopes.filter((s) => s.category === category).map((s) => s.id));
      return treeNodes(tree)
        .filter((n) => !n.children?.length && held.has(n.id))
        .map((n) => n.id);
    };
    return ok({
      menu: fullyHeld(trees.menu, heldMenus),
      dataScope: rules(SCOPE_DATA, trees.dataScope),
      apiScope: rules(SCOPE_API, trees.apiScope),
      menuHeldAlone: heldAlone(trees.menu, heldMenus),
    });
  });
}

/**
 * A tenant's live role by alias (the oldest of that alias), made at the top of its role tree with
 * no grants when the tenant has none; `created` tells the caller to give a new one its grants.
 */
export async function roleByAlias(
  q: Queryable,
  tenantId: string,
  role: { alias: string; name: string; sort: number },
): Promise<{ id: string; created: boolean }> {
  const [found] = await q.query<{ id: string }>(
    'select id::text from blade_role where tenant_id = $1 and role_alias = $2 and is_deleted = 0 order by id limit 1',
    [tenantId, role.alias],
  );
  if (found) return { id: found.id, created: false };
  const id = nextId();
  await q.query(
    'insert into blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) values ($1, $2, 0, $3, $4, $5)',
    [id, tenantId, role.name, role.alias, role.sort],
  );
  return { id, created: true };
}

/** SpringBlade's name of a top role's parent (CommonConstant.TOP_PARENT_NAME). */
const TOP_PARENT_NAME = '顶级';

/** Each role's `parentName`: 顶级 at the top, else its parent's name (read in the caller's tenant when not listed). */
async function withParentNames(platform: Platform, rows: ForestRow[]): Promise<ForestRow[]> {
  const names = new Map(rows.map((r) => [r.id, String(r.roleName ?? '')]));
  const missing = [...new Set(rows.map((r) => r.parentId).filter((id) => id !== '0' && !names.has(id)))];
  if (missing.length) {
    const tenantId = ctx().tenantId;
    const found = await platform.db.scoped(tenantId, (q) =>
      q.query<{ id: string; name: string }>(
        'select id::text as id, role_name as name from blade_role where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0',
        [missing, tenantId],
      ),
    );
    for (const f of found) names.set(f.id, f.name);
  }
  return rows.map((r) => ({ ...r, parentName: r.parentId === '0' ? TOP_PARENT_NAME : (names.get(r.parentId) ?? '') }));
}

/** Every role must be a live role of the caller's tenant; answers their names (for the usual log). */
async function checkRoles(q: Queryable, roleIds: string[]): Promise<string[]> {
  const rows = await q.query<{ role_name: string }>(
    'select role_name from blade_role where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0 order by sort, id',
    [roleIds, ctx().tenantId],
  );
  if (rows.length !== roleIds.length) throw notFound(MSG.noRole);
  return rows.map((r) => r.role_name);
}

/**
 * Menus must exist, and a tenant other than the platform's may grant only menus of its package
 * that are not the platform's alone.
 */
export async function checkMenus(q: Queryable, menuIds: string[]) {
  if (!menuIds.length) return;
  await checkExisting(q, 'blade_menu', menuIds, MSG.unknownMenu);
  const tenantId = ctx().tenantId;
  if (tenantId === PLATFORM_TENANT) return;
  const allowed = await tenantMenus(q, tenantId);
  if (!menuIds.every((id) => allowed.has(id))) throw badRequest(MSG.outsidePackage);
}

async function checkExisting(q: Queryable, table: string, ids: string[], message: Bilingual = MSG.unknownScope) {
  if (!ids.length) return;
  const [{ n }] = await q.query<{ n: number }>(
    `select count(*)::int as n from ${table} where id = any($1::bigint[]) and is_deleted = 0`,
    [ids],
  );
  if (n !== ids.length) throw badRequest(message);
}

/** The parent must be a live role of the tenant, and not the role itself or one of its descendants. */
async function checkParent(q: Queryable, parentId: string, self: string | undefined) {
  const rows = await q.query<{ id: string; parent_id: string }>(
    'select id, parent_id from blade_role where tenant_id = $1 and is_deleted = 0',
    [ctx().tenantId],
  );
  const parentOf = new Map(rows.map((r) => [String(r.id), String(r.parent_id)]));
  if (!parentOf.has(parentId)) throw badRequest(MSG.noParent);
  const seen = new Set<string>();
  for (let id: string | undefined = parentId; id && id !== '0' && !seen.has(id); id = parentOf.get(id)) {
    if (id === self) throw badRequest(MSG.cycle);
    seen.add(id);
  }
}
