-- Team projects and their matters (spec part 1 "team projects, project matters"; part 7 basic
-- team-project, team-project-matters; desk team-project-matters todoStatistics and todoList).
-- A matter is assigned to one user (assignee); the desk counts and lists the caller's matters,
-- so the matters are indexed by (tenant_id, assignee) with the status and due date the queries read.

create table basic_team_project (
  id bigint primary key,
  tenant_id varchar(12) not null,
  project_name varchar(100) not null,
  leader bigint not null,
  enterprise_id bigint,
  start_date date,
  end_date date,
  project_status int not null default 1,   -- dictionary team_project_status
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index basic_team_project_recent on basic_team_project (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('basic_team_project');

create table basic_team_project_matters (
  id bigint primary key,
  tenant_id varchar(12) not null,
  team_project_id bigint not null,
  matter_title varchar(100) not null,
  content varchar(2000),
  assignee bigint not null,
  priority int not null default 2,         -- dictionary matter_priority
  due_date date not null,
  matter_status int not null default 0,    -- dictionary matter_status: 0 to do, 1 in progress, 2 done
  finish_time timestamp(0),                -- set by the server when the matter is done
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
-- todoStatistics counts one assignee's matters; todoList pages the open ones, oldest due first.
create index basic_team_project_matters_assignee
  on basic_team_project_matters (tenant_id, assignee, matter_status, due_date, id) where is_deleted = 0;
-- A project's matters (removing a project removes them).
create index basic_team_project_matters_project
  on basic_team_project_matters (tenant_id, team_project_id) where is_deleted = 0;
create index basic_team_project_matters_recent
  on basic_team_project_matters (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('basic_team_project_matters');

-- The desk's enterprise updates: the tenant's enterprises most recently created or changed first.
create index crm_enterprise_updated on crm_enterprise (tenant_id, update_time desc, id desc) where is_deleted = 0;
