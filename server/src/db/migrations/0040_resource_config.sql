-- Resource and develop configuration (spec parts 1 and 7), BladeX's blade_sms, blade_oss and
-- blade_datasource: each tenant configures its own providers. SMS and OSS rows use BladeX's
-- status (1 disabled, 2 enabled), at most one enabled per tenant, so new rows start disabled.
create table blade_sms (
  id bigint primary key,
  tenant_id varchar(12) not null,
  sms_code varchar(12) not null,
  template_id varchar(64) not null,
  category int not null,           -- dictionary sms: 1 yunpian, 2 qiniu, 3 aliyun, 4 tencent
  access_key varchar(255) not null,
  secret_key varchar(255) not null,
  region_id varchar(255),
  sign_name varchar(64) not null,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index blade_sms_recent on blade_sms (tenant_id, create_time desc) where is_deleted = 0;
create unique index blade_sms_enabled on blade_sms (tenant_id) where is_deleted = 0 and status = 2;
select park_tenant_table('blade_sms');

create table blade_oss (
  id bigint primary key,
  tenant_id varchar(12) not null,
  oss_code varchar(12) not null,
  category int not null,           -- dictionary oss: 1 minio, 2 qiniu, 3 ali, 4 tencent
  endpoint varchar(255) not null,
  transform_endpoint varchar(255),
  access_key varchar(255) not null,
  secret_key varchar(255) not null,
  bucket_name varchar(255) not null,
  app_id varchar(255),
  region varchar(255),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index blade_oss_recent on blade_oss (tenant_id, create_time desc) where is_deleted = 0;
create unique index blade_oss_enabled on blade_oss (tenant_id) where is_deleted = 0 and status = 2;
select park_tenant_table('blade_oss');

create table blade_datasource (
  id bigint primary key,
  tenant_id varchar(12) not null,
  name varchar(100) not null,
  driver_class varchar(100) not null,
  url varchar(500) not null,
  username varchar(100) not null,
  password varchar(255),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index blade_datasource_recent on blade_datasource (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('blade_datasource');
