import type { DataScopeRule } from '../resources/data-scope.ts';
import { isAdministrator, type RequestContext } from './context.ts';
import { ALL_TENANTS } from './db.ts';
import { PLATFORM_TENANT } from './params.ts';
import type { Platform } from './platform.ts';
import { platformOnly } from './route-access.ts';

/**
 * What a caller's roles allow beyond logging in: the button codes they hold and the
 * API-scope rules that fence paths off. Read once per role set and cached until a
 * grant, menu or scope changes (`invalidatePermissions`).
 */
export interface Permissions {
  /**
   * Whether one of these screens (menu paths) is open to the caller: granted to a role (a
   * granted button opens its menu), or every menu for the administrator role, always within
   * the tenant's package.
   */
  mayOpen(menuPaths: string[]): boolean;
  buttons: Set<string>;
  /** Data-scope rules by resource code (the catalog entity key). */
  dataScopes: Map<string, DataScopeRule[]>;
  /** True when some role holds an API-scope rule for this path and the caller's roles hold none of them. */
  apiScopeDenies(path: string): boolean;
}

const CACHE = 'permissions';

/**
 * The paths of the menus a caller may open, as the sidebar shows them: the granted menus and
 * buttons (all for the administrator, $3) within the tenant's package, and their ancestors.
 */
const OPEN_SCREENS_SQL = `with recursive
  package as (
    select string_to_array(replace(p.menu_id, ' ', ''), ',') as ids from blade_tenant t
      join blade_tenant_package p on p.id = t.package_id and p.is_deleted = 0
     where t.tenant_id = $2 and t.is_deleted = 0 limit 1),
  allowed as (
    select m.id, m.parent_id from blade_menu m
     where m.is_deleted = 0
       and ($3 or exists (select 1 from blade_role_menu rm where rm.menu_id = m.id and rm.role_id = any($1::bigint[])))
       and (not exists (select 1 from package) or exists (select 1 from package p where m.id::text = any(p.ids)))),
  reachable as (
    select id, parent_id from allowed
    union
    select m.id, m.parent_id from blade_menu m join reachable r on m.id = r.parent_id where m.is_deleted = 0)
  select distinct m.path from blade_menu m join reachable r on r.id = m.id
   where m.category = 1 and m.path is not null and m.path <> ''`;

export function permissionsOf(platform: Platform, caller: RequestContext): Promise<Permissions> {
  const roleIds = [...caller.roleIds].sort();
  const admin = isAdministrator(caller);
  return platform.cache.get(CACHE, `${caller.tenantId}:${admin ? '*' : roleIds.join(',')}`, async () => {
    const [screens, buttons, scopes, dataRules] = await platform.db.scoped(ALL_TENANTS, (q) =>
      Promise.all([
        q.query<{ path: string }>(OPEN_SCREENS_SQL, [roleIds, caller.tenantId, admin]),
        q.query<{ code: string }>(
          // Granted buttons within the tenant's package (no package: no limit).
          `select distinct m.code from blade_menu m join blade_role_menu rm on rm.menu_id = m.id
             left join (select p.menu_id from blade_tenant t
                          join blade_tenant_package p on p.id = t.package_id and p.is_deleted = 0
                         where t.tenant_id = $2 and t.is_deleted = 0 limit 1) pkg on true
            where m.category = 2 and m.is_deleted = 0 and rm.role_id = any($1::bigint[])
              and (pkg.menu_id is null or m.id::text = any(string_to_array(replace(pkg.menu_id, ' ', ''), ',')))`,
          [roleIds, caller.tenantId],
        ),
        q.query<{ scope_path: string; granted: boolean }>(
          `select s.scope_path,
                  bool_or(rs.role_id = any($1::bigint[])) as granted
             from blade_scope_api s
             left join blade_role_scope rs on rs.scope_id = s.id and rs.scope_category = 2
            where s.is_deleted = 0
            group by s.scope_path`,
          [roleIds],
        ),
        q.query<{ resource_code: string; scope_column: string; scope_type: number; scope_value: string | null }>(
          `select distinct s.resource_code, s.scope_column, s.scope_type, s.scope_value
             from blade_scope_data s join blade_role_scope rs on rs.scope_id = s.id and rs.scope_category = 1
            where s.is_deleted = 0 and rs.role_id = any($1::bigint[])`,
          [roleIds],
        ),
      ]),
    );
    const dataScopes = new Map<string, DataScopeRule[]>();
    for (const r of dataRules) {
      const rule = { scopeColumn: r.scope_column, scopeType: r.scope_type, scopeValue: r.scope_value };
      dataScopes.set(r.resource_code, [...(dataScopes.get(r.resource_code) ?? []), rule]);
    }
    const fenced = scopes.filter((s) => !s.granted).map((s) => s.scope_path);
    // The platform's own screens and write buttons never open to another tenant, whatever it was granted.
    const foreign = caller.tenantId !== PLATFORM_TENANT;
    const open = new Set(screens.map((s) => s.path).filter((p) => !(foreign && platformOnly.screens.has(p))));
    return {
      mayOpen: (menuPaths) => menuPaths.some((p) => open.has(p)),
      buttons: new Set(buttons.map((b) => b.code).filter((c) => !reservedButton(caller, c))),
      dataScopes,
      apiScopeDenies: (path) => fenced.some((p) => pathMatches(p, path)),
    };
  });
}

/**
 * Whether a button is the platform tenant's alone (route-access.ts `platformOnly`) and the caller
 * of another tenant: refused even to that tenant's administrator role, which passes every other check.
 */
export function reservedButton(caller: RequestContext, code: string): boolean {
  return caller.tenantId !== PLATFORM_TENANT && platformOnly.buttons.has(code);
}

/**
 * Scope paths are API paths, with or without /api and with or without the leading slash (`blade-user/export-user`,
 * as an operator may type it), and may end in /** for a whole subtree.
 */
export function pathMatches(scopePath: string, path: string): boolean {
  const norm = (p: string) => {
    const bare = p.trim().split('?')[0];
    return (bare.startsWith('/') ? bare : `/${bare}`).replace(/^\/api(?=\/)/, '');
  };
  const rule = norm(scopePath);
  const target = norm(path);
  return rule.endsWith('/**') ? target.startsWith(rule.slice(0, -2)) : target === rule;
}

export function invalidatePermissions(platform: Platform): Promise<void> {
  return platform.cache.invalidate(CACHE);
}
