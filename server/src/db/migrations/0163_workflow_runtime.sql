-- The workflow runtime (issue 31): every running process's state in rows, so any server instance continues
-- any process and a restart loses nothing (modules/workflow/engine/runtime.ts). An instance runs one
-- deployment; its tokens are where it stands (one per parallel branch, a user task's token waits for its
-- tasks, a join's tokens wait for the others); tasks are what people act on, each offered to candidates
-- until claimed; history is every act with its comment and files; copies are 抄送. Every operation locks
-- the instance row first and changes a task only `where status = 'todo'`, so a task acts once.

-- The leader of a department: the starter's leader of a process (assignee rule starterLeader).
alter table blade_dept add column leader_id bigint;

create table wf_instance (
  id bigint primary key,
  tenant_id varchar(12) not null,
  deployment_id bigint not null,
  process_key varchar(64) not null,
  process_name varchar(100) not null,
  process_version int not null,
  category_id bigint,
  serial_number varchar(32) not null,
  form_key varchar(64),
  form_version int,
  form_data jsonb not null default '{}',
  start_user bigint not null,
  start_user_name varchar(64),
  start_dept bigint,
  status varchar(12) not null default 'running' check (status in ('running', 'suspended', 'finished', 'terminated')),
  business_table varchar(64),
  business_id bigint,
  trail jsonb not null default '[]',        -- the element ids passed (nodes and flows), for the diagram
  start_time timestamp(0) not null default localtimestamp(0),
  end_time timestamp(0),
  update_time timestamp(0) not null default localtimestamp(0),
  is_deleted int not null default 0
);
create index wf_instance_starter on wf_instance (tenant_id, start_user, start_time desc) where is_deleted = 0;
create index wf_instance_status on wf_instance (tenant_id, status, start_time desc) where is_deleted = 0;
create index wf_instance_business on wf_instance (tenant_id, business_table, business_id) where business_id is not null;
select park_tenant_table('wf_instance');

-- A serial number per tenant and day: one upsert hands out the next, never the same twice.
create table wf_serial (
  tenant_id varchar(12) not null,
  day varchar(8) not null,
  last int not null,
  primary key (tenant_id, day)
);
select park_tenant_table('wf_serial');

create table wf_token (
  id bigint primary key,
  tenant_id varchar(12) not null,
  instance_id bigint not null,
  node_id varchar(64) not null,
  state varchar(8) not null check (state in ('wait', 'join')),
  queue jsonb not null default '[]',        -- a sequential 会签's signers still to come
  round bigint,                             -- the visit of its user task now waiting (a node may be visited again)
  create_time timestamp(0) not null default localtimestamp(0)
);
create index wf_token_instance on wf_token (instance_id, node_id);
select park_tenant_table('wf_token');

create table wf_task (
  id bigint primary key,
  tenant_id varchar(12) not null,
  instance_id bigint not null,
  token_id bigint not null,
  round bigint not null,                    -- its token's visit of the node: a 会签's signers share one
  node_id varchar(64) not null,
  node_name varchar(100),
  assignee bigint,                          -- null while offered to candidates (待签)
  owner bigint,                             -- a delegated task comes back to its owner
  status varchar(10) not null default 'todo' check (status in ('todo', 'done', 'cancelled')),
  pass smallint,                            -- 1 approved, 0 rejected, when done by a decision
  comment varchar(2000),
  created_by bigint,                        -- the history row whose act made this task (withdraw)
  claim_time timestamp(0),
  create_time timestamp(3) not null default localtimestamp(3),
  end_time timestamp(0),
  due_time timestamp(0),
  remind_time timestamp(0),
  reminded int not null default 0,
  timed_out int not null default 0
);
create index wf_task_todo on wf_task (tenant_id, assignee, create_time desc) where status = 'todo';
create index wf_task_done on wf_task (tenant_id, assignee, end_time desc) where status = 'done';
create index wf_task_instance on wf_task (instance_id, status);
create index wf_task_due on wf_task (due_time) where status = 'todo' and due_time is not null;
select park_tenant_table('wf_task');

create table wf_task_candidate (
  task_id bigint not null,
  tenant_id varchar(12) not null,
  kind varchar(8) not null check (kind in ('user', 'role', 'dept', 'post')),
  ref bigint not null,
  primary key (task_id, kind, ref)
);
create index wf_task_candidate_ref on wf_task_candidate (tenant_id, kind, ref, task_id);
select park_tenant_table('wf_task_candidate');

create table wf_history (
  id bigint primary key,
  tenant_id varchar(12) not null,
  instance_id bigint not null,
  task_id bigint,
  node_id varchar(64),
  node_name varchar(100),
  action varchar(16) not null,
  user_id bigint,
  user_name varchar(64),
  comment varchar(2000),
  attachments jsonb not null default '[]',
  target_name varchar(500),
  create_time timestamp(3) not null default localtimestamp(3)
);
create index wf_history_instance on wf_history (instance_id, id);
create index wf_history_user on wf_history (tenant_id, user_id, instance_id);
select park_tenant_table('wf_history');

create table wf_copy (
  id bigint primary key,
  tenant_id varchar(12) not null,
  instance_id bigint not null,
  node_name varchar(100),
  user_id bigint not null,
  from_user bigint,
  from_user_name varchar(64),
  is_read int not null default 0,
  create_time timestamp(0) not null default localtimestamp(0)
);
create index wf_copy_user on wf_copy (tenant_id, user_id, create_time desc);
select park_tenant_table('wf_copy');

-- 草稿箱: a half-filled start form, its author's alone.
create table wf_draft (
  id bigint primary key,
  tenant_id varchar(12) not null,
  process_definition_id bigint not null,      -- the deployment it starts
  process_key varchar(64) not null,
  process_name varchar(100) not null,
  form_data text not null default '{}',
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index wf_draft_user on wf_draft (tenant_id, create_user, update_time desc) where is_deleted = 0;
select park_tenant_table('wf_draft');

-- OA categories: 我的工作 gathers the processes of the workflow categories they name.
create table oa_category (
  id bigint primary key,
  tenant_id varchar(12) not null,
  name varchar(64) not null,
  workflow_category_id bigint not null,
  sort int,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index oa_category_recent on oa_category (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('oa_category');
