-- 问卷管理 (spec part 7 blade-questionnaire, issue 32): categories, forms (the workflow's FormSchema as JSON text)
-- and their versions, templates, research projects, surveys with their scopes, the answer sheets and the
-- counters behind the statistics. A version is a row never edited (modules/forms/versions.ts, as the workflow's).
-- A survey keeps the form version it was made from, and each sheet the version it was answered on.
-- The sheets are the truth (jsonb, one row per sheet); the counters are kept in the submit's transaction and a
-- recompute from the sheets proves they agree (modules/questionnaire/counters.ts).

create table qn_category (
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
create unique index qn_category_code on qn_category (tenant_id, code) where is_deleted = 0;
create index qn_category_parent on qn_category (tenant_id, parent_id) where is_deleted = 0;
select park_tenant_table('qn_category');

create table qn_form (
  id bigint primary key,
  tenant_id varchar(12) not null,
  name varchar(100) not null,
  category_id bigint,
  content text,                              -- the main version's FormSchema as JSON text
  version int not null default 0,            -- the main version (0: none saved yet)
  description varchar(1000),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1 check (status in (0, 1)), -- 1 enabled: new surveys may take it
  is_deleted int not null default 0
);
create index qn_form_recent on qn_form (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('qn_form');

create table qn_form_history (
  id bigint primary key,
  tenant_id varchar(12) not null,
  form_id bigint not null,
  name varchar(100) not null,
  content text not null,
  version int not null check (version > 0),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
-- Removed versions keep their number (a new save never reuses one) and stay readable by the surveys and
-- sheets that name them.
create unique index qn_form_history_version on qn_form_history (tenant_id, form_id, version);
select park_tenant_table('qn_form_history');

create table qn_template (
  id bigint primary key,
  tenant_id varchar(12) not null,
  name varchar(100) not null,
  category_id bigint,
  content text not null,                     -- a FormSchema as JSON text
  form_id bigint,                            -- the form it was copied from, if any
  sort int,
  description varchar(1000),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index qn_template_recent on qn_template (tenant_id, sort, create_time desc) where is_deleted = 0;
select park_tenant_table('qn_template');

create table qn_research (
  id bigint primary key,
  tenant_id varchar(12) not null,
  name varchar(100) not null,
  category_id bigint,
  leader varchar(50),
  start_date date not null,
  end_date date,
  description varchar(4000),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0,
  check (end_date is null or end_date >= start_date)
);
create index qn_research_recent on qn_research (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('qn_research');

create table qn_survey (
  id bigint primary key,
  tenant_id varchar(12) not null,
  title varchar(100) not null,
  form_id bigint not null,
  form_version int not null default 0,       -- the form's main version when the survey was made (set in its save)
  form_history_id bigint not null default 0, -- the qn_form_history row of that version
  template_id bigint,                        -- made from this template (its form is a copy of it)
  start_time timestamp(0) not null,
  end_time timestamp(0) not null,
  anonymous int not null default 0 check (anonymous in (0, 1)),
  allow_multiple int not null default 0 check (allow_multiple in (0, 1)),
  description varchar(1000),
  publish_time timestamp(0),                 -- the first enable
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 0 check (status in (0, 1)), -- 1 enabled (sent to its scope)
  is_deleted int not null default 0,
  check (end_time >= start_time)           -- the save refuses an end that is not after the start
);
create index qn_survey_recent on qn_survey (tenant_id, create_time desc) where is_deleted = 0;
create index qn_survey_template on qn_survey (tenant_id, template_id) where is_deleted = 0;
select park_tenant_table('qn_survey');

create table qn_survey_scope (
  id bigint primary key,
  tenant_id varchar(12) not null,
  survey_id bigint not null,
  scope_type varchar(16) not null,           -- dictionary wf_scope_type: user, role, dept, post, company
  val varchar(4000),                         -- ids, comma-joined (company: none is every company account)
  text varchar(4000),                        -- their names, comma-joined
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index qn_survey_scope_survey on qn_survey_scope (tenant_id, survey_id) where is_deleted = 0;
select park_tenant_table('qn_survey_scope');

create table qn_survey_data (
  id bigint primary key,
  tenant_id varchar(12) not null,
  survey_id bigint not null,
  form_id bigint not null,
  form_history_id bigint not null,           -- the version answered on
  form_version int not null,
  respondent_id bigint not null,             -- kept for every sheet, shown for none of an anonymous survey
  enterprise_id bigint,                      -- a company account's enterprise (not for an anonymous survey)
  data jsonb not null default '{}',          -- the values shown with themselves, empty ones left out
  score numeric(12, 2),                      -- when the form scores
  one_per_person int not null check (one_per_person in (0, 1)), -- the survey's rule, copied at the sheet's making
  submit_time timestamp(0),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 0 check (status in (0, 1)), -- 0 draft, 1 submitted
  is_deleted int not null default 0
);
-- One sheet per person where the survey allows no repeats, and one open draft per person in any survey: the
-- database's rule, so two submits at once can never both land.
create unique index qn_survey_data_one_per_person on qn_survey_data (tenant_id, survey_id, respondent_id)
  where one_per_person = 1 and is_deleted = 0;
create unique index qn_survey_data_one_draft on qn_survey_data (tenant_id, survey_id, respondent_id)
  where status = 0 and is_deleted = 0;
create index qn_survey_data_survey on qn_survey_data (tenant_id, survey_id, submit_time desc) where is_deleted = 0;
create index qn_survey_data_respondent on qn_survey_data (tenant_id, respondent_id, survey_id) where is_deleted = 0;
-- Cross-filters (the sheets that answered X to a question) read the sheets themselves.
create index qn_survey_data_values on qn_survey_data using gin (data jsonb_path_ops) where is_deleted = 0 and status = 1;
select park_tenant_table('qn_survey_data');

-- Per survey, question, sub-key (a matrix row, a ranked option) and option (a choice, a rating, a rank):
-- how many submitted sheets gave it, and the sum of the values (numbers, ratings) on the question's own row
-- (sub '' and option ''), whose count is the sheets that answered it. Question '' counts the sheets.
create table qn_survey_counter (
  id bigint generated by default as identity unique, -- every tenant row has an id
  tenant_id varchar(12) not null,
  survey_id bigint not null,
  question varchar(64) not null,
  sub text not null default '',
  option text not null default '',
  count bigint not null default 0,
  total numeric not null default 0,
  primary key (tenant_id, survey_id, question, sub, option)
);
select park_tenant_table('qn_survey_counter');
