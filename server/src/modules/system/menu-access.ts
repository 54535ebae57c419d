import { isAdministrator, type RequestContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { invalidatePermissions } from '../../platform/permissions.ts';
import type { Platform } from '../../platform/platform.ts';
import { buildTree, type FlatNode, type TreeNode, withAncestors } from '../../platform/tree.ts';

/**
 * Which menus a caller sees (CONTRACT.md "Menus and permissions"): the administrator
 * role sees all; other roles see their granted menus plus ancestors; both narrowed to
 * the tenant's package and, when asked, to one top menu. Each answer is two queries,
 * shaped in memory and cached per tenant, role set and top menu until menus or grants change.
 */
export interface MenuNode extends FlatNode {
  code: string;
  name: string;
  alias: string | null;
  path: string | null;
  source: string | null;
  component: string | null;
  sort: number;
  /** 1 menu, 2 button. */
  category: number;
  action: number;
  isOpen: number;
  remark: string | null;
}

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  source: string | null;
  path: string | null;
  sort: number;
}

export const MENU_CACHE = 'menu';

/** Every write to menus, top menus, packages or role grants calls this: menus and button permissions change together. */
export async function invalidateMenus(platform: Platform): Promise<void> {
  await Promise.all([platform.cache.invalidate(MENU_CACHE), invalidatePermissions(platform)]);
}

/**
 * The menu ids of a tenant's package, or undefined when the tenant has none (then nothing is
 * cut). Read on the caller's open scope or transaction.
 */
export async function packageMenus(q: Queryable, tenantId: string): Promise<Set<string> | undefined> {
  const [pkg] = await q.query<{ menu_id: string | null }>(
    `select p.menu_id from blade_tenant t join blade_tenant_package p on p.id = t.package_id and p.is_deleted = 0
      where t.tenant_id = $1 and t.is_deleted = 0 limit 1`,
    [tenantId],
  );
  if (!pkg?.menu_id) return undefined;
  return new Set(
    pkg.menu_id
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

const MENU_COLUMNS = `id, parent_id as "parentId", code, name, alias, path, source, component, sort, category,
  action, is_open as "isOpen", remark`;

/** The caller's grants, the tenant's package (comma list, null when none) and a top menu's menus (empty when not asked). */
const ACCESS_SQL = `select
  (select coalesce(array_agg(distinct menu_id::text), '{}') from blade_role_menu
    where role_id = any($1::bigint[])) as granted,
  (select p.menu_id from blade_tenant t join blade_tenant_package p on p.id = t.package_id and p.is_deleted = 0
    where t.tenant_id = $2 and t.is_deleted = 0 limit 1) as package,
  (select coalesce(array_agg(s.menu_id::text), '{}') from blade_top_menu_setting s
     join blade_top_menu m on m.id = s.top_menu_id and m.is_deleted = 0 and m.tenant_id = $2
    where $3::bigint is not null and s.top_menu_id = $3::bigint) as top`;

interface Access {
  granted: string[];
  package: string | null;
  top: string[];
}

interface Snapshot {
  menus: MenuNode[];
  admin: boolean;
  access: Access;
}

/** All live menus (sorted) and the caller's access, read together in one scope. */
async function snapshot(platform: Platform, caller: RequestContext, topMenuId?: string): Promise<Snapshot> {
  const admin = isAdministrator(caller);
  const [menus, [access]] = await platform.db.scoped(caller.tenantId, (q) =>
    Promise.all([
      q.query<MenuNode & Record<string, unknown>>(
        `select ${MENU_COLUMNS} from blade_menu where is_deleted = 0 order by sort, id`,
      ),
      q.query<Access & Record<string, unknown>>(ACCESS_SQL, [
        admin ? [] : caller.roleIds,
        caller.tenantId,
        topMenuId ?? null,
      ]),
    ]),
  );
  return { menus, admin, access };
}

function cacheKey(kind: string, caller: RequestContext, topMenuId = ''): string {
  const roles = isAdministrator(caller) ? '*' : [...caller.roleIds].sort().join(',');
  return `${kind}:${caller.tenantId}:${roles}:${topMenuId}`;
}

/**
 * The menu ids the caller may reach before ancestors are added, or undefined for every
 * menu: the role grants (all for the administrator), the tenant's package, the top menu.
 * The package binds a tenant's administrator too, or it would sell nothing.
 */
function allowed({ admin, access }: Snapshot, topMenuId?: string): Set<string> | undefined {
  const limits = [
    admin ? undefined : access.granted,
    access.package === null ? undefined : access.package.split(',').map((s) => s.trim()),
    topMenuId ? access.top : undefined,
  ].flatMap((ids) => (ids ? [new Set(ids)] : []));
  if (limits.length === 0) return undefined;
  const [first, ...rest] = limits;
  return new Set([...first].filter((id) => rest.every((limit) => limit.has(id))));
}

/** The sidebar: category-1 menus the caller may see, as a tree sorted by `sort`. */
export function routesOf(
  platform: Platform,
  caller: RequestContext,
  topMenuId?: string,
): Promise<TreeNode<MenuNode>[]> {
  return platform.cache.get(MENU_CACHE, cacheKey('routes', caller, topMenuId), async () => {
    const snap = await snapshot(platform, caller, topMenuId);
    const ids = allowed(snap, topMenuId);
    const visible = ids && withAncestors(ids, new Map(snap.menus.map((m) => [m.id, m.parentId])));
    return buildTree(snap.menus.filter((m) => m.category === 1 && (!visible || visible.has(m.id))));
  });
}

/** The caller's buttons (every one for the administrator) within the tenant's package, each under its own menu. */
export function buttonsOf(platform: Platform, caller: RequestContext): Promise<TreeNode<MenuNode>[]> {
  return platform.cache.get(MENU_CACHE, cacheKey('buttons', caller), async () => {
    const snap = await snapshot(platform, caller);
    const ids = allowed(snap);
    const buttons = snap.menus.filter((m) => m.category === 2 && (!ids || ids.has(m.id)));
    const keep = new Set(buttons.flatMap((b) => [b.id, b.parentId]));
    return buildTree(snap.menus.filter((m) => keep.has(m.id)));
  });
}

/** The caller's tenant's top menus, sorted. */
export function topMenusOf(platform: Platform, caller: RequestContext): Promise<TopMenu[]> {
  return platform.cache.get(MENU_CACHE, `top:${caller.tenantId}`, () =>
    platform.db.scoped(caller.tenantId, (q) =>
      q.query<TopMenu & Record<string, unknown>>(
        `select id, code, name, source, path, sort from blade_top_menu
          where tenant_id = $1 and is_deleted = 0 order by sort, id`,
        [caller.tenantId],
      ),
    ),
  );
}
