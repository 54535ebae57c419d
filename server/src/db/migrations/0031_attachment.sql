-- Files attached to business rows (certificates, projects, workshops, ...): one table for
-- every owner, told apart by business_type, the owner's row id in business_id.
create table park_attachment (
  id bigint primary key,
  tenant_id varchar(12) not null,
  business_type varchar(64) not null,
  business_id bigint not null,
  name varchar(255) not null,      -- the uploader's file name, shown and offered on download
  stored_name varchar(255) not null,
  link varchar(500) not null,
  extension varchar(10) not null,
  attach_size bigint not null,
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index park_attachment_owner on park_attachment (tenant_id, business_type, business_id) where is_deleted = 0;
select park_tenant_table('park_attachment');
