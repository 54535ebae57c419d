-- Menus become an ordinary (platform-wide) catalog entity with the common audit columns,
-- so the resource engine can list, validate and write them like every other table.
alter table blade_menu
  add column create_user bigint,
  add column create_dept bigint,
  add column create_time timestamp(0) not null default localtimestamp(0),
  add column update_user bigint,
  add column update_time timestamp(0) not null default localtimestamp(0),
  add column status int not null default 1;
create unique index blade_menu_code on blade_menu (code) where is_deleted = 0;
