-- The workflow design studio (spec part 7 blade-workflow design/*, issue 30): categories, forms and their
-- versions, default values, models (BPMN 2.0 XML) and their versions, who may start a model, conditions,
-- task buttons and deployments. A version is a row that is never edited: a save of a form or a model adds
-- the next one under a lock on its parent's row, and (tenant, parent, version) is unique, so two saves at
-- once can never make the same version (modules/workflow/versions.ts). Deployments copy what they run (the
-- XML and the form versions it names), so a later edit changes no deployed process.

create table wf_category (
  id bigint primary key,
  tenant_id varchar(12) not null,
  parent_id bigint not null default 0,
  ancestors varchar(2000) not null default '0',
  name varchar(64) not null,
  code varchar(64) not null,
  sort int,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create unique index wf_category_code on wf_category (tenant_id, code) where is_deleted = 0;
create index wf_category_parent on wf_category (tenant_id, parent_id) where is_deleted = 0;
select park_tenant_table('wf_category');

create table wf_form (
  id bigint primary key,
  tenant_id varchar(12) not null,
  form_key varchar(64) not null,
  name varchar(100) not null,
  category_id bigint,
  content text,                              -- the main version's FormSchema as JSON text
  version int not null default 0,            -- the main version (0: none saved yet)
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create unique index wf_form_key on wf_form (tenant_id, form_key) where is_deleted = 0;
create index wf_form_recent on wf_form (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('wf_form');

create table wf_form_history (
  id bigint primary key,
  tenant_id varchar(12) not null,
  form_id bigint not null,
  form_key varchar(64) not null,
  name varchar(100) not null,
  content text not null,
  version int not null check (version > 0),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
-- Removed versions keep their number: a new save never reuses one.
create unique index wf_form_history_version on wf_form_history (tenant_id, form_id, version);
select park_tenant_table('wf_form_history');

create table wf_form_default_values (
  id bigint primary key,
  tenant_id varchar(12) not null,
  name varchar(100) not null,
  content varchar(500) not null,             -- an expression (starter.realName)
  field_type varchar(20) not null,           -- dictionary wf_field_type
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index wf_form_default_values_recent on wf_form_default_values (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('wf_form_default_values');

create table wf_model (
  id bigint primary key,
  tenant_id varchar(12) not null,
  model_key varchar(64) not null,            -- the BPMN process id
  name varchar(100) not null,
  category_id bigint,
  icon varchar(100),
  xml text,                                  -- the main version's BPMN 2.0 XML
  version int not null default 0,            -- the main version
  description varchar(500),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create unique index wf_model_key on wf_model (tenant_id, model_key) where is_deleted = 0;
create index wf_model_recent on wf_model (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('wf_model');

create table wf_model_history (
  id bigint primary key,
  tenant_id varchar(12) not null,
  model_id bigint not null,
  model_key varchar(64) not null,
  name varchar(100) not null,
  xml text not null,
  version int not null check (version > 0),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create unique index wf_model_history_version on wf_model_history (tenant_id, model_id, version);
select park_tenant_table('wf_model_history');

create table wf_model_scope (
  id bigint primary key,
  tenant_id varchar(12) not null,
  model_id bigint not null,
  scope_type varchar(16) not null,           -- dictionary wf_scope_type
  val varchar(4000),                         -- ids, comma-joined
  text varchar(4000),                        -- their names, comma-joined
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index wf_model_scope_model on wf_model_scope (tenant_id, model_id) where is_deleted = 0;
select park_tenant_table('wf_model_scope');

create table wf_condition (
  id bigint primary key,
  tenant_id varchar(12) not null,
  name varchar(100) not null,
  expression varchar(1000) not null,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index wf_condition_recent on wf_condition (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('wf_condition');

create table wf_button (
  id bigint primary key,
  tenant_id varchar(12) not null,
  button_key varchar(32) not null,           -- dictionary wf_button_key
  name varchar(50) not null,
  display int not null default 1,            -- 1: shown on a new task by default
  sort int,
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create unique index wf_button_key on wf_button (tenant_id, button_key) where is_deleted = 0;
select park_tenant_table('wf_button');

create table wf_deployment (
  id bigint primary key,
  tenant_id varchar(12) not null,
  model_id bigint not null,
  process_key varchar(64) not null,
  name varchar(100) not null,
  category_id bigint,
  icon varchar(100),
  version int not null check (version > 0),  -- per process key: the previous deployment's + 1
  xml text not null,
  forms text not null default '[]',          -- the form versions the XML names, as deployed (JSON)
  deploy_time timestamp(0) not null default localtimestamp(0),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1 check (status in (1, 2)), -- 1 active, 2 suspended
  is_deleted int not null default 0
);
create unique index wf_deployment_version on wf_deployment (tenant_id, process_key, version);
create index wf_deployment_model on wf_deployment (tenant_id, model_id) where is_deleted = 0;
create index wf_deployment_recent on wf_deployment (tenant_id, deploy_time desc) where is_deleted = 0;
select park_tenant_table('wf_deployment');
