-- The park's personnel (spec part 7 basic staff, staff-subsidy, staff-assessment,
-- staff-assessment-evaluate) and the team projects' matter comments and documents
-- (team-project-matters-comments, team-project-document). Comment and document files are
-- park_attachment rows (business_type = the owner's catalog key), as every other attachment.

create table basic_staff (
  id bigint primary key,
  tenant_id varchar(12) not null,
  staff_name varchar(64) not null,
  sex int,                                 -- dictionary sex
  phone varchar(20),
  staff_post int,                          -- dictionary staff_post
  professional_title int,                  -- dictionary professional_title
  talent_title int,                        -- dictionary talent_title
  education varchar(64),
  join_date date,
  user_id bigint,                          -- the bound park account (staff/user-bind, create-bind)
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index basic_staff_recent on basic_staff (tenant_id, create_time desc) where is_deleted = 0;
-- One account, one person: two binds racing for the same account cannot both land.
create unique index basic_staff_user on basic_staff (tenant_id, user_id) where is_deleted = 0 and user_id is not null;
select park_tenant_table('basic_staff');

create table basic_staff_subsidy (
  id bigint primary key,
  tenant_id varchar(12) not null,
  staff_id bigint not null,
  subsidy_name varchar(100) not null,
  amount numeric(18,2) not null,
  grant_date date,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index basic_staff_subsidy_staff on basic_staff_subsidy (tenant_id, staff_id) where is_deleted = 0;
create index basic_staff_subsidy_recent on basic_staff_subsidy (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('basic_staff_subsidy');

create table basic_staff_assessment (
  id bigint primary key,
  tenant_id varchar(12) not null,
  staff_id bigint not null,
  assessment_name varchar(100) not null,
  assessment_year int not null,
  assessment_date date,
  score numeric(5,1),                      -- the mean of its evaluations, kept by the server
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index basic_staff_assessment_staff on basic_staff_assessment (tenant_id, staff_id) where is_deleted = 0;
create index basic_staff_assessment_recent on basic_staff_assessment (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('basic_staff_assessment');

create table basic_staff_assessment_evaluate (
  id bigint primary key,
  tenant_id varchar(12) not null,
  assessment_id bigint not null,
  evaluator varchar(64) not null,
  score numeric(5,1) not null check (score between 0 and 100),
  content varchar(2000),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index basic_staff_assessment_evaluate_assessment
  on basic_staff_assessment_evaluate (tenant_id, assessment_id) where is_deleted = 0;
create index basic_staff_assessment_evaluate_recent
  on basic_staff_assessment_evaluate (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('basic_staff_assessment_evaluate');

create table basic_team_project_matters_comments (
  id bigint primary key,
  tenant_id varchar(12) not null,
  team_project_matters_id bigint not null,
  content varchar(2000) not null,
  comment_user bigint,                     -- the author, set by the server
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index basic_team_project_matters_comments_matter
  on basic_team_project_matters_comments (tenant_id, team_project_matters_id) where is_deleted = 0;
create index basic_team_project_matters_comments_recent
  on basic_team_project_matters_comments (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('basic_team_project_matters_comments');

create table basic_team_project_document (
  id bigint primary key,
  tenant_id varchar(12) not null,
  team_project_id bigint not null,
  document_name varchar(100) not null,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index basic_team_project_document_project
  on basic_team_project_document (tenant_id, team_project_id) where is_deleted = 0;
create index basic_team_project_document_recent
  on basic_team_project_document (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('basic_team_project_document');
