-- The system menus at BladeX's paths (issue 35.6): a Saber console finds its views by a menu's path
-- (views/authority/role, ...), so 角色管理, 数据权限 and 接口权限 move to /authority/* under a new 权限管理 folder,
-- 行政区划 to /base/region under a new 基础配置 folder, 开发工具's folder and screens to /tool, /tool/code and
-- /tool/datasource, and 报表管理 to /report/reportlist under a new folder at /report (SpringBlade's blade_menu rows;
-- seed/menus.ts holds the same). Every row keeps its id, so every grant stays as it is: role grants, top menus,
-- tenant packages and the scopes hang on ids. The new folders are granted wherever a menu moved into them is (a
-- granted menu's folders are stored with it, as a grant written through the console stores them), in every
-- tenant. Each field moves only while it is still the previous release's: an operator's own path, parent or
-- order stays. update_time is left alone: a row only seeds and migrations wrote still reads as never edited
-- (seed/menus.ts seedMenus), and the seed records these rows as this release's at the next start.

select set_config('park.tenant_id', '*', true);

create temporary table saber_moved (
  id bigint primary key,
  old_path varchar(255) not null,
  new_path varchar(255) not null,
  old_parent bigint not null,
  new_parent bigint not null,
  new_sort int not null
) on commit drop;

insert into saber_moved values
  -- 角色管理, 数据权限, 接口权限: 系统管理 -> 权限管理
  (1164733726330446503, '/system/role', '/authority/role', 1164733622722878573, 1164733032198732015, 1),
  (1164733271650104714, '/system/datascope', '/authority/datascope', 1164733622722878573, 1164733032198732015, 2),
  (1164733374853951909, '/system/apiscope', '/authority/apiscope', 1164733622722878573, 1164733032198732015, 3),
  -- 行政区划: 系统管理 -> 基础配置
  (1164733618233680229, '/system/region', '/base/region', 1164733622722878573, 1164733068251944203, 1),
  -- 代码生成, 数据源管理: 开发工具, in place
  (1164733542232268796, '/develop/code', '/tool/code', 1164733885758379859, 1164733885758379859, 1),
  (1164733039159069975, '/develop/datasource', '/tool/datasource', 1164733885758379859, 1164733885758379859, 2),
  -- 报表管理: 开发工具 -> 报表中心
  (1164733815810281097, '/develop/report', '/report/reportlist', 1164733885758379859, 1164733776589237476, 1);

-- The new folders, as the seed makes them, on a database that has the menus (a new one gets them from the seed).
insert into blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open)
select f.id, 0, f.code, f.name, 'menu', f.path, f.source, f.sort, 1, 0, 1
  from (values
    (1164733032198732015, 'authority', '权限管理', '/authority', 'safety-certificate', 14),
    (1164733068251944203, 'base', '基础配置', '/base', 'global', 15),
    (1164733776589237476, 'reports', '报表中心', '/report', 'file-excel', 19)
  ) as f(id, code, name, path, source, sort)
 where exists (select 1 from blade_menu m join saber_moved v on v.id = m.id and v.new_parent = f.id)
   and not exists (select 1 from blade_menu m where m.id = f.id)
   and not exists (select 1 from blade_menu m where m.code = f.code and m.is_deleted = 0);

-- 开发工具's folder takes BladeX's /tool, and its place after the new folders before it.
update blade_menu set path = '/tool' where id = 1164733885758379859 and path = '/develop';
update blade_menu set sort = 18 where id = 1164733885758379859 and sort = 16;

-- Each screen into its folder (when that folder is there and live) and to its path; its buttons' paths follow.
update blade_menu m set parent_id = v.new_parent, sort = v.new_sort
  from saber_moved v
 where m.id = v.id and m.parent_id = v.old_parent and v.new_parent <> v.old_parent
   and exists (select 1 from blade_menu f where f.id = v.new_parent and f.is_deleted = 0);
update blade_menu b set path = v.new_path || substr(b.path, length(v.old_path) + 1)
  from saber_moved v
 where b.parent_id = v.id and b.category = 2 and b.path like v.old_path || '/%';
update blade_menu m set path = v.new_path from saber_moved v where m.id = v.id and m.path = v.old_path;

-- Grants of the new folders, wherever a menu or button now below one is held: roles (of every tenant), top menus
-- and tenant packages. A new row's id is derived from what it joins, so it is the same on every database.
create temporary table saber_below on commit drop as
select m.id, m.parent_id as folder from blade_menu m
 where m.id in (select id from saber_moved) and m.parent_id in (1164733032198732015, 1164733068251944203, 1164733776589237476)
union
select b.id, m.parent_id from blade_menu b join blade_menu m on m.id = b.parent_id
 where m.id in (select id from saber_moved) and m.parent_id in (1164733032198732015, 1164733068251944203, 1164733776589237476);

insert into blade_role_menu (id, menu_id, role_id)
select ('x' || substr(md5('role-menu:' || g.role_id || ':' || g.folder), 1, 15))::bit(60)::bigint, g.folder, g.role_id
  from (select distinct rm.role_id, s.folder from blade_role_menu rm join saber_below s on s.id = rm.menu_id) g
 where not exists (select 1 from blade_role_menu x where x.role_id = g.role_id and x.menu_id = g.folder);

insert into blade_top_menu_setting (id, top_menu_id, menu_id)
select ('x' || substr(md5('top-menu:' || g.top_menu_id || ':' || g.folder), 1, 15))::bit(60)::bigint, g.top_menu_id,
       g.folder
  from (select distinct t.top_menu_id, s.folder from blade_top_menu_setting t join saber_below s on s.id = t.menu_id) g
 where not exists (select 1 from blade_top_menu_setting x where x.top_menu_id = g.top_menu_id and x.menu_id = g.folder);

with lists as (
  select p.id, string_to_array(replace(p.menu_id, ' ', ''), ',') as ids from blade_tenant_package p
   where coalesce(p.menu_id, '') <> ''),
added as (
  select l.id, string_agg(distinct s.folder::text, ',') as folders from lists l join saber_below s on s.id::text = any(l.ids)
   where not (s.folder::text = any(l.ids))
   group by l.id)
update blade_tenant_package p set menu_id = p.menu_id || ',' || a.folders from added a where a.id = p.id;

-- Top menus and navigation tiles that open a moved screen open it at its new path.
update blade_top_menu t set path = v.new_path from saber_moved v where t.path = v.old_path;
update blade_navigate n set path = v.new_path from saber_moved v where n.path = v.old_path;
