-- The platform: tenants, clients, users, roles, departments, posts, menus, dictionaries,
-- parameters, scopes, logs and token sessions. Every tenant-scoped table gets the same
-- row-level-security policy through park_tenant_table().

create or replace function park_tenant_table(t regclass) returns void language plpgsql as $fn$
begin
  execute format('alter table %s enable row level security', t);
  execute format('alter table %s force row level security', t);
  execute format('drop policy if exists tenant_isolation on %s', t);
  execute format(
    $p$create policy tenant_isolation on %s
       using (current_setting('park.tenant_id', true) in (tenant_id, '*'))
       with check (current_setting('park.tenant_id', true) in (tenant_id, '*'))$p$, t);
end
$fn$;

create table blade_tenant (
  id bigint primary key,
  tenant_id varchar(12) not null,
  tenant_name varchar(50) not null,
  domain varchar(255),
  background_url varchar(1000),
  linkman varchar(20),
  contact_number varchar(20),
  address varchar(255),
  account_number int not null default -1,
  expire_time timestamp(0),
  package_id bigint,
  datasource_id bigint,
  license_key varchar(1000),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create unique index blade_tenant_code on blade_tenant (tenant_id) where is_deleted = 0;

create table blade_tenant_package (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  package_name varchar(50) not null,
  menu_id text,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);

create table blade_client (
  id bigint primary key,
  client_id varchar(48) not null,
  client_secret varchar(256) not null,
  resource_ids varchar(256),
  scope varchar(256) not null default 'all',
  authorized_grant_types varchar(256) not null,
  web_server_redirect_uri varchar(256),
  authorities varchar(256),
  access_token_validity int not null default 3600,
  refresh_token_validity int not null default 604800,
  additional_information varchar(4096),
  autoapprove varchar(256),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create unique index blade_client_code on blade_client (client_id) where is_deleted = 0;

create table blade_user (
  id bigint primary key,
  tenant_id varchar(12) not null,
  code varchar(12),
  user_type int not null default 1, -- 1 platform account, 2 company (web) account
  account varchar(45) not null,
  password varchar(100) not null,
  name varchar(20),
  real_name varchar(10),
  avatar varchar(500),
  email varchar(45),
  phone varchar(45),
  birthday date,
  sex int,
  role_id varchar(1000),
  dept_id varchar(1000),
  post_id varchar(1000),
  enterprise_id bigint,
  fail_count int not null default 0,
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create unique index blade_user_account on blade_user (tenant_id, account) where is_deleted = 0;
select park_tenant_table('blade_user');

create table blade_role (
  id bigint primary key,
  tenant_id varchar(12) not null,
  parent_id bigint not null default 0,
  role_name varchar(255) not null,
  sort int not null default 1,
  role_alias varchar(255) not null,
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
select park_tenant_table('blade_role');

create table blade_dept (
  id bigint primary key,
  tenant_id varchar(12) not null,
  parent_id bigint not null default 0,
  ancestors varchar(2000) not null default '0',
  dept_category int not null default 1,
  dept_name varchar(45) not null,
  full_name varchar(45),
  sort int not null default 1,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
select park_tenant_table('blade_dept');

create table blade_post (
  id bigint primary key,
  tenant_id varchar(12) not null,
  category int not null default 1,
  post_code varchar(12) not null,
  post_name varchar(64) not null,
  sort int not null default 1,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
select park_tenant_table('blade_post');

-- Menus are the product's own and shared by every tenant; packages and grants narrow them.
create table blade_menu (
  id bigint primary key,
  parent_id bigint not null default 0,
  code varchar(255) not null,
  name varchar(255) not null,
  alias varchar(255),
  path varchar(255),
  source varchar(255),
  component varchar(255),
  sort int not null default 1,
  category int not null default 1, -- 1 menu, 2 button
  action int not null default 0,   -- 0 none, 1 toolbar, 2 row, 3 both
  is_open int not null default 1,  -- 1 no, 2 keep alive
  remark varchar(255),
  is_deleted int not null default 0
);
create index blade_menu_parent on blade_menu (parent_id) where is_deleted = 0;

create table blade_role_menu (
  id bigint primary key,
  menu_id bigint not null,
  role_id bigint not null
);
create index blade_role_menu_role on blade_role_menu (role_id);

create table blade_top_menu (
  id bigint primary key,
  tenant_id varchar(12) not null,
  code varchar(255) not null,
  name varchar(255) not null,
  source varchar(255),
  path varchar(255),
  sort int not null default 1,
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
select park_tenant_table('blade_top_menu');

create table blade_top_menu_setting (
  id bigint primary key,
  top_menu_id bigint not null,
  menu_id bigint not null
);
create index blade_top_menu_setting_top on blade_top_menu_setting (top_menu_id);

create table blade_dict (
  id bigint primary key,
  parent_id bigint not null default 0,
  code varchar(255) not null,
  dict_key varchar(255) not null,
  dict_value varchar(255) not null,
  sort int not null default 1,
  remark varchar(255),
  is_sealed int not null default 0,
  is_deleted int not null default 0
);
create index blade_dict_code on blade_dict (code) where is_deleted = 0;

create table blade_dict_biz (
  id bigint primary key,
  tenant_id varchar(12) not null,
  parent_id bigint not null default 0,
  code varchar(255) not null,
  dict_key varchar(255) not null,
  dict_value varchar(255) not null,
  sort int not null default 1,
  remark varchar(255),
  is_sealed int not null default 0,
  is_deleted int not null default 0
);
create index blade_dict_biz_code on blade_dict_biz (tenant_id, code) where is_deleted = 0;
select park_tenant_table('blade_dict_biz');

create table blade_param (
  id bigint primary key,
  tenant_id varchar(12) not null,
  param_name varchar(255) not null,
  param_key varchar(255) not null,
  param_value varchar(4000) not null,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index blade_param_recent on blade_param (tenant_id, create_time desc, id desc) where is_deleted = 0;
create index blade_param_key on blade_param (tenant_id, param_key text_pattern_ops) where is_deleted = 0;
select park_tenant_table('blade_param');

create table blade_scope_data (
  id bigint primary key,
  menu_id bigint not null,
  resource_code varchar(255) not null,
  scope_name varchar(255) not null,
  scope_field varchar(255),
  scope_class varchar(500),
  scope_column varchar(255) not null default 'create_dept',
  scope_type int not null default 1, -- 1 all, 2 own, 3 own dept, 4 own dept and below, 5 custom
  scope_value varchar(2000),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);

create table blade_scope_api (
  id bigint primary key,
  menu_id bigint not null,
  resource_code varchar(255) not null,
  scope_name varchar(255) not null,
  scope_path varchar(255) not null,
  scope_type int not null default 1, -- 1 system, 2 business
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);

create table blade_role_scope (
  id bigint primary key,
  scope_category int not null, -- 1 data scope, 2 api scope
  scope_id bigint not null,
  role_id bigint not null
);
create index blade_role_scope_role on blade_role_scope (role_id);

create table blade_log_api (
  id bigint primary key,
  tenant_id varchar(12) not null,
  service_id varchar(32),
  server_host varchar(255),
  server_ip varchar(255),
  env varchar(255),
  type varchar(2) not null default '1',
  title varchar(255),
  method varchar(10),
  request_uri varchar(255),
  user_agent varchar(1000),
  remote_ip varchar(255),
  method_class varchar(255),
  method_name varchar(255),
  params text,
  time varchar(64),
  create_by varchar(64),
  create_time timestamp(0) not null default localtimestamp(0)
);
create index blade_log_api_recent on blade_log_api (tenant_id, create_time desc, id desc);
select park_tenant_table('blade_log_api');

create table blade_log_error (
  id bigint primary key,
  tenant_id varchar(12) not null,
  service_id varchar(32),
  server_host varchar(255),
  server_ip varchar(255),
  env varchar(255),
  method varchar(10),
  request_uri varchar(255),
  user_agent varchar(1000),
  stack_trace text,
  exception_name varchar(255),
  message text,
  line_number int,
  remote_ip varchar(255),
  method_class varchar(255),
  file_name varchar(1000),
  method_name varchar(255),
  params text,
  create_by varchar(64),
  create_time timestamp(0) not null default localtimestamp(0)
);
create index blade_log_error_recent on blade_log_error (tenant_id, create_time desc, id desc);
select park_tenant_table('blade_log_error');

create table blade_log_usual (
  id bigint primary key,
  tenant_id varchar(12) not null,
  service_id varchar(32),
  server_host varchar(255),
  server_ip varchar(255),
  env varchar(255),
  log_level varchar(10),
  log_id varchar(100),
  log_data text,
  method varchar(10),
  request_uri varchar(255),
  remote_ip varchar(255),
  method_class varchar(255),
  method_name varchar(255),
  user_agent varchar(1000),
  params text,
  create_by varchar(64),
  create_time timestamp(0) not null default localtimestamp(0)
);
create index blade_log_usual_recent on blade_log_usual (tenant_id, create_time desc, id desc);
select park_tenant_table('blade_log_usual');

-- One row per login: refresh tokens rotate on it, logout revokes it.
create table park_auth_session (
  id bigint primary key,
  tenant_id varchar(12) not null,
  user_id bigint not null,
  client_id varchar(48) not null,
  account_type varchar(12) not null,
  refresh_jti varchar(64) not null,
  expires_at timestamp(0) not null,
  revoked_at timestamp(0),
  create_time timestamp(0) not null default localtimestamp(0)
);
create index park_auth_session_revoked on park_auth_session (expires_at) where revoked_at is not null;

create table park_secret (
  name varchar(64) primary key,
  value text not null
);

-- Which seed sets have been loaded (platform, demo), so a restart never loads one twice.
create table park_seed (
  name varchar(64) primary key,
  applied_at timestamp(0) not null default localtimestamp(0)
);
