import { isAdministrator, type RequestContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { PLATFORM_TENANT } from '../../platform/params.ts';
import { invalidatePermissions } from '../../platform/permissions.ts';
import type { Platform } from '../../platform/platform.ts';
import { platformOnly } from '../../platform/route-access.ts';
import { buildTree, type FlatNode, type TreeNode, withAncestors } from '../../platform/tree.ts';
import { node } from '../../resources/tree.ts';

/**
 * Which menus a caller sees (CONTRACT.md "Menus and permissions"): the administrator
 * role sees all; other roles see their granted menus plus ancestors; both narrowed to
 * the tenant's package, to what is not the platform's alone and, when asked, to one top menu. Each answer is two queries,
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

/** A menu or button row as the grant and package trees and the platform-only cut need it. */
export interface PlacedMenu {
  id: string;
  parentId: string;
  code: string;
  path: string | null;
  name: string;
  /** 1 menu, 2 button. */
  category: number;
}

/**
 * A menu row as a contract tree node (grant, package and picker trees), with its code and category
 * besides: the web names built-in menus and buttons by code in the user's language, as its sidebar does.
 */
export const menuNode = (m: Omit<PlacedMenu, 'path'>) => ({
  ...node(m.id, m.parentId, m.name),
  code: m.code,
  category: m.category,
});

/** Every live menu and button, sorted, as PlacedMenu rows. */
export function placedMenus(q: Queryable): Promise<PlacedMenu[]> {
  return q.query<PlacedMenu & Record<string, unknown>>(
    `select id::text, parent_id::text as "parentId", code, path, name, category from blade_menu
      where is_deleted = 0 order by sort, id`,
  );
}

/**
 * The ids among `menus` that only the platform tenant may hold (route-access.ts `platformOnly`):
 * its own screens with everything below them, and the write buttons of the tables it shares.
 */
export function platformOnlyIds(menus: readonly Omit<PlacedMenu, 'name' | 'category'>[]): Set<string> {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const cut = new Set<string>();
  const underScreen = (m: Omit<PlacedMenu, 'name' | 'category'> | undefined, depth = 0): boolean =>
    m !== undefined &&
    depth < menus.length &&
    (platformOnly.screens.has(m.path ?? '') || underScreen(byId.get(m.parentId), depth + 1));
  for (const m of menus) if (platformOnly.buttons.has(m.code) || underScreen(m)) cut.add(m.id);
  return cut;
}

/** The platform-only cut that applies to a tenant: none for the platform tenant itself. */
export function cutFor(menus: readonly Omit<PlacedMenu, 'name' | 'category'>[], tenantId: string): Set<string> {
  return tenantId === PLATFORM_TENANT ? new Set() : platformOnlyIds(menus);
}

/**
 * The menu and button ids a tenant may hold or grant at most: its package's (every menu without
 * one), less what only the platform tenant holds. Read on the caller's open scope or transaction.
 */
export async function tenantMenus(q: Queryable, tenantId: string): Promise<Set<string>> {
  const [menus, inPackage] = await Promise.all([placedMenus(q), packageMenus(q, tenantId)]);
  const cut = cutFor(menus, tenantId);
  return new Set(menus.filter((m) => !cut.has(m.id) && (!inPackage || inPackage.has(m.id))).map((m) => m.id));
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
  tenantId: string;
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
  return { menus, admin, access, tenantId: caller.tenantId };
}

function cacheKey(kind: string, caller: RequestContext, topMenuId = ''): string {
  const roles = isAdministrator(caller) ? '*' : [...caller.roleIds].sort().join(',');
  return `${kind}:${caller.tenantId}:${roles}:${topMenuId}`;
}

/**
 * The menu ids the caller may reach before ancestors are added: the role grants (all for the
 * administrator), the tenant's package, the top menu, less the platform's own menus for any
 * other tenant. The package binds a tenant's administrator too, or it would sell nothing.
 */
function allowed({ menus, admin, access, tenantId }: Snapshot, top?: readonly string[]): Set<string> {
  const limits = [
    admin ? undefined : access.granted,
    access.package === null ? undefined : access.package.split(',').map((s) => s.trim()),
    top,
  ].flatMap((ids) => (ids ? [new Set(ids)] : []));
  const cut = cutFor(menus, tenantId);
  return new Set(menus.map((m) => m.id).filter((id) => !cut.has(id) && limits.every((limit) => limit.has(id))));
}

/** The sidebar: category-1 menus the caller may see, as a tree sorted by `sort`. */
export function routesOf(
  platform: Platform,
  caller: RequestContext,
  topMenuId?: string,
): Promise<TreeNode<MenuNode>[]> {
  return platform.cache.get(MENU_CACHE, cacheKey('routes', caller, topMenuId), async () => {
    const snap = await snapshot(platform, caller, topMenuId);
    return buildTree(sidebarMenus(snap, topMenuId ? snap.access.top : undefined));
  });
}

/** The category-1 menus a sidebar shows: the allowed ones (within a top menu's, when given) and their ancestors. */
function sidebarMenus(snap: Snapshot, top?: readonly string[]): MenuNode[] {
  const visible = withAncestors(allowed(snap, top), new Map(snap.menus.map((m) => [m.id, m.parentId])));
  return snap.menus.filter((m) => m.category === 1 && visible.has(m.id));
}

/** The caller's buttons (every one for the administrator) within the tenant's package, each under its own menu. */
export function buttonsOf(platform: Platform, caller: RequestContext): Promise<TreeNode<MenuNode>[]> {
  return platform.cache.get(MENU_CACHE, cacheKey('buttons', caller), async () => {
    const snap = await snapshot(platform, caller);
    const ids = allowed(snap);
    const buttons = snap.menus.filter((m) => m.category === 2 && ids.has(m.id));
    const keep = new Set(buttons.flatMap((b) => [b.id, b.parentId]));
    return buildTree(snap.menus.filter((m) => keep.has(m.id)));
  });
}

/**
 * The caller's tenant's top menus, sorted: those whose sidebar would show the caller something. A top menu
 * holding none of the menus the caller may open (a company account's 工作台 and 系统管理) is not offered.
 */
export function topMenusOf(platform: Platform, caller: RequestContext): Promise<TopMenu[]> {
  return platform.cache.get(MENU_CACHE, cacheKey('top', caller), async () => {
    const [snap, [tops, held]] = await Promise.all([
      snapshot(platform, caller),
      platform.db.scoped(caller.tenantId, (q) =>
        Promise.all([
          q.query<TopMenu & Record<string, unknown>>(
            `select id, code, name, source, path, sort from blade_top_menu
              where tenant_id = $1 and is_deleted = 0 order by sort, id`,
            [caller.tenantId],
          ),
          q.query<{ top: string; menus: string[] }>(
            `select s.top_menu_id::text as top, array_agg(s.menu_id::text) as menus from blade_top_menu_setting s
               join blade_top_menu m on m.id = s.top_menu_id and m.is_deleted = 0 and m.tenant_id = $1
              group by s.top_menu_id`,
            [caller.tenantId],
          ),
        ]),
      ),
    ]);
    const menusOf = new Map(held.map((h) => [h.top, h.menus]));
    return tops.filter((top) => sidebarMenus(snap, menusOf.get(String(top.id)) ?? []).length > 0);
  });
}
