-- The buttons a Saber console asks for (issue 35): 权限配置 on 数据权限 and 接口权限 (data_scope_setting,
-- api_scope_setting: without them its scope screens show no 权限配置) and 调试 on 行政区划 (region_debug), as
-- SpringBlade's blade_menu names them. seed/menus.ts holds the same rows (same ids, derived from the codes), so a
-- new database gets them from the seed; this brings them to a database that has the menus, and grants them to the
-- administrator roles as BladeX's upgrade scripts do: the platform's for the platform-only scope screens, every
-- tenant's for 调试 (a read-only dialog). A new grant row's id is derived from what it joins.

select set_config('park.tenant_id', '*', true);

insert into blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open)
select b.id, m.id, b.code, b.name, b.alias, m.path || '/' || b.alias, b.source, 5, 2, 2, 1
  from (values
    (1164733619382627228, 'data_scope', 'data_scope_setting', '权限配置', 'scope_setting', 'setting'),
    (1164733938060658556, 'api_scope', 'api_scope_setting', '权限配置', 'scope_setting', 'setting'),
    (1164733255906736865, 'region', 'region_debug', '调试', 'debug', 'bug')
  ) as b(id, parent_code, code, name, alias, source)
  join blade_menu m on m.code = b.parent_code and m.is_deleted = 0 and m.category = 1
 where not exists (select 1 from blade_menu x where x.id = b.id)
   and not exists (select 1 from blade_menu x where x.code = b.code and x.is_deleted = 0);

insert into blade_role_menu (id, menu_id, role_id)
select ('x' || substr(md5('role-menu:' || r.id || ':' || b.id), 1, 15))::bit(60)::bigint, b.id, r.id
  from blade_role r
  join blade_menu b on b.id in (1164733619382627228, 1164733938060658556, 1164733255906736865) and b.is_deleted = 0
 where r.role_alias = 'administrator' and r.is_deleted = 0
   and (r.tenant_id = '000000' or b.code = 'region_debug')
   and not exists (select 1 from blade_role_menu x where x.role_id = r.id and x.menu_id = b.id);
