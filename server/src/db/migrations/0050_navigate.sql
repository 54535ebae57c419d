-- Navigation (导航管理, spec part 1): the quick-navigation tiles of each tenant's home page.
-- A tile opens a console path (shown only to users who have that menu) or an http(s) address.
create table blade_navigate (
  id bigint primary key,
  tenant_id varchar(12) not null,
  name varchar(64) not null,
  source varchar(255),             -- the icon, named as a menu's
  path varchar(500) not null,
  category varchar(64),            -- the group the home page shows the tile under
  sort int not null default 1,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index blade_navigate_sorted on blade_navigate (tenant_id, sort, id) where is_deleted = 0;
select park_tenant_table('blade_navigate');

-- The attachment screen (/resource/attach) lists a tenant's files newest first and searches them by name.
create index park_attachment_recent on park_attachment (tenant_id, create_time desc, id desc) where is_deleted = 0;
