-- Code generation (spec parts 1 and 7, BladeX's blade_code): each tenant's generator configurations,
-- one per table to generate this project's entity, screen and menu for. BladeX's Java-only columns
-- (service_name, base_mode, wrap_mode, sub-table and tree template columns) are left out (docs/decisions.md).
create table blade_code (
  id bigint primary key,
  tenant_id varchar(12) not null,
  datasource_id bigint,            -- blade_datasource; null: the console's own database
  code_name varchar(64) not null,
  table_name varchar(64) not null,
  table_prefix varchar(64),
  pk_name varchar(32) not null default 'id',
  package_name varchar(64) not null,
  api_path varchar(255) not null,
  web_path varchar(255) not null,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index blade_code_recent on blade_code (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('blade_code');
